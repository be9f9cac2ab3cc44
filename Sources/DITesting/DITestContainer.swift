public import DICore

/// Per-test containers over an app's container.
///
/// Each test gets an isolating child of the app's container
/// (``DICore/DIContainer/init(isolatedFrom:)``): the test's `.test()` overrides win, every
/// `perContainer`/`perFramework`/`perPart`/`custom` instance it resolves is its own, and
/// nothing leaks into the app's container or into other tests, so tests run in parallel.
///
/// With Swift Testing, use the ``DITestContainerTrait`` trait and read ``current``:
///
/// ```swift
/// @Test(.testContainer(over: AppContainer.shared) { $0.register(StubAPI.init).as(API.self).test() })
/// func feedShowsStubbedArticles() throws {
///     let feed: Feed = try #require(DITestContainer.current).resolve()
///     #expect(feed.articles.count == 2)
/// }
/// ```
///
/// With XCTest (or anywhere), call ``make(over:overrides:)`` in `setUp`.
public enum DITestContainer {
    /// The container of the running test, set by ``DITestContainerTrait``.
    @TaskLocal public static var current: DIContainer?

    /// Makes an isolated test container over `app` and applies `overrides` to it.
    ///
    /// ```swift
    /// override func setUp() {
    ///     container = DITestContainer.make(over: app) { $0.register(StubAPI.init).as(API.self).test() }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - app: The app's container; it is never modified.
    ///   - overrides: Registrations for this test only (mark them `.test()` to win ties).
    /// - Returns: A fresh child container.
    public static func make(over app: DIContainer, overrides: (DIContainer) -> Void = { _ in }) -> DIContainer {
        let container = DIContainer(isolatedFrom: app)
        overrides(container)
        return container
    }
}

public import DICore
public import Testing

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
/// With XCTest (or anywhere), call ``make(over:sourceLocation:overrides:)`` in `setUp`.
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
    ///   - sourceLocation: Where a warning issue about the overrides is shown: by default,
    ///     this call.
    ///   - overrides: Registrations for this test only (mark them `.test()` to win ties).
    /// - Returns: A fresh child container.
    ///
    /// A `.test()` override that overrides nothing — its type, name or tag answers no request
    /// the app's registrations answer, as with a misspelled name — is a warning: a diagnostic
    /// of kind ``DICore/DIDiagnostic/Kind/misuse`` to the container's observers and, in a
    /// Swift Testing test, a warning issue of that test, at `sourceLocation`, that names the
    /// override's line.
    public static func make(
        over app: DIContainer,
        sourceLocation: SourceLocation = #_sourceLocation,
        overrides: (DIContainer) -> Void = { _ in }
    ) -> DIContainer {
        let container = DIContainer(isolatedFrom: app)
        // Those of a test container it is made over were reported when that one was made.
        let inherited = Set(container.idleTestOverrides().compactMap(\.component?.id))
        overrides(container)
        for warning in container.idleTestOverrides() where !inherited.contains(warning.component?.id ?? -1) {
            container.report(warning)
            recordWarning(warning, at: sourceLocation)
        }
        return container
    }

    /// Records `warning` as a warning issue of the running Swift Testing test, if any (issue
    /// severities came with Swift 6.3).
    private static func recordWarning(_ warning: DIDiagnostic, at sourceLocation: SourceLocation) {
        #if compiler(>=6.3)
        guard Test.current != nil else { return }
        let location = warning.component.map { " [\($0.location)]" } ?? ""
        Issue.record(Comment(rawValue: warning.message + location), severity: .warning, sourceLocation: sourceLocation)
        #endif
    }
}

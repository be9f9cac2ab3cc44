public import DICore
public import Testing

/// A Swift Testing trait that runs each test with its own container over the app's one.
///
/// Apply it to a test or a suite (each test of the suite gets a fresh container); read the
/// container from ``DITestContainer/current``.
///
/// ```swift
/// @Suite(.testContainer(over: AppContainer.shared) { $0.register(MemoryStore.init).as(Store.self).test() })
/// struct ProfileTests {
///     @Test func logoutDropsTheSession() throws { … }
/// }
/// ```
public struct DITestContainerTrait: TestTrait, SuiteTrait, TestScoping {
    /// The container the test's one is made over; `nil`: the enclosing trait's test
    /// container (``testOverrides(_:sourceLocation:)``).
    private let app: (@Sendable () -> DIContainer)?
    private let overrides: @Sendable (DIContainer) -> Void
    /// Where the trait is written: a warning about its overrides is shown there.
    private let sourceLocation: SourceLocation

    /// Every test of a suite gets its own container.
    public var isRecursive: Bool { true }

    init(
        app: (@Sendable () -> DIContainer)?,
        overrides: @escaping @Sendable (DIContainer) -> Void,
        sourceLocation: SourceLocation
    ) {
        self.app = app
        self.overrides = overrides
        self.sourceLocation = sourceLocation
    }

    /// Runs the test with ``DITestContainer/current`` set to a fresh test container.
    public func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        // A suite's scope runs once for the suite itself (testCase == nil); containers are per test.
        guard testCase != nil || !test.isSuite else {
            try await function()
            return
        }
        let base: DIContainer
        if let app {
            base = app()
        } else if let enclosing = DITestContainer.current {
            base = enclosing
        } else {
            Issue.record(
                "testOverrides needs a test container to add to: put it on a test of a suite that has a .testContainer(over:) trait, or on a suite inside one",
                sourceLocation: sourceLocation
            )
            return
        }
        let container = DITestContainer.make(over: base, sourceLocation: sourceLocation, overrides: overrides)
        try await DITestContainer.$current.withValue(container) {
            try await function()
        }
    }
}

extension Trait where Self == DITestContainerTrait {
    /// Gives each test an isolated child of `app` with `overrides` registered in it.
    ///
    /// - Parameters:
    ///   - app: The app's container (evaluated when each test starts).
    ///   - overrides: The test's own registrations, usually marked `.test()`.
    ///   - sourceLocation: Where a warning issue about the overrides is shown: by default,
    ///     where the trait is written.
    public static func testContainer(
        over app: @autoclosure @escaping @Sendable () -> DIContainer,
        _ overrides: @escaping @Sendable (DIContainer) -> Void = { _ in },
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Self {
        DITestContainerTrait(app: app, overrides: overrides, sourceLocation: sourceLocation)
    }

    /// Adds `overrides` to the test container an enclosing suite's
    /// ``testContainer(over:_:sourceLocation:)`` trait gives each test: the test's container is made over
    /// that one, so the suite's overrides still apply and the test's win over them.
    ///
    /// ```swift
    /// @Suite(.testContainer(over: AppContainer.shared) { $0.register(StubClient.init).as(HTTPClient.self).test() })
    /// struct FeedTests {
    ///     @Test(.testOverrides { $0.register { Session(user: "guest") }.test() })
    ///     func guestsSeeTheSignInBanner() throws { … }
    /// }
    /// ```
    ///
    /// A test's own `testContainer(over:)` trait instead replaces its suite's: its container is
    /// made over the app it names, with its overrides only.
    ///
    /// - Parameters:
    ///   - overrides: The test's own registrations, usually marked `.test()`.
    ///   - sourceLocation: Where a warning issue about the overrides is shown: by default,
    ///     where the trait is written.
    public static func testOverrides(
        _ overrides: @escaping @Sendable (DIContainer) -> Void,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Self {
        DITestContainerTrait(app: nil, overrides: overrides, sourceLocation: sourceLocation)
    }
}

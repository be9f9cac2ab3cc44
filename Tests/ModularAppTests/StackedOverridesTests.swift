import DITesting
import NewsReader
import Testing
import Tranquil

/// A test's `.testOverrides` adds to its suite's test container: the suite's stub client
/// and the test's guest session both apply, and the test's override wins over the suite's.
@Suite(
    .testContainer(over: app) {
        $0.register(StubClient.init).as((any HTTPClient).self).test()
        $0.register { Session(user: "suite") }.test()
    }
)
struct StackedOverridesTests {
    @Test(.testOverrides { $0.register { Session(user: "guest") }.test() })
    func aTestsOverridesAddToItsSuites() throws {
        let container = try #require(DITestContainer.current)
        let profile: ProfileRouter = container.resolve()
        #expect(profile.show() == "profile of guest")
        let login: LoginRouter = container.resolve()
        #expect(login.client is StubClient)
        // The app is untouched.
        #expect((app.resolve() as ProfileRouter).show() == "profile of ann")
    }

    @Test func aTestWithoutOverridesGetsTheSuites() throws {
        let container = try #require(DITestContainer.current)
        #expect((container.resolve() as ProfileRouter).show() == "profile of suite")
    }

    /// A test's own `.testContainer(over:)` replaces its suite's, as documented.
    @Test(.testContainer(over: app) { $0.register { Session(user: "own") }.test() })
    func aTestsOwnTestContainerReplacesItsSuites() throws {
        let container = try #require(DITestContainer.current)
        #expect((container.resolve() as ProfileRouter).show() == "profile of own")
        #expect(!((container.resolve() as LoginRouter).client is StubClient))
    }
}

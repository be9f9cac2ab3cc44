import DICore
import Testing

// A `.test()` override that overrides nothing (a misspelled name, a forgotten alias) leaves
// the app's registration in use, and the test passes against the real thing: validation
// says so.

private protocol TOClient: AnyObject {}
private final class TOLiveClient: TOClient {}
private final class TOStubClient: TOClient {}
private enum TOMainTag {}

@Suite struct TestOverrideValidationTests {
    private func app(_ register: (DIContainer) -> Void) -> DIContainer {
        let app = DIContainer()
        register(app)
        return app
    }

    private func idle(_ container: DIContainer) -> [DIDiagnostic] {
        container.makeGraph().validate().filter { $0.kind == .misuse }
    }

    @Test func aMisspelledNameIsAWarningNamingWhatIsRegistered() throws {
        let app = app { $0.register(TOLiveClient.init).as(TOClient.self, name: "main") }
        let test = DIContainer(isolatedFrom: app)
        test.register(TOStubClient.init).as(TOClient.self, name: "mian").test()
        let found = idle(test)
        #expect(found.count == 1)
        let warning = try #require(found.first)
        #expect(warning.severity == .warning)
        #expect(warning.component?.typeName == "TOStubClient")
        #expect(warning.message.contains("TOStubClient is .test() but overrides nothing"))
        #expect(warning.message.contains(#"TOClient (name: "mian")"#))
        #expect(warning.message.contains(#"registered: TOClient (name: "main") at DICoreTests/"#))
        // It changes nothing: the app's client is still the one resolved.
        #expect(test.resolve(name: "main") as TOClient is TOLiveClient)
    }

    @Test func anOverrideAnsweringATypeTwiceListsEachOtherRegistrationOnce() throws {
        let app = app { $0.register(TOLiveClient.init).as(TOClient.self, name: "main") }
        let test = DIContainer(isolatedFrom: app)
        test.register(TOStubClient.init).as(TOClient.self, name: "mian").as(TOClient.self, name: "mein").test()
        let warning = try #require(idle(test).first)
        let listed = warning.message.ranges(of: #"TOClient (name: "main") at"#).count
        #expect(listed == 1, "\(warning.message)")
    }

    @Test func aForgottenAliasIsAWarning() {
        let app = app { $0.register(TOLiveClient.init).as(TOClient.self) }
        let test = DIContainer(isolatedFrom: app)
        test.register(TOStubClient.init).test()
        #expect(idle(test).map(\.path) == [["TOStubClient"]])
    }

    @Test func anOverrideOfTheAppsRegistrationIsNotAWarning() {
        let app = app { app in
            app.register(TOLiveClient.init).as(TOClient.self)
            app.register(TOLiveClient.init).as(TOClient.self, name: "main")
            app.register(TOLiveClient.init).as(TOClient.self, tag: TOMainTag.self)
        }
        let test = DIContainer(isolatedFrom: app)
        test.register(TOStubClient.init).as(TOClient.self).test()
        test.register(TOStubClient.init).as(TOClient.self, name: "main").test()
        test.register(TOStubClient.init).as(TOClient.self, tag: TOMainTag.self).test()
        test.register(TOLiveClient.init).test()  // the type itself
        #expect(idle(test).isEmpty)
        #expect(idle(app).isEmpty)
    }

    /// An override that replaces the app's client, and also means to replace its named one
    /// but misspells the name: the named one is still the app's, so that alias is a warning.
    @Test func aMisspelledNameBesideAnAliasThatOverridesIsAWarning() throws {
        let app = app { app in
            app.register(TOLiveClient.init).as(TOClient.self)
            app.register(TOLiveClient.init).as(TOClient.self, name: "main")
        }
        let test = DIContainer(isolatedFrom: app)
        test.register(TOStubClient.init).as(TOClient.self).as(TOClient.self, name: "mian").test()
        let found = idle(test)
        #expect(found.count == 1)
        let warning = try #require(found.first)
        #expect(
            warning.message.hasPrefix(
                #"TOStubClient is .test() but overrides nothing as TOClient (name: "mian"): no other registration answers it; registered: "#
            ),
            "\(warning.message)"
        )
        #expect(warning.message.contains(#"TOClient (name: "main") at DICoreTests/"#))
        #expect(warning.path == [#"TOClient (name: "mian")"#])
        #expect(test.resolve() as TOClient is TOStubClient)
        #expect(test.resolve(name: "main") as TOClient is TOLiveClient)
    }

    /// The app's own class registered again under a misspelled name: its type is the app's,
    /// but the name overrides nothing.
    @Test func aMisspelledNameOnTheAppsOwnClassIsAWarning() {
        let app = app { $0.register(TOLiveClient.init).as(TOClient.self, name: "main") }
        let test = DIContainer(isolatedFrom: app)
        test.register { TOLiveClient() }.as(TOClient.self, name: "mian").test()
        #expect(idle(test).map(\.path) == [[#"TOClient (name: "mian")"#]])
    }

    @Test func anOverrideInTheSameContainerIsNotAWarning() {
        let container = DIContainer()
        container.register(TOLiveClient.init).as(TOClient.self)
        container.register(TOStubClient.init).as(TOClient.self).test()
        #expect(idle(container).isEmpty)
    }

    @Test func twoOverridesOfNothingAreEachAWarning() {
        let app = app { $0.register(TOLiveClient.init).as(TOClient.self, name: "main") }
        let test = DIContainer(isolatedFrom: app)
        test.register(TOStubClient.init).as(TOClient.self, name: "mian").test()
        test.register(TOStubClient.init).as(TOClient.self, name: "mian").test()
        #expect(idle(test).count == 2)
        #expect(idle(test).allSatisfy { $0.message.contains(#"only .test() registrations answer TOStubClient"#) })
    }
}

import DICore
import Testing

// A `cycle:` injection that fails fails the whole resolve, also when it belongs to an
// instance a parent keeps and makes for a child's resolve: no optional request on the way
// answers `nil` for it (at the top level, an optional request is still `nil`), as when
// one container does it all, and as validation says.

private final class ACIClient {}

private final class ACISession {
    var client: ACIClient?
}

private final class ACIScreen {
    let session: ACISession?
    init(session: ACISession?) { self.session = session }
}

private final class ACIMissing {}

/// Registered, but needs what nothing registers: an optional request of it is `nil`.
private final class ACIWidget {
    init(missing: ACIMissing) {}
}

/// Its factory asks for the session and catches the failure.
private final class ACICatcher {
    let caught: Bool
    init(caught: Bool) { self.caught = caught }
}

private final class ACIPanel {
    let catcher: ACICatcher
    let widget: ACIWidget?
    init(catcher: ACICatcher, widget: ACIWidget?) { (self.catcher, self.widget) = (catcher, widget) }
}

@Suite struct AncestorCycleInjectionFailureTests {
    /// The parent keeps the session, whose `cycle:` injection needs a client only the child
    /// registers: the parent, which makes it with its own registrations, has none.
    private func feature() -> DIContainer {
        let app = DIContainer()
        app.register(ACISession.init).lifetime(.perContainer(.single))
            .injection(cycle: true, \.client) { (client: ACIClient) in client }
        let feature = DIContainer(parent: app)
        feature.register(ACIClient.init)
        feature.register(ACIScreen.init)
        return feature
    }

    @Test func anOptionalParameterDoesNotHideIt() throws {
        let feature = feature()
        let error = #expect(throws: DIError.self) { let _: ACIScreen = try feature.tryResolve() }
        #expect(error?.kind == .notRegistered)
        #expect(error?.description.contains("ACIClient") == true)
        let errors = feature.makeGraph().validate().filter { $0.severity == .error }
        #expect(errors.map(\.kind) == [.missingDependency])
    }

    @Test func anAwaitedResolveFailsAlike() async {
        let feature = feature()
        await #expect(throws: DIError.self) { let _: ACIScreen = try await feature.tryResolve() }
    }

    @Test func aTopLevelOptionalIsStillNil() throws {
        let feature = feature()
        let screen: ACIScreen? = try feature.tryResolve()
        #expect(screen == nil)
        let session: ACISession? = try feature.tryResolve()
        #expect(session == nil)
    }

    @Test func anAwaitedTopLevelOptionalIsStillNil() async throws {
        let screen: ACIScreen? = try await feature().tryResolve()
        #expect(screen == nil)
    }

    /// The same wiring in one container, which the child's resolve now agrees with.
    @Test func oneContainerFailsTheSame() {
        let container = DIContainer()
        container.register(ACISession.init).lifetime(.perContainer(.single))
            .injection(cycle: true, \.client) { (client: ACIClient) in client }
        container.register(ACIScreen.init)
        #expect(throws: DIError.self) { let _: ACIScreen = try container.tryResolve() }
    }

    /// The failure marks only its own way out: a factory that catches it leaves the rest of
    /// the resolve as it was, where an optional request that fails is `nil` as ever.
    @Test func aCaughtFailureLeavesTheRestOfTheResolveAlone() throws {
        let feature = feature()
        feature.register(ACIWidget.init)
        feature.register { (container: DIContainer) in
            ACICatcher(caught: (try? container.tryResolve() as ACISession) == nil)
        }
        feature.register(ACIPanel.init)
        let panel: ACIPanel = try feature.tryResolve()
        #expect(panel.catcher.caught)
        #expect(panel.widget == nil)
    }
}

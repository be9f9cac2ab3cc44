import DICore
import TestSupport
import Testing

// With `.root()`, validation reports a loop that fails from some of its members when a
// resolve can start at one of those: a root may be such a member itself, off the loop the
// message shows.

private final class RLScreen {
    let parts: [Any]
    init(_ parts: Any...) { self.parts = parts }
}

private final class RLPresenter {
    let parts: [Any]
    init(_ parts: Any...) { self.parts = parts }
}

private final class RLSession {
    var sink: Any?
}

private final class RLRouter {
    let parts: [Any]
    init(_ parts: Any...) { self.parts = parts }
}

@Suite struct RootedLoopTests {
    /// The session's injection needs a screen, which needs a presenter (on the loop shown)
    /// and the router; the router needs the session. Resolving the router fails; resolving
    /// the session works.
    private func container(rooting root: Int) -> DIContainer {
        let container = DIContainer()
        container.register { (presenter: RLPresenter?, router: RLRouter?) in RLScreen(presenter as Any, router as Any) }
        let presenter = container.register { (session: RLSession) in RLPresenter(session) }
        let session = container.register(line: uniqueLine()) { RLSession() }.lifetime(.perContainer(.single))
            .injection(\.sink) { (screen: RLScreen?) -> Any? in screen }
        let router = container.register { (session: RLSession) in RLRouter(session) }
        switch root {
        case 0: router.root()
        case 1: presenter.root()
        default: session.root()
        }
        return container
    }

    @Test func aRootThatIsAFailingMemberOffTheShownLoopGetsTheError() {
        let container = container(rooting: 0)
        let error = resolveError(RLRouter.self) { () throws(DIError) in try container.tryResolve() }
        #expect(error?.kind == .cycle)
        let found = container.makeGraph().validate().filter { $0.kind == .cycle }
        #expect(found.count == 1)
        #expect(found.first?.message.contains("RLRouter") == true)
    }

    @Test func aRootOnTheLoopGetsItToo() {
        let container = container(rooting: 1)
        let error = resolveError(RLPresenter.self) { () throws(DIError) in try container.tryResolve() }
        #expect(error?.kind == .cycle)
        #expect(container.makeGraph().validate().contains { $0.kind == .cycle })
    }

    @Test func aRootEnteringAtAWorkingMemberDoesNot() throws {
        let container = container(rooting: 2)
        let session: RLSession = try container.tryResolve()
        #expect(container.makeGraph().validate().isEmpty)
        session.sink = nil  // what the screen holds holds the session: no cycle left to leak
    }
}

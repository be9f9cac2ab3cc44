import DICore
import Testing

private final class SCSession {}
private final class SCCart {
    let session: SCSession
    init(session: SCSession) { self.session = session }
}
private final class SCUnrelated {}

/// A `DIScope` belongs to no container, but its clean is reported to the observers of the
/// containers that keep its instances, as a container's clean is.
@Suite struct ScopeCleanEventTests {
    @Test func aScopesCleanIsReportedToTheContainersThatKeepItsInstances() throws {
        let scope = DIScope(name: "session")
        let container = DIContainer()
        container.register(SCSession.init).lifetime(.custom(scope))
        let log = EventLog()
        container.addObserver(log)
        let bystander = DIContainer()
        bystander.register(SCUnrelated.init).lifetime(.perContainer(.single))
        let unconcerned = EventLog()
        bystander.addObserver(unconcerned)
        let _: SCSession = container.resolve()

        log.reset()
        scope.clean()
        let cleaned = try #require(log.all.only { $0.kind == .cleaned })
        #expect(cleaned.scope == "scope session")
        #expect(cleaned.count == 1)
        #expect(!unconcerned.all.contains { $0.kind == .cleaned })

        log.reset()
        scope.clean()
        #expect(log.all.only { $0.kind == .cleaned }?.count == 0)
    }

    /// A cached holder left by the clean is warned about when it bites, as for `clean()`.
    @Test func aHolderLeftWithADroppedScopedInstanceIsACaptiveWarning() throws {
        let scope = DIScope(name: "session")
        let container = DIContainer()
        container.register(SCSession.init).lifetime(.custom(scope))
        container.register(SCCart.init).lifetime(.perContainer(.single))
        let log = EventLog()
        container.addObserver(log)
        let cart: SCCart = container.resolve()
        log.reset()
        scope.clean()
        let warning = try #require(log.all.compactMap(\.diagnostic).only { $0.kind == .captiveDependency })
        #expect(warning.message.contains("SCCart"))
        #expect(warning.message.contains("SCSession"))
        let session: SCSession = container.resolve()
        #expect(session !== cart.session)
    }

    /// An isolating container keeps copies of the scope's instances: it is told too.
    @Test func anIsolatingContainerKeepingACopyIsToldToo() throws {
        let scope = DIScope(name: "session")
        let app = DIContainer()
        app.register(SCSession.init).lifetime(.custom(scope))
        let tests = DIContainer(isolatedFrom: app)
        let log = EventLog()
        tests.addObserver(log)
        let _: SCSession = tests.resolve()
        scope.clean()
        #expect(log.all.only { $0.kind == .cleaned }?.count == 1)
    }
}

extension Array {
    /// The one element `isIncluded` accepts, if exactly one does.
    fileprivate func only(_ isIncluded: (Element) -> Bool) -> Element? {
        let found = filter(isIncluded)
        return found.count == 1 ? found[0] : nil
    }
}

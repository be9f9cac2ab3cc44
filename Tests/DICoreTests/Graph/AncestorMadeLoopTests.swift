import DICore
import TestSupport
import Testing

// An instance an ancestor container keeps is made by that ancestor with its own
// registrations, in an object graph of its own. A child's validation judges the loops of
// that making as the ancestor's graph does (a resolve from the child fails on them), and
// does not follow the child's registrations below such an instance (no loop goes there).

private final class AMLRouter {
    var sink: Any?
    let parts: [Any]
    init(_ parts: Any...) { self.parts = parts }
}

private final class AMLStore {
    var sink: Any?
    let parts: [Any]
    init(_ parts: Any...) { self.parts = parts }
}

private final class AMLClient {
    let parts: [Any]
    init(_ parts: Any...) { self.parts = parts }
}

@Suite struct AncestorMadeLoopTests {
    private func cycleErrors(_ container: DIContainer) -> [DIDiagnostic] {
        container.makeGraph().validate().filter { $0.severity == .error && $0.kind == .cycle }
    }

    /// The child overrides `AMLStore`; the parent's own, which its kept router's making
    /// uses, loops back to the router through an optional.
    @Test func aLoopInsideAnAncestorsMakingIsAnError() throws {
        let parent = DIContainer()
        let child = DIContainer(parent: parent)
        parent.register { (router: AMLRouter) in AMLStore(router) }
        child.register { AMLStore() }
        parent.register(line: uniqueLine()) { (client: AMLClient) in AMLRouter(client) }
            .lifetime(.perContainer(.single))
        parent.register { (store: AMLStore?) in AMLClient(store as Any) }
        let error = resolveError(AMLRouter.self) { () throws(DIError) in try child.tryResolve() }
        #expect(error?.kind == .cycle)
        let found = cycleErrors(child)
        #expect(found.count == 1)
        #expect(found.first?.message.hasPrefix("AMLRouter is kept by an ancestor container") == true)
        #expect(found.first?.path.contains("AMLClient") == true)
    }

    /// The child's `AMLClient` needs the parent's kept router; below the router, the parent
    /// makes its own `AMLClient`, so the child's never loops.
    @Test func theChildsRegistrationsBelowAnAncestorsInstanceMakeNoLoop() throws {
        let parent = DIContainer()
        let child = DIContainer(parent: parent)
        parent.register(line: uniqueLine()) { (store: AMLStore) in AMLRouter(store) }
            .lifetime(.perContainer(.single))
        parent.register { (client: AMLClient) in AMLStore(client) }
        parent.register { AMLClient() }
        child.register { (router: AMLRouter) in AMLClient(router) }
        #expect(cycleErrors(child).isEmpty)
        #expect(child.makeGraph().findCycles().isEmpty)
        let _: AMLRouter = try child.tryResolve()
        let _: AMLClient = try child.tryResolve()
    }

    /// A kept router holding a `Lazy` whose target loops in the parent: the `Lazy` fails on
    /// every read, though the child's own `AMLStore` would not loop.
    @Test func aLazyAnAncestorsInstanceHoldsIsJudgedAsTheAncestorMakesIt() throws {
        let parent = DIContainer()
        let child = DIContainer(parent: parent)
        parent.register(line: uniqueLine()) { (store: Lazy<AMLStore>) in AMLRouter(store) }.lifetime(.single)
        parent.register { (me: AMLStore) in AMLStore(me) }
        child.register { AMLStore() }
        let router: AMLRouter = try child.tryResolve()
        let lazy = try #require(router.parts.first as? Lazy<AMLStore>)
        let error = #expect(throws: DIError.self) { try lazy.tryValue() }
        #expect(error?.kind == .cycle)
        #expect(cycleErrors(child).count == 1)
    }

    /// An `objectGraph` router whose injection needs the parent's kept store, which needs a
    /// router: resolved in the parent the store shares the resolve's router; made by the
    /// parent for a child's resolve, it makes one of its own, whose injection loops back.
    @Test(arguments: [false, true])
    func anAncestorsMakingDoesNotShareTheChildsObjectGraph(rooted: Bool) throws {
        let parent = DIContainer()
        let child = DIContainer(parent: parent)
        let registration = parent.register { AMLRouter() }.lifetime(.objectGraph)
            .injection(\.sink) { (store: AMLStore) -> Any? in store }
        if rooted { registration.root() }
        parent.register(line: uniqueLine()) { (router: AMLRouter) in AMLStore(router) }
            .lifetime(.perContainer(.single))
        let error = resolveError(AMLRouter.self) { () throws(DIError) in try child.tryResolve() }
        #expect(error?.kind == .cycle)
        let found = cycleErrors(child)
        #expect(found.count == 1)
        #expect(found.first?.message.hasPrefix("AMLStore is kept by an ancestor container") == true)
        let router: AMLRouter = try parent.tryResolve()
        router.sink = nil  // the store holds the router: no cycle left to leak
    }

    /// A kept instance only another kept instance's making reaches is judged from there,
    /// by the ancestor's graph, not as a resolve started at it: the rooted child agrees with
    /// the rooted parent.
    @Test func anInstanceOnlyAnAncestorsMakingReachesIsNotAStart() throws {
        let parent = DIContainer()
        let child = DIContainer(parent: parent)
        parent.register(line: uniqueLine()) { AMLRouter() }.lifetime(.single)
            .injection(\.sink) { (store: AMLStore) -> Any? in store }
            .root()
        parent.register(line: uniqueLine()) { (router: AMLRouter) in AMLStore(router) }
            .lifetime(.perContainer(.single))
        #expect(cycleErrors(parent).isEmpty)
        #expect(cycleErrors(child).isEmpty)
        let router: AMLRouter = try child.tryResolve()
        router.sink = nil  // the store holds the router: no cycle left to leak
    }

    /// A loop the child's graph reports itself is not reported again for the kept instance
    /// whose making reaches it.
    @Test func aLoopIsReportedOnce() {
        let parent = DIContainer()
        let child = DIContainer(parent: parent)
        parent.register(line: uniqueLine()) { (store: Provider<AMLStore>) in AMLRouter(store) }.lifetime(.single)
        parent.register { (me: AMLStore) in AMLStore(me) }
        #expect(cycleErrors(child).count == 1)
    }
}

import DICore
import DILazy
import Testing

// A `cycle:` injection runs at the end of the whole resolve. When it fails, the resolve
// fails (a top-level optional request gives nil), and nothing it made stays cached: not
// the component the injection was for, and not a cached instance made over it meanwhile.

private final class DFEngine {}

private final class DFChild {
    var engine: DFEngine?
}

private final class DFParent {
    let child: DFChild
    init(child: DFChild) { self.child = child }
}

private final class DFScreen {
    let parent: DFParent
    init(parent: DFParent) { self.parent = parent }
}

private protocol DFSlotProtocol: AnyObject {}

private final class DFSlot: DFSlotProtocol {
    var engine: DFEngine?
}

private final class DFSlotHolder {
    let slot: any DFSlotProtocol
    init(slot: any DFSlotProtocol) { self.slot = slot }
}

@Suite struct DeferredFailureTests {
    /// `DFChild`'s `cycle:` injection needs a `DFEngine`, which is not registered (yet).
    private func wiring(parent: DILifeTime, child: DILifeTime) -> DIContainer {
        let container = DIContainer()
        container.register(DFScreen.init)
        container.register(DFParent.init).lifetime(parent)
        container.register(DFChild.init).lifetime(child)
            .injection(cycle: true, \.engine) { (engine: DFEngine) in engine }
        return container
    }

    @Test(arguments: [DILifeTime.objectGraph, .perContainer(.single)])
    func aCachedInstanceOverAFailedInjectionIsNotKept(child: DILifeTime) throws {
        let container = wiring(parent: .perContainer(.single), child: child)
        for _ in 0..<2 {
            let error = #expect(throws: DIError.self) { let _: DFParent = try container.tryResolve() }
            #expect(error?.kind == .notRegistered)
        }
        container.register(DFEngine.init)
        let parent: DFParent = container.resolve()
        #expect(parent.child.engine != nil)
        let again: DFParent = container.resolve()
        #expect(again === parent)
        if child != .objectGraph {
            let child: DFChild = container.resolve()
            #expect(child === parent.child)
        }
    }

    @Test func theErrorNamesTheWholeChain() {
        let container = wiring(parent: .objectGraph, child: .objectGraph)
        let error = #expect(throws: DIError.self) { let _: DFScreen = try container.tryResolve() }
        #expect(error?.requested == "DFEngine")
        #expect(error?.path == ["DFScreen", "DFParent", "DFChild", "DFEngine"])
    }

    @Test func aTopLevelOptionalIsNil() throws {
        let container = wiring(parent: .objectGraph, child: .objectGraph)
        let diagnostics = DiagnosticLog()
        container.addObserver(diagnostics)
        let parent: DFParent? = container.resolve()
        #expect(parent == nil)
        let warning = try #require(diagnostics.all.last)
        #expect(warning.severity == .warning)
        #expect(warning.kind == .missingDependency)
        #expect(warning.message.contains("DFParent? is nil"))
        let provider: Provider<DFParent?> = container.resolve()
        #expect(provider.value == nil)
        let tried: DFParent? = try? container.tryResolve()
        #expect(tried == nil)
    }

    @Test func anAwaitedTopLevelOptionalIsNil() async {
        let container = wiring(parent: .objectGraph, child: .objectGraph)
        let awaited: DFParent? = await container.resolve()
        #expect(awaited == nil)
    }

    @Test func aTopLevelOptionalOfACachedComponentIsNilAndNotKept() {
        let container = wiring(parent: .perContainer(.single), child: .objectGraph)
        let first: DFParent? = container.resolve()
        #expect(first == nil)
        container.register(DFEngine.init)
        let second: DFParent? = container.resolve()
        #expect(second?.child.engine != nil)
    }

    /// A `DFParent?` parameter was answered before the injection below it ran: the
    /// injection's failure fails the whole resolve, as documented.
    @Test func anOptionalParameterAnsweredBeforeTheFailureFailsTheResolve() {
        final class Holder {
            let parent: DFParent?
            init(parent: DFParent?) { self.parent = parent }
        }
        let container = wiring(parent: .objectGraph, child: .objectGraph)
        container.register(Holder.init)
        let error = #expect(throws: DIError.self) { let _: Holder = try container.tryResolve() }
        #expect(error?.kind == .notRegistered)
        #expect(error?.path == ["DeferredFailureTests.Holder", "DFParent", "DFChild", "DFEngine"])
    }

    /// The other side of the rule above: while its deferred injections wait, the resolve
    /// itself gets the cached instances it made (the injection that closes the loop needs
    /// them), sync and async.
    @Test(arguments: [false, true])
    func theDeferredInjectionGetsTheCachedInstanceMadeOverIt(awaited: Bool) async {
        final class Front {
            let back: Back
            init(back: Back) { self.back = back }
        }
        final class Back {
            var front: Front?
        }
        let container = DIContainer()
        container.register(Front.init).lifetime(.perContainer(.single))
        container.register(Back.init).lifetime(.perContainer(.single)).injection(cycle: true, \.front)
        let front: Front = awaited ? await container.resolve() : container.resolve(sync: ())
        #expect(front.back.front === front)
        let back: Back = container.resolve(sync: ())
        #expect(back === front.back)
        front.back.front = nil  // the loop the test made on purpose
    }

    /// The chain says which type each request asked for, as a failure during the making
    /// says it: `DFSlot as DFSlotProtocol`, not only the component's type.
    @Test(arguments: [false, true], [false, true])
    func theChainOfAFailedDeferredInjectionKeepsTheAliasesAskedFor(cycle: Bool, observed: Bool) {
        let container = DIContainer()
        if observed { container.addObserver(DiagnosticLog()) }
        container.register(DFSlotHolder.init)
        let slot = container.register(DFSlot.init).as(DFSlotProtocol.self)
        if cycle {
            slot.injection(cycle: true, \.engine) { (engine: DFEngine) in engine }
        } else {
            slot.injection(\.engine) { (engine: DFEngine) in engine }
        }
        let direct = #expect(throws: DIError.self) { let _: any DFSlotProtocol = try container.tryResolve() }
        #expect(direct?.path == ["DFSlot as DFSlotProtocol", "DFEngine"])
        let nested = #expect(throws: DIError.self) { let _: DFSlotHolder = try container.tryResolve() }
        #expect(nested?.path == ["DFSlotHolder", "DFSlot as DFSlotProtocol", "DFEngine"])
    }
}

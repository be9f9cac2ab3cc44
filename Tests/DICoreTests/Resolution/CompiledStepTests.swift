import DICore
import DILazy
import TestSupport
import Testing

// Compiled steps (issue 27): a plan's steps are compiled into typed code once a request is
// answered again, and the resolve runs that code where it can. What a user observes must not change: value types kept per
// resolve, a compiled request resolved inside a factory (it joins the resolve in progress),
// a plan made again after a registration, a `Lazy` that shares the graph in the middle of
// a build, a loop of initializers, and a chain deeper than any compiled code would nest on
// its own.

private struct CSSettings: Sendable, Equatable {
    let serial: Int
}

private final class CSClock: Sendable {}

private final class CSLeaf: Sendable {
    let settings: CSSettings
    let clock: CSClock
    init(settings: CSSettings, clock: CSClock) {
        self.settings = settings
        self.clock = clock
    }
}

private final class CSRoot: Sendable {
    let settings: CSSettings
    let leaf: CSLeaf
    let clock: CSClock
    init(settings: CSSettings, leaf: CSLeaf, clock: CSClock) {
        self.settings = settings
        self.leaf = leaf
        self.clock = clock
    }
}

/// Takes a `Lazy` (which shares the graph) between two parameters that are built.
private final class CSMiddleLazy: Sendable {
    let first: CSLeaf
    let lazy: Lazy<CSClock>
    let last: CSLeaf
    let clock: CSClock
    init(first: CSLeaf, lazy: Lazy<CSClock>, last: CSLeaf, clock: CSClock) {
        self.first = first
        self.lazy = lazy
        self.last = last
        self.clock = clock
    }
}

private final class CSEgg: Sendable {
    init(chicken: CSChicken) {}
}

private final class CSChicken: Sendable {
    init(egg: CSEgg) {}
}

private final class CSNest: Sendable {
    init(chicken: CSChicken) {}
}

/// Resolves a `CSLeaf` from inside its factory, through the container.
private final class CSOuter: Sendable {
    let clock: CSClock
    let leaf: CSLeaf
    init(clock: CSClock, leaf: CSLeaf) {
        self.clock = clock
        self.leaf = leaf
    }
}

/// An observer that takes every event: the resolves it watches report them.
private final class CSListener: DIObserver {
    let events = Counter()
    func receive(_ event: DIEvent) { events.increment() }
}

/// `CSLeaf` (its clock `objectGraph`), and `CSOuter`, whose factory resolves a `CSLeaf`
/// through the container.
private func outerResolvingALeaf() -> DIContainer {
    let container = DIContainer()
    container.register { CSSettings(serial: 1) }
    container.register(CSClock.init).lifetime(.objectGraph)
    container.register(CSLeaf.init)
    container.register { (clock: CSClock, container: DIContainer) in
        CSOuter(clock: clock, leaf: container.resolve())
    }
    return container
}

@Suite struct CompiledStepTests {
    @Test func aValueTypeInTheGraphIsMadeOncePerResolve() {
        let serial = Counter()
        let container = DIContainer()
        container.register { CSSettings(serial: serial.increment()) }.lifetime(.objectGraph)
        container.register(CSClock.init).lifetime(.objectGraph)
        container.register(CSLeaf.init)
        container.register(CSRoot.init)
        // The first resolve follows the plan, the second compiles it, the third runs it compiled.
        let roots: [CSRoot] = (0..<3).map { _ in container.resolve() }
        for root in roots {
            #expect(root.settings == root.leaf.settings)
            #expect(root.leaf.clock === root.clock)
        }
        #expect(Set(roots.map(\.settings.serial)) == [1, 2, 3])
        #expect(serial.value == 3)
    }

    /// A request whose answer is compiled, resolved from inside a factory, joins the
    /// resolve in progress: it shares that resolve's `objectGraph` instances.
    @Test(arguments: [false, true])
    func aCompiledRequestResolvedInsideAFactoryJoinsTheResolveInProgress(observed: Bool) {
        let container = outerResolvingALeaf()
        if observed { container.addObserver(CSListener()) }
        // Answered three times from outside: compiled, and run compiled.
        let leaves: [CSLeaf] = (0..<3).map { _ in container.resolve() }
        #expect(leaves[1].clock !== leaves[2].clock)
        for _ in 0..<3 {
            let outer: CSOuter = container.resolve()
            #expect(outer.leaf.clock === outer.clock)
        }
    }

    /// The same from an async resolve, whose synchronous factory resolves the compiled request.
    @Test func aCompiledRequestResolvedInsideAFactoryOfAnAsyncResolveJoinsIt() async {
        let container = outerResolvingALeaf()
        // From synchronous code: the answer is compiled, and runs compiled.
        let resolveLeaf: () -> CSLeaf = { container.resolve() }
        for _ in 0..<3 { _ = resolveLeaf() }
        for _ in 0..<3 {
            let outer: CSOuter = await container.resolve()
            #expect(outer.leaf.clock === outer.clock)
        }
    }

    @Test func aFailedResolveLeavesNothingBehindAndARegistrationMakesANewPlan() {
        let container = DIContainer()
        container.register(CSClock.init).lifetime(.objectGraph)
        container.register(CSLeaf.init)
        container.register(CSRoot.init)
        let error = resolveError(CSRoot.self) { () throws(DIError) in try container.tryResolve() }
        #expect(error?.kind == .notRegistered)
        #expect(error?.path == ["CSRoot", "CSSettings"])
        container.register { CSSettings(serial: 7) }
        for _ in 0..<3 {
            let root: CSRoot = container.resolve()
            #expect(root.leaf.settings.serial == 7)
            #expect(root.leaf.clock === root.clock)
        }
    }

    @Test(arguments: [false, true])
    func aLazyInTheMiddleOfABuildSharesWhatCameBeforeAndAfter(observed: Bool) {
        let container = DIContainer()
        if observed { container.addObserver(CSListener()) }
        container.register { CSSettings(serial: 1) }.lifetime(.objectGraph)
        container.register(CSClock.init).lifetime(.objectGraph)
        container.register(CSLeaf.init).lifetime(.objectGraph)
        container.register(CSMiddleLazy.init)
        for _ in 0..<3 {
            let root: CSMiddleLazy = container.resolve()
            #expect(root.first === root.last)
            #expect(root.first.clock === root.clock)
            #expect(root.lazy.value === root.clock)
        }
    }

    @Test(arguments: [false, true])
    func aLoopOfInitializersIsReportedWithItsChain(observed: Bool) {
        let container = DIContainer()
        if observed { container.addObserver(CSListener()) }
        container.register(CSEgg.init)
        container.register(CSChicken.init)
        container.register(CSNest.init)
        for _ in 0..<2 {
            let error = resolveError(CSNest.self) { () throws(DIError) in try container.tryResolve() }
            #expect(error?.kind == .cycle)
            #expect(error?.path == ["CSNest", "CSChicken", "CSEgg", "CSChicken"])
        }
    }

    /// A compiled root answers the type it was asked for: the registered type straight
    /// from its code, an alias (a protocol, a base class) through a cast of the same
    /// instance, each remembered for its own type.
    @Test func aCompiledRootAnswersItsTypeAndEachAlias() {
        let container = DIContainer()
        container.register(CSClock.init).lifetime(.objectGraph)
        container.register(CSAliased.init).as(CSNamed.self).as(CSBase.self).lifetime(.prototype)
        // The first resolve follows the plan, the second compiles it, the rest run it compiled.
        for round in 0..<4 {
            let own: CSAliased = container.resolve()
            let named: CSNamed = container.resolve()
            let base: CSBase = container.resolve()
            #expect(own.name == "aliased", "round \(round)")
            #expect(named.name == "aliased")
            #expect(base is CSAliased)
            #expect(own !== base && (named as? CSAliased) !== own, "a prototype is made per resolve")
        }
    }
}

private protocol CSNamed: Sendable {
    var name: String { get }
}

private class CSBase: @unchecked Sendable {}

private final class CSAliased: CSBase, CSNamed, @unchecked Sendable {
    let clock: CSClock
    let name = "aliased"
    init(clock: CSClock) { self.clock = clock }
}

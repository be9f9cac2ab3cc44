import DICore
import Foundation
import TestSupport
import Testing

// From its second time on, `await container.resolve()` of a graph that awaits nothing
// (synchronous, nonisolated factories; cached components included) runs as a synchronous
// resolve. It must answer as the async way would: cached instances made once, `objectGraph`
// instances shared within a resolve and not between, and an instance another resolve is
// making waited for (by suspending), never a `requiresAsync` error.

private final class APClock: Sendable {
    init(_ hold: FactoryHold, made: Counter) {
        hold.pass()
        made.increment()
    }
}

private final class APStore: Sendable {
    let clock: APClock
    init(clock: APClock, made: Counter) {
        self.clock = clock
        made.increment()
    }
}

private final class APLeaf: Sendable {}

private final class APView: Sendable {
    let store: APStore
    let leaf: APLeaf
    let nested: APLeaf
    init(store: APStore, leaf: APLeaf, nested: APLeaf) {
        self.store = store
        self.leaf = leaf
        self.nested = nested
    }
}

private final class APPool: Sendable {
    init(made: Counter) async { made.increment() }
}

private final class APClient: Sendable {
    let pool: APPool
    let leaf: APLeaf
    init(pool: APPool, leaf: APLeaf) {
        self.pool = pool
        self.leaf = leaf
    }
}

/// Needs the pool if there is one.
private final class APMaybe: Sendable {
    let pool: APPool?
    init(pool: APPool?) { self.pool = pool }
}

/// A prototype counting its makings, beside the pool.
private final class APRow: Sendable {
    init(made: Counter) { made.increment() }
}

private final class APPair: Sendable {
    let row: APRow
    let pool: APPool
    init(row: APRow, pool: APPool) {
        self.row = row
        self.pool = pool
    }
}

/// A cached service counting its makings, and what needs it after one held back: with a
/// `cycle:` injection, or made inside an injection.
private final class APService: Sendable {
    init(made: Counter) { made.increment() }
}

private final class APBusy: Sendable {
    init(hold: FactoryHold) { hold.pass() }
}

private final class APServiceUser: @unchecked Sendable {
    // @unchecked Sendable: set once, by its injection, before anyone else sees it.
    var service: APService?
}

private final class APAfterService: Sendable {
    init(service: APService, busy: APBusy) {}
}

private final class APAfterUser: Sendable {
    init(user: APServiceUser, busy: APBusy) {}
}

/// A prototype with `cycle:` work, and a cached instance holding it, before the busy one.
private final class APCycler: Sendable {}

private final class APHolder: Sendable {
    init(cycler: APCycler, made: Counter) { made.increment() }
}

private final class APAfterHolder: Sendable {
    init(holder: APHolder, busy: APBusy) {}
}

/// A prototype built before a cached leaf.
private final class APRowThenLeaf: Sendable {
    init(row: APRow, leaf: APLeaf) {}
}

/// An `objectGraph` component a cached one and a later injection both need.
private final class APShared: Sendable {}

private final class APSharedKeeper: Sendable {
    let shared: APShared
    init(shared: APShared) { self.shared = shared }
}

private final class APSharedReader: @unchecked Sendable {
    // @unchecked Sendable: set once, by its injection, before anyone else sees it.
    var shared: APShared?
}

private final class APSharedRoot: @unchecked Sendable {
    // @unchecked Sendable: set once, by its injections, before anyone else sees it.
    let keeper: APSharedKeeper?
    var reader: APSharedReader?
    var later: Lazy<APShared>?
    init(keeper: APSharedKeeper?) { self.keeper = keeper }
}

/// Counts what the scenarios wait for.
private final class APSignals: DIObserver, Sendable {
    private let seen = LockedValue<[(kind: DIEvent.Kind, depth: Int, request: String)]>([])

    func receive(_ event: DIEvent) {
        seen.withLock { $0.append((event.kind, event.depth, event.request ?? "")) }
    }

    /// How many `kind` events were about a request for `type` at `depth`.
    func count<T>(_ kind: DIEvent.Kind, _ type: T.Type, depth: Int) -> Int {
        let name = String(describing: T.self)
        return seen.value.count { $0.kind == kind && $0.depth == depth && $0.request.contains(name) }
    }

    /// Whether the awaited resolve asked for `type` at `depth` and is now waiting for it:
    /// the async way asks once and suspends; a synchronous try asks, gives up (a `failed`
    /// event) and asks again the async way. Either way may run: answers are remembered only
    /// while no container anywhere registers anything, and other tests run meanwhile.
    func isWaiting<T>(for type: T.Type, depth: Int) -> Bool {
        let asked = count(.resolveStarted, T.self, depth: depth)
        return count(.failed, T.self, depth: depth) == 0 ? asked >= 1 : asked >= 2
    }
}

/// A container whose view needs a cached store, which needs a cached clock whose factory
/// can be held; every wait suspends, so that the tasks have the cooperative pool.
private struct APScene {
    let container = DIContainer()
    let hold = FactoryHold()
    let clocksMade = Counter()
    let storesMade = Counter()
    let signals = APSignals()

    init() {
        let (hold, clocksMade, storesMade) = (hold, clocksMade, storesMade)
        container.register { APClock(hold, made: clocksMade) }.lifetime(.perContainer(.weak))
        container.register { (clock: APClock) in APStore(clock: clock, made: storesMade) }
            .lifetime(.perContainer(.weak))
        container.register(APLeaf.init).lifetime(.objectGraph)
        container.register { [unowned container] (store: APStore, leaf: APLeaf) in
            APView(store: store, leaf: leaf, nested: container.resolve(sync: ()))
        }
    }

    /// Resolves the view once, so that its answer is remembered, and lets its cached
    /// instances go: the next awaited resolve tries synchronously, and finds them to make.
    func rememberTheViewAndEmptyItsCells() {
        weak var store: APStore?
        do {
            let view: APView = container.resolve(sync: ())
            store = view.store
        }
        #expect(store == nil)
        container.addObserver(signals)
        hold.armed.value = true
    }

    /// Starts a thread that resolves the clock, and returns once its factory holds it.
    func startMakingTheClockOnAThread() async -> Collected<APClock> {
        let clocks = Collected<APClock>()
        Thread { [container] in clocks.append(container.resolve(sync: ())) }.start()
        await eventually { hold.entered.value == 1 }
        return clocks
    }

    /// Starts a task that awaits a `T`, and collects it.
    func awaitInATask<T: Sendable>(_ type: T.Type) -> Collected<T> {
        let results = Collected<T>()
        Task.detached { [container] in results.append(await container.resolve() as T) }
        return results
    }
}

@Suite struct AwaitedSynchronousPlanTests {
    @Test func anAwaitedGraphWithCachedInstancesMakesThemOnceAndSharesItsGraphPerResolve() async {
        let scene = APScene()
        var views: [APView] = []
        var kinds: [[DIEvent.Kind]] = []
        for _ in 0..<3 {
            let log = EventLog()
            scene.container.addObserver(log)
            views.append(await scene.container.resolve())
            scene.container.removeObserver(log)
            kinds.append(log.all.map(\.kind))
        }
        #expect(views[0].store === views[1].store)
        #expect(views[1].store === views[2].store)
        #expect(scene.storesMade.value == 1)
        #expect(scene.clocksMade.value == 1)
        for view in views { #expect(view.nested === view.leaf) }
        #expect(views[0].leaf !== views[1].leaf)
        #expect(views[1].leaf !== views[2].leaf)
        // The first made the cached instances; the next two found them, the same way.
        #expect(kinds[1] == kinds[2])
        #expect(kinds[1].filter { $0 == .made }.count == 2)
        #expect(!kinds[1].contains(.failed))
    }

    /// An `async` singleton, once made, is found like any cached instance: the graph
    /// around it needs no `await` from then on.
    @Test func anAwaitedGraphWithAnAsyncSingletonMakesItOnce() async {
        let made = Counter()
        let container = DIContainer()
        container.register { () async in await APPool(made: made) }.lifetime(.perContainer(.single))
        container.register(APLeaf.init).lifetime(.objectGraph)
        container.register(APClient.init)
        var clients: [APClient] = []
        for _ in 0..<3 { clients.append(await container.resolve()) }
        let synchronous: APClient = container.resolve(sync: ())
        #expect(made.value == 1)
        #expect(allIdentical(clients.map(\.pool) + [synchronous.pool]))
        #expect(clients[1].leaf !== clients[2].leaf)
    }

    /// The clock is being made by a synchronous resolve on another thread: the awaited
    /// resolve must not block its thread for it (a synchronous try gives up) but await it.
    @Test func anAwaitedResolveWaitsForAnInstanceAThreadIsMaking() async {
        let scene = APScene()
        scene.rememberTheViewAndEmptyItsCells()
        let clocks = await scene.startMakingTheClockOnAThread()
        let views = scene.awaitInATask(APView.self)
        await eventually { scene.signals.isWaiting(for: APClock.self, depth: 2) }
        scene.hold.released.signal()
        await eventually { !views.values.isEmpty && !clocks.values.isEmpty }
        #expect(views.values.first?.store.clock === clocks.values.first)
        #expect(scene.clocksMade.value == 2)
        #expect(scene.storesMade.value == 2)
    }

    /// The store is being made by an async resolve (which awaits the clock a thread is
    /// making): the awaited resolve must await the same store, not fail.
    @Test func anAwaitedResolveWaitsForAnInstanceAnAsyncResolveIsMaking() async {
        let scene = APScene()
        scene.rememberTheViewAndEmptyItsCells()
        let clocks = await scene.startMakingTheClockOnAThread()
        let stores = scene.awaitInATask(APStore.self)
        await eventually { scene.signals.count(.resolveStarted, APClock.self, depth: 1) > 0 }
        let views = scene.awaitInATask(APView.self)
        await eventually { scene.signals.isWaiting(for: APStore.self, depth: 1) }
        scene.hold.released.signal()
        await eventually { !views.values.isEmpty && !stores.values.isEmpty }
        #expect(views.values.first?.store === stores.values.first)
        #expect(stores.values.first?.clock === clocks.values.first)
        #expect(scene.clocksMade.value == 2)
        #expect(scene.storesMade.value == 2)
    }

    /// An async singleton a clean dropped (or a weak one let go) needs an await to make
    /// again: that is no failure of an optional request for it, which gets the new one.
    /// On the main actor, so that the awaited resolves remember and look up their answers
    /// in one thread's stripe; a round counts when no registration anywhere (another test)
    /// made the remembered plan stale, so that the second resolve ran it.
    @MainActor
    @Test(arguments: [false, true])
    func anOptionalAsyncInstanceToMakeAgainIsMadeNotNil(weakly: Bool) async {
        let container = DIContainer()
        container.register { () async in await APPool(made: Counter()) }
            .lifetime(weakly ? .perContainer(.weak) : .perContainer(.single))
        container.register(APMaybe.init)
        var quietRounds = 0
        for _ in 0..<200 where quietRounds < 5 {
            let registry = Epochs.registryNow
            #expect(await Self.resolvesAPool(container))  // remembers the plan; the pool goes
            if !weakly { container.clean() }
            #expect(await Self.resolvesAPool(container), "an awaited resolve answered nil for an instance to make")
            if Epochs.registryNow == registry { quietRounds += 1 }
        }
    }

    /// Whether an awaited resolve of an `APMaybe` got a pool; nothing of it is kept.
    @MainActor
    private static func resolvesAPool(_ container: DIContainer) async -> Bool {
        let maybe: APMaybe = await container.resolve()
        return maybe.pool != nil
    }

    /// An awaited resolve that finds a cached instance to make again (an async singleton, or
    /// a synchronous one, which its synchronous try does not make either) goes the async way
    /// before building anything: the prototype beside it is made once per resolve.
    @MainActor
    @Test(arguments: [true, false])
    func aPrototypeBesideACachedInstanceToMakeAgainIsBuiltOncePerResolve(asyncInstance: Bool) async {
        let rows = Counter()
        let container = DIContainer()
        container.register { APRow(made: rows) }
        if asyncInstance {
            container.register { () async in await APPool(made: Counter()) }.lifetime(.perContainer(.single))
            container.register(APPair.init)
        } else {
            container.register(APLeaf.init).lifetime(.perContainer(.single))
            container.register(APRowThenLeaf.init)
        }
        var quietRounds = 0
        for _ in 0..<200 where quietRounds < 5 {
            let registry = Epochs.registryNow
            let before = rows.value
            await Self.resolveTwiceAroundAClean(container, asyncInstance: asyncInstance)
            #expect(rows.value - before == 2, "a resolve built its prototype twice")
            if Epochs.registryNow == registry { quietRounds += 1 }
        }
    }

    @MainActor
    private static func resolveTwiceAroundAClean(_ container: DIContainer, asyncInstance: Bool) async {
        if asyncInstance {
            let _: APPair = await container.resolve()
            container.clean()
            let _: APPair = await container.resolve()
        } else {
            let _: APRowThenLeaf = await container.resolve()
            container.clean()
            let _: APRowThenLeaf = await container.resolve()
        }
    }

    /// The synchronous try of an awaited resolve makes a cached instance it holds back (a
    /// service with a `cycle:` injection, one made inside an injection, a holder whose
    /// dependency has `cycle:` work), then meets the instance a thread is making and gives
    /// up for the async way: each is made once all the same, the try stopping before it
    /// makes one it could not keep.
    @MainActor
    @Test(arguments: ["cycle work", "inside an injection", "a dependency's cycle work"])
    func anAwaitedResolveThatGivesUpMakesNoKeptInstanceTwice(heldBack: String) async {
        var quietRounds = 0
        for _ in 0..<50 where quietRounds < 3 {
            let registry = Epochs.registryNow
            let (container, services, hold) = (DIContainer(), Counter(), FactoryHold())
            container.register { APService(made: services) }.lifetime(.perContainer(.single))
                .injection(cycle: true) { (_: APService, _: APLeaf) in }
            container.register { APBusy(hold: hold) }.lifetime(.perContainer(.single))
            container.register(APLeaf.init)
            container.register(APServiceUser.init).injection { $0.service = $1 }
            container.register(APCycler.init).injection(cycle: true) { (_: APCycler, _: APLeaf) in }
            container.register(APAfterService.init)
            container.register(APAfterUser.init)
            container.register { APHolder(cycler: $0, made: services) }.lifetime(.perContainer(.single))
            container.register(APAfterHolder.init)
            let resolve: @MainActor () async -> Void =
                switch heldBack {
                case "cycle work": { let _: APAfterService = await container.resolve() }
                case "inside an injection": { let _: APAfterUser = await container.resolve() }
                default: { let _: APAfterHolder = await container.resolve() }
                }
            await resolve()  // remembers the plan
            container.clean()
            let signals = APSignals()
            hold.armed.value = true
            Thread { let _: APBusy = container.resolve(sync: ()) }.start()
            await Self.untilHeld(hold)
            container.addObserver(signals)
            Thread {
                while !signals.isWaiting(for: APBusy.self, depth: 1) { Thread.sleep(forTimeInterval: 0.001) }
                hold.released.signal()
            }.start()
            let before = services.value
            await resolve()
            #expect(services.value - before == 1, "an awaited resolve made a perContainer instance twice")
            if Epochs.registryNow == registry { quietRounds += 1 }
        }
    }

    private static func untilHeld(_ hold: FactoryHold) async {
        await eventually { hold.entered.value == 1 }
    }

    /// The synchronous try of an awaited resolve does not make the cached keeper, whose
    /// `objectGraph` instance would be the try's: had it kept the keeper and given up later
    /// (at the `Lazy`), the async way's reader would hold another instance of it.
    @MainActor
    @Test func anAwaitedResolveHandsOutOneInstanceOfAnObjectGraphComponent() async throws {
        var quietRounds = 0
        for _ in 0..<50 where quietRounds < 3 {
            let registry = Epochs.registryNow
            let container = DIContainer()
            container.register(APShared.init).lifetime(.objectGraph)
            container.register(APSharedKeeper.init).lifetime(.perContainer(.single))
            container.register(APSharedReader.init).lifetime(.objectGraph)
                .injection { (reader: APSharedReader, shared: APShared) in reader.shared = shared }
            container.register(APSharedRoot.init)
                .injection { (root: APSharedRoot, later: Lazy<APShared>) in root.later = later }
                .injection { (root: APSharedRoot, reader: APSharedReader) in root.reader = reader }
            let _: APSharedRoot = container.resolve(sync: ())  // remembers the plan
            container.clean()
            let root: APSharedRoot = try await container.tryResolve()
            let kept = try #require(root.keeper?.shared)
            #expect(kept === root.reader?.shared, "one awaited resolve handed out two instances of an objectGraph one")
            if Epochs.registryNow == registry { quietRounds += 1 }
        }
    }
}

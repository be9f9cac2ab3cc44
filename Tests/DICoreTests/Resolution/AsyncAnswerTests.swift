import DICore
import TestSupport
import Testing

// `await container.resolve()` of a cached component answers from what the container
// remembered, as a synchronous resolve does: the same instance, its factory run once, the
// answer dropped by `clean()` and retired by a registration, and the same events.

private final class AAStore: Sendable {
    init(made: Counter) { made.increment() }
}

private final class AAFeed: Sendable {
    let store: AAStore
    init(store: AAStore) async { self.store = store }
}

private final class AAMissing: Sendable {}

private final class AALeaf: Sendable {}

private final class AAMiddle: Sendable {
    let leaf: AALeaf
    init(leaf: AALeaf) { self.leaf = leaf }
}

private final class AATop: Sendable {
    let middle: AAMiddle
    let leaf: AALeaf
    let nested: AALeaf
    init(middle: AAMiddle, leaf: AALeaf, nested: AALeaf) {
        self.middle = middle
        self.leaf = leaf
        self.nested = nested
    }
}

@Suite struct AsyncAnswerTests {
    @Test func aCachedComponentResolvedWithAwaitIsMadeOnceAndDroppedByClean() async {
        let made = Counter()
        let container = DIContainer()
        container.register { AAStore(made: made) }.lifetime(.perContainer(.single))
        let first: AAStore = await container.resolve()
        let again: AAStore = await container.resolve()
        let synchronous: AAStore = container.resolve(sync: ())
        #expect(first === again)
        #expect(first === synchronous)
        #expect(made.value == 1)

        container.clean()
        let afterClean: AAStore = await container.resolve()
        #expect(afterClean !== first)
        #expect(made.value == 2)
    }

    @Test func anAsyncComponentsSingletonIsAnsweredFromMemoryAfterItsFirstResolve() async throws {
        let made = Counter()
        let container = DIContainer()
        container.register { AAStore(made: made) }.lifetime(.perContainer(.single))
        container.register { (store: AAStore) async in await AAFeed(store: store) }.lifetime(.perContainer(.single))
        let first: AAFeed = try await container.tryResolve()
        let again: AAFeed = try await container.tryResolve()
        #expect(first === again)
        #expect(first.store === again.store)
        #expect(made.value == 1)
    }

    @Test func aRegistrationAfterAnAwaitedResolveChangesTheNextAnswer() async {
        let container = DIContainer()
        let nothing: AAMissing? = await container.resolve()
        #expect(nothing == nil)
        let stillNothing: AAMissing? = await container.resolve()
        #expect(stillNothing == nil)

        container.register(AAMissing.init).lifetime(.perContainer(.single))
        let found: AAMissing? = await container.resolve()
        #expect(found != nil)
        let same: AAMissing? = await container.resolve()
        #expect(same === found)
    }

    /// The first awaited resolve takes the async way; from the second on, a graph of
    /// synchronous factories runs as a synchronous resolve does: each must share one
    /// `objectGraph` instance within a resolve (also with a resolve a factory makes), none
    /// between resolves, and report the same events.
    @Test func anAwaitedGraphOfSynchronousFactoriesIsTheSameGraphEveryTime() async {
        let container = DIContainer()
        container.register(AALeaf.init).lifetime(.objectGraph)
        container.register(AAMiddle.init).lifetime(.objectGraph)
        container.register { [unowned container] (middle: AAMiddle, leaf: AALeaf) in
            AATop(middle: middle, leaf: leaf, nested: container.resolve(sync: ()))
        }
        var kinds: [[DIEvent.Kind]] = []
        var tops: [AATop] = []
        for _ in 0..<3 {
            let log = EventLog()
            container.addObserver(log)
            let top: AATop = await container.resolve()
            container.removeObserver(log)
            tops.append(top)
            kinds.append(log.all.map(\.kind))
        }
        for top in tops {
            #expect(top.middle.leaf === top.leaf)
            #expect(top.nested === top.leaf)
        }
        #expect(tops[0].leaf !== tops[1].leaf)
        #expect(tops[1].leaf !== tops[2].leaf)
        #expect(kinds[1] == kinds[0])
        #expect(kinds[2] == kinds[0])
        #expect(kinds[0].filter { $0 == .made }.count == 3)
    }

    @Test func aRememberedAnswerIsReportedAsTheResolveThatFoundItWould() async {
        let made = Counter()
        let container = DIContainer()
        container.register { AAStore(made: made) }.lifetime(.perContainer(.single))
        let _: AAStore = await container.resolve()
        let log = EventLog()
        container.addObserver(log)
        let _: AAStore = await container.resolve()
        let _: AAStore = await container.resolve()
        let kinds = log.all.map(\.kind)
        #expect(kinds.filter { $0 == .reused }.count == 2)
        #expect(kinds.filter { $0 == .made }.isEmpty)
        #expect(kinds.filter { $0 == .resolveFinished }.count == 2)
        #expect(made.value == 1)
    }
}

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

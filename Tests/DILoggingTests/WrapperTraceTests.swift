import DICore
import DILazy
import DILogging
import Testing

// A top-level request for a wrapper — every component through `many`, a `Lazy`, a
// `Provider` — is one trace, whose root is that request, with the requests it made inside;
// and a resolve a factory makes from the same container is a part of its resolve's trace.

private final class WTItem {}
private final class WTDatabase {}

private final class WTScreen {
    let database: WTDatabase
    init(container: DIContainer) { database = container.resolve() }
}

private final class WTSession: Sendable {}
private final class WTStore: Sendable {
    let session: WTSession
    init(session: WTSession) { self.session = session }
}
private final class WTFeed: Sendable {
    let store: WTStore
    let session: WTSession
    init(store: WTStore, session: WTSession) {
        self.store = store
        self.session = session
    }
}

@Suite struct WrapperTraceTests {
    private func twoItems() -> (DIContainer, DITraceRecorder) {
        let container = DIContainer()
        container.register(WTItem.init)
        container.register(WTItem.init)
        let recorder = DITraceRecorder()
        container.addObserver(recorder)
        return (container, recorder)
    }

    @Test func aManyIsOneTraceWithAnElementPerComponent() throws {
        let (container, recorder) = twoItems()
        let items: [WTItem] = container.resolveMany()
        #expect(items.count == 2)
        let trace = try #require(recorder.traces.only)
        #expect(trace.root.outcome == .skipped)
        // Handed out, not an optional's nil.
        #expect(trace.root.summary.hasPrefix("resolve [WTItem] → handed out "))
        #expect(trace.root.children.map(\.request) == ["WTItem", "WTItem"])
        #expect(trace.root.children.allSatisfy { $0.outcome == .made })
    }

    @Test func anAwaitedManyIsOneTraceToo() async throws {
        let (container, recorder) = twoItems()
        let awaited: [WTItem] = await container.resolveMany()
        #expect(awaited.count == 2)
        #expect(try #require(recorder.traces.only).root.children.count == 2)
    }

    @Test func aLazyHandedOutIsTheTraceItsValueLinksTo() throws {
        let container = DIContainer()
        container.register(WTDatabase.init)
        let recorder = DITraceRecorder()
        container.addObserver(recorder)
        let lazy: Lazy<WTDatabase> = container.resolve()
        let handedOut = try #require(recorder.traces.only)
        #expect(handedOut.root.outcome == .skipped)
        #expect(handedOut.root.summary.hasPrefix("resolve Lazy<WTDatabase> → handed out "))
        _ = lazy.value
        #expect(recorder.traces.count == 2)
        let later = try #require(recorder.traces.last)
        #expect(later.linkedTraceID == handedOut.traceID)
        #expect(later.root.request == "WTDatabase")
    }

    @Test func aFailedWrapperIsAFailedTraceWithTheSameError() throws {
        let container = DIContainer()
        let recorder = DITraceRecorder()
        container.addObserver(recorder)
        let observed = #expect(throws: DIError.self) { let _: Provider<WTDatabase> = try container.tryResolve() }
        let unobserved = #expect(throws: DIError.self) {
            let _: Provider<WTDatabase> = try DIContainer().tryResolve()
        }
        #expect(observed?.path == unobserved?.path)
        #expect(try #require(recorder.traces.only).root.outcome == .failed)
    }

    @Test func aResolveMadeByAFactoryIsAPartOfItsTrace() throws {
        let container = DIContainer()
        container.register(WTDatabase.init)
        container.register(WTScreen.init)
        let recorder = DITraceRecorder()
        container.addObserver(recorder)
        let lines = Lines()
        container.addObserver(DIConsoleLogger(level: .info) { lines.append($0) })
        let _: WTScreen = container.resolve()
        let trace = try #require(recorder.traces.only)
        #expect(trace.root.request == "WTScreen")
        #expect(trace.root.children.map(\.request) == ["WTDatabase"])
        #expect(lines.all.count == 1)
    }

    /// An async factory's own awaited resolves are parts of its resolve's trace too (they
    /// share its `objectGraph` instances); only its child tasks' run beside it, in traces
    /// of their own.
    @Test func aResolveAnAsyncFactoryAwaitsIsAPartOfItsTrace() async throws {
        let container = DIContainer()
        container.register(WTSession.init).lifetime(.objectGraph)
        container.register(WTStore.init)
        container.register { (container: DIContainer, session: WTSession) async -> WTFeed in
            WTFeed(store: await container.resolve(), session: session)
        }
        let recorder = DITraceRecorder()
        container.addObserver(recorder)
        let feed: WTFeed = await container.resolve()
        #expect(feed.store.session === feed.session)
        let trace = try #require(recorder.traces.only)
        #expect(trace.root.request == "WTFeed")
        #expect(trace.root.children.map(\.request) == ["WTSession", "WTStore"])
        let store = try #require(trace.root.children.last)
        #expect(store.children.map(\.request) == ["WTSession"])
        #expect(store.children.first?.outcome == .reused)
    }

    /// A child task of an async factory runs beside its resolve: its resolves are traces of
    /// their own, linked to the trace whose object graph they share.
    @Test func aChildTaskOfAnAsyncFactoryIsATraceLinkedToItsResolve() async throws {
        let container = DIContainer()
        container.register(WTSession.init).lifetime(.objectGraph)
        container.register(WTStore.init)
        container.register { (container: DIContainer, session: WTSession) async -> WTFeed in
            async let store: WTStore = container.resolve()
            return WTFeed(store: await store, session: session)
        }
        let recorder = DITraceRecorder()
        container.addObserver(recorder)
        let feed: WTFeed = await container.resolve()
        #expect(feed.store.session === feed.session)
        let traces = recorder.traces
        #expect(traces.count == 2)
        let outer = try #require(traces.first { $0.root.request == "WTFeed" })
        let child = try #require(traces.first { $0.root.request == "WTStore" })
        #expect(outer.linkedTraceID == nil)
        #expect(child.linkedTraceID == outer.traceID)
        let firstLine = child.render().split(separator: "\n").first.map(String.init)
        #expect(firstLine?.hasSuffix("(in the graph of trace \(outer.traceID))") == true)
    }
}

import DICore
import DILogging
import Dispatch
import TestSupport
import Testing

/// An observer that resolves from the container it observes: possible only if the container
/// never calls observers while holding a lock (a pthread mutex would deadlock on re-entry).
private final class ResolvingObserver: DIObserver {
    private let container: DIContainer
    private let resolved = Lines()

    init(container: DIContainer) { self.container = container }

    var count: Int { resolved.all.count }

    /// Set while this thread is inside `receive`, so the observer's own resolve does not
    /// recurse. Per thread, not a removal of the observer: removing it would also hide the
    /// events other threads raise meanwhile.
    @TaskLocal private static var isReceiving = false

    func receive(_ event: DIEvent) {
        guard !Self.isReceiving,
            event.kind == .made || event.kind == .reused || event.kind == .cleaned || event.kind == .registered
        else { return }
        Self.$isReceiving.withValue(true) {
            // Not `Database` itself: on its `.made` event it is still being made on this thread.
            let cache: ImageCache = container.resolve()
            resolved.append("\(ObjectIdentifier(cache))")
        }
    }
}

@Suite struct ObserverReentrancyTests {
    @Test func observerMayResolveFromInsideReceive() {
        let container = makeFeedContainer()
        let observer = ResolvingObserver(container: container)
        container.addObserver(observer)
        let recorder = DITraceRecorder()
        container.addObserver(recorder)

        let _: FeedScreen = container.resolve()
        container.register(Missing.init)
        container.clean()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            let _: FeedService = container.resolve()
        }

        // At least: three made by the first resolve, one registered, one cleaned, one per thread.
        #expect(observer.count >= 3 + 1 + 1 + 4)
        #expect(recorder.traces.allSatisfy { $0.root.outcome != .failed })
        // The observer holds the container that holds it: break the cycle.
        container.removeObserver(observer)
        container.removeObserver(recorder)
    }

    @Test func globalObserverSeesEveryContainer() throws {
        let recorder = DITraceRecorder()
        let container = DIContainer()
        container.register { Missing() }
        withProcessWideObservationExclusive {
            DIContainer.addGlobalObserver(recorder)
            let _: Missing = container.resolve()
            DIContainer.removeGlobalObserver(recorder)
        }
        let _: Missing = container.resolve()
        // Other suites run in parallel and their resolves reach a global observer too.
        #expect(recorder.traces.contains { $0.root.request == "Missing" })
    }
}

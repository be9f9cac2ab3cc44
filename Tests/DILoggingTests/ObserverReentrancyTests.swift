import DICore
import DILogging
import Dispatch
import Testing

/// An observer that resolves from the container it observes: possible only if the container
/// never calls observers while holding a lock (a pthread mutex would deadlock on re-entry).
private final class ResolvingObserver: DIObserver {
    private let container: DIContainer
    private let resolved = Lines()

    init(container: DIContainer) { self.container = container }

    var count: Int { resolved.all.count }

    func receive(_ event: DIEvent) {
        guard event.kind == .made || event.kind == .reused || event.kind == .cleaned || event.kind == .registered
        else { return }
        container.removeObserver(self)
        defer { container.addObserver(self) }
        // Not `Database` itself: on its `.made` event it is still being made on this thread.
        let cache: ImageCache = container.resolve()
        resolved.append("\(ObjectIdentifier(cache))")
    }
}

@Suite struct ObserverReentrancyTests {
    @Test func observerMayResolveRegisterAndCleanFromInsideReceive() {
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

        #expect(observer.count >= 3 + 1 + 1 + 4)
        #expect(recorder.traces.allSatisfy { $0.root.outcome != .failed })
    }

    @Test func globalObserverSeesEveryContainer() throws {
        let recorder = DITraceRecorder()
        let container = DIContainer()
        container.register { Missing() }
        DIContainer.addGlobalObserver(recorder)
        let _: Missing = container.resolve()
        DIContainer.removeGlobalObserver(recorder)
        let _: Missing = container.resolve()
        // Other suites run in parallel and their resolves reach a global observer too.
        #expect(recorder.traces.contains { $0.root.request == "Missing" })
    }
}

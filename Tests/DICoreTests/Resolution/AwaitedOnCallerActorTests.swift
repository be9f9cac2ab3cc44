import DICore
import DIRuntime
import Foundation
import Testing

// `await container.resolve()` starts on the caller's actor: a cached instance comes back
// without the caller suspending, so an actor keeps itself (no other job of it runs
// meanwhile) and the main actor stays on the main thread; anything that runs a factory runs
// off the caller's actor, as it always did.

private final class OCService: Sendable {}

private final class OCNamed: Sendable {}

private final class OCScreen: Sendable {
    let ranOnMainThread: Bool
    init(service: OCService) { ranOnMainThread = Thread.isMainThread }
}

/// Made by a synchronous factory, knowing whether it ran on ``OCMarkedActor``.
private final class OCMarkedPart: Sendable {
    let ranOnTheActor = OCMarkedQueue.runsHere
    init(service: OCService) {}
}

private final class OCMarkedScreen: Sendable {
    let ranOnTheActor = OCMarkedQueue.runsHere
    let part: OCMarkedPart
    init(part: OCMarkedPart, named: OCNamed) { self.part = part }
}

/// The mark of ``OCMarkedExecutor``'s queues: code can tell whether it runs on one, which no
/// actor API tells without trapping.
private enum OCMarkedQueue {
    static let key = DispatchSpecificKey<Bool>()

    /// A queue with the mark.
    static func make() -> DispatchQueue {
        let queue = DispatchQueue(label: "OCMarkedQueue")
        queue.setSpecific(key: key, value: true)
        return queue
    }

    /// Whether the calling code runs on a marked queue.
    static var runsHere: Bool { DispatchQueue.getSpecific(key: key) == true }
}

/// An executor whose jobs run on a marked queue.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
private final class OCMarkedExecutor: SerialExecutor {
    private let queue = OCMarkedQueue.make()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}

/// An actor on a marked executor, awaiting resolves.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
private actor OCMarkedActor {
    private let executor = OCMarkedExecutor()

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    func resolve<T>(_ container: DIContainer) async -> T {
        await container.resolve()
    }

    func resolveEvery<T>(_ container: DIContainer) async -> [T] {
        await container.resolveMany()
    }

    func runsOnTheMarkedExecutor() -> Bool {
        OCMarkedQueue.runsHere
    }
}

/// An actor that resolves while a job of its own waits to run.
private actor OCModel {
    let container: DIContainer
    private var otherJobsRun = 0

    init(container: DIContainer) {
        self.container = container
    }

    private func otherJob() {
        otherJobsRun += 1
    }

    /// Resolves a cached instance, plain and by name, with a job of this actor queued:
    /// whether that job ran meanwhile, which only a suspension lets it do; `nil` when the
    /// round proves nothing, because another test's registration or clean made every
    /// remembered answer stale meanwhile (the epochs are the process's).
    ///
    /// A synchronous resolve first remembers the instances for this thread (answers are
    /// kept per thread stripe, and an actor runs on whichever thread of the pool is free).
    func resolveWithAJobQueued() async -> Bool? {
        let epoch = Epochs.answers.value
        let _: OCService = container.resolve(sync: ())
        let _: OCNamed = container.resolve(sync: (), name: "named")
        let before = otherJobsRun
        let queued = Task { self.otherJob() }  // this actor's job: runs once the actor is free
        let service: OCService = await container.resolve()
        let named: OCNamed = await container.resolve(name: "named")
        _ = (service, named)
        let suspended = otherJobsRun != before
        let quiet = Epochs.answers.value == epoch
        await queued.value
        return quiet ? suspended : nil
    }
}

@Suite struct AwaitedOnCallerActorTests {
    @Test func aCachedInstanceAwaitedOnAnActorDoesNotLetTheActorGo() async {
        let container = DIContainer()
        container.register(OCService.init).lifetime(.perContainer(.single))
        container.register(OCNamed.init).lifetime(.perContainer(.single)).as(OCNamed.self, name: "named")
        let model = OCModel(container: container)
        var conclusive = 0
        var suspended = 0
        // Rounds another test's registration made inconclusive are tried again (a test that
        // registers in a loop for seconds can spoil many thousands); alone, every round counts.
        for _ in 0..<1_000_000 where conclusive < 50 {
            guard let didSuspend = await model.resolveWithAJobQueued() else { continue }
            conclusive += 1
            if didSuspend { suspended += 1 }
        }
        #expect(conclusive > 0)
        #expect(suspended == 0, "an awaited resolve of a cached instance let its actor go")
    }

    @Test func aFactoryAwaitedFromAnActorStillRunsOffIt() async {
        let container = DIContainer()
        container.register(OCService.init).lifetime(.perContainer(.single))
        container.register(OCScreen.init)
        // The first resolve makes the plan, later ones run it remembered: both off the actor.
        for _ in 0..<3 {
            let screen: OCScreen = await Self.resolveOnMainActor(container)
            #expect(!screen.ranOnMainThread)
        }
    }

    @Test func everyFactoryAwaitedFromAnActorRunsOffIt() async {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let container = DIContainer()
        container.register(OCService.init).lifetime(.perContainer(.single))
        container.register(OCMarkedPart.init)
        container.register { () async -> OCNamed in
            await Task.yield()
            return OCNamed()
        }
        container.register(OCMarkedScreen.init)
        let actor = OCMarkedActor()
        #expect(await actor.runsOnTheMarkedExecutor(), "the check does not see the actor")
        // First made with a plan, then remembered: synchronous factories alone, after an
        // async one, and every component of a type at once.
        for _ in 0..<3 {
            let part: OCMarkedPart = await actor.resolve(container)
            #expect(!part.ranOnTheActor, "a synchronous graph was made on the caller's actor")
            let screen: OCMarkedScreen = await actor.resolve(container)
            #expect(!screen.ranOnTheActor, "a synchronous factory awaited after an async one ran on the caller's actor")
            #expect(!screen.part.ranOnTheActor)
            let screens: [OCMarkedScreen] = await actor.resolveEvery(container)
            #expect(screens.count == 1)
            #expect(screens.allSatisfy { !$0.ranOnTheActor })
        }
    }

    @MainActor private static func resolveOnMainActor(_ container: DIContainer) async -> OCScreen {
        await container.resolve()
    }

    @MainActor private static func resolveManyOnMainActor(_ container: DIContainer) async -> [OCScreen] {
        await container.resolveMany()
    }
}

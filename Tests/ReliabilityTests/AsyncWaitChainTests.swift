import DICore
import Foundation
import TestSupport
import Testing

// A synchronous resolve on the main actor or in a task must not block for an async resolve,
// which may need that very thread to go on; nor for a plain thread that waits for one:
// the chain of waits leads to the async resolve all the same.

/// Made by an async factory that suspends until the test lets it finish.
private final class ACRemote: Sendable {
    init(made: Counter, until release: LockedValue<Bool>) async {
        made.increment()
        while !release.value { try? await Task.sleep(for: .milliseconds(1)) }
    }
}

/// The first dependency of `ACRepository`: its factory can hold the plain thread there.
private final class ACOpening: Sendable {
    init(hold: FactoryHold) { hold.pass() }
}

/// Cached; made on a plain thread, which then needs the async resolve's `ACRemote`.
private final class ACRepository: Sendable {
    let remote: ACRemote
    init(opening: ACOpening, remote: ACRemote) { self.remote = remote }
}

/// Made on a plain thread; its `cycle:` injections run at the end of that resolve: an
/// `ACOpening` first (which can hold the thread there), then an `ACAwaited`.
private final class ACHub: @unchecked Sendable {
    // @unchecked Sendable: set by its injections before anything else can see it.
    var opening: ACOpening?
    var awaited: ACAwaited?
    init() {}
}

/// Made by an async resolve: needs the `ACHub` a plain thread is making, then suspends.
private final class ACAwaited: @unchecked Sendable {
    // @unchecked Sendable: set in init.
    weak var hub: ACHub?
    init(hub: ACHub, made: Counter, until release: LockedValue<Bool>) async {
        self.hub = hub
        made.increment()
        while !release.value { try? await Task.sleep(for: .milliseconds(1)) }
    }
}

/// Counts the requests an observed resolve starts, by type and depth.
private final class ACRequests: DIObserver, Sendable {
    private let started = LockedValue<[(request: String, depth: Int)]>([])

    func receive(_ event: DIEvent) {
        guard event.kind == .resolveStarted else { return }
        started.withLock { $0.append((event.request ?? "", event.depth)) }
    }

    /// How many requests for `type` started at `depth`.
    func count<T>(of type: T.Type, depth: Int) -> Int {
        let name = String(describing: T.self)
        return started.value.count { $0.request.contains(name) && $0.depth == depth }
    }
}

private struct ACWiring {
    let container = DIContainer()
    let hold = FactoryHold()
    let release = LockedValue(false)
    let remotes = Counter()

    init() {
        let (hold, release, remotes) = (hold, release, remotes)
        container.register { ACOpening(hold: hold) }
        container.register { () async in await ACRemote(made: remotes, until: release) }
            .lifetime(.perContainer(.single))
        container.register(ACRepository.init).lifetime(.perContainer(.single))
    }

    /// Starts an async resolve of `ACRemote`, which stays being made until ``release``.
    func startMakingRemote() async -> Task<ACRemote, Never> {
        let task = Task.detached { () async -> ACRemote in await container.resolve() }
        while remotes.value == 0 { await Task.yield() }
        return task
    }

    /// Resolves `ACRepository` on a plain thread, which may wait: done when it got one.
    func resolveOnAPlainThread() -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        let container = container
        Thread {
            let _: ACRepository = container.resolve()
            done.signal()
        }.start()
        return done
    }

    /// A synchronous resolve of `ACRepository` in a task: its error, if it failed.
    func resolveSynchronouslyInATask() async -> DIError? {
        let container = container
        return await Task.detached { () -> DIError? in
            do throws(DIError) {
                let _: ACRepository = try container.tryResolve()
                return nil
            } catch {
                return error
            }
        }.value
    }
}

@Suite(.serialized) struct AsyncWaitChainTests {
    /// The task waits first, for the plain thread; then the plain thread starts waiting for
    /// the async resolve: the task's wait ends with `.requiresAsync`.
    @Test func aTaskWaitingForAThreadThatThenWaitsForAnAsyncResolveStopsWaiting() async throws {
        let watchdog = Watchdog("a task waiting on a thread that waits for an async resolve")
        defer { watchdog.disarm() }
        let wiring = ACWiring()
        let remote = await wiring.startMakingRemote()
        wiring.hold.armed.value = true
        let plain = wiring.resolveOnAPlainThread()
        while wiring.hold.entered.value == 0 { await Task.yield() }
        // The plain thread is making `ACRepository` (held in `ACOpening`); the task waits for it.
        async let error = wiring.resolveSynchronouslyInATask()
        try await Task.sleep(for: .milliseconds(50))
        wiring.hold.released.signal()
        let refused = await error
        #expect(refused?.kind == .requiresAsync)
        #expect(refused?.reason.contains("waits for an async resolve") == true)
        wiring.release.value = true
        _ = await remote.value
        plain.wait()
        let repository: ACRepository = try await wiring.container.tryResolve()
        #expect(repository.remote === (await remote.value))
        #expect(wiring.remotes.value == 1)
    }

    /// A loop of waits (the plain thread's deferred injection needs what an async resolve
    /// makes, which needs the plain thread's instance) broken by letting the async resolve
    /// through: the plain thread then waits for it, and a task waiting for the plain thread
    /// stops, whichever came first.
    @Test(arguments: [false, true])
    func aLoopBrokenByLettingAnAsyncResolveThroughRefusesTheTask(taskFirst: Bool) async throws {
        let watchdog = Watchdog("a task waiting on a loop broken for an async resolve")
        defer { watchdog.disarm() }
        let hold = FactoryHold()
        let release = LockedValue(false)
        let made = Counter()
        let container = DIContainer()
        container.register { ACOpening(hold: hold) }
        container.register(ACHub.init).lifetime(.perContainer(.single))
            .injection(cycle: true, \.opening)
            .injection(cycle: true, \.awaited)
        container.register { (hub: ACHub) async in await ACAwaited(hub: hub, made: made, until: release) }
            .lifetime(.perContainer(.single))
        hold.armed.value = true
        let plain = DispatchSemaphore(value: 0)
        Thread {
            let _: ACHub = container.resolve()
            plain.signal()
        }.start()
        while hold.entered.value == 0 { await Task.yield() }
        // The async resolve waits for the hub, which the plain thread is making. It asks
        // for the hub once it has taken on making `ACAwaited`: until then, the plain thread
        // let go could make `ACAwaited` itself (and fail, as a synchronous resolve of it).
        let asked = ACRequests()
        container.addObserver(asked)
        let awaited = Task.detached { () async -> ACAwaited in await container.resolve() }
        await eventually { asked.count(of: ACHub.self, depth: 1) >= 1 }
        let resolveInATask = {
            Task.detached { () -> DIError? in
                do throws(DIError) {
                    let _: ACHub = try container.tryResolve()
                    return nil
                } catch {
                    return error
                }
            }
        }
        let early = taskFirst ? resolveInATask() : nil
        if taskFirst { try await Task.sleep(for: .milliseconds(50)) }
        hold.armed.value = false
        hold.released.signal()
        while made.value == 0 { await Task.yield() }
        let refused = await (early ?? resolveInATask()).value
        #expect(refused?.kind == .requiresAsync)
        release.value = true
        _ = await awaited.value
        plain.wait()
    }

    /// The plain thread already waits for the async resolve when the task asks: refused at once.
    @Test func aTaskAskingForWhatAWaitingThreadMakesIsRefused() async throws {
        let watchdog = Watchdog("a task asking a thread that waits for an async resolve")
        defer { watchdog.disarm() }
        let wiring = ACWiring()
        let remote = await wiring.startMakingRemote()
        let plain = wiring.resolveOnAPlainThread()
        // Long enough for the plain thread to be waiting; if it is not yet, the task waits
        // first and is told to stop when it starts: the same outcome.
        try await Task.sleep(for: .milliseconds(50))
        let refused = await wiring.resolveSynchronouslyInATask()
        #expect(refused?.kind == .requiresAsync)
        wiring.release.value = true
        _ = await remote.value
        plain.wait()
        #expect(wiring.remotes.value == 1)
    }
}

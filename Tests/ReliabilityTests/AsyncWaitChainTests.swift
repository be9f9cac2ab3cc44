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

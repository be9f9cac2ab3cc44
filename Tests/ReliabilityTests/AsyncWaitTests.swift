import DICore
import Foundation
import TestSupport
import Testing

// Synchronous resolves meeting an instance that an async resolve is making. A synchronous
// waiter blocks its thread; the async maker needs the cooperative pool (or the main actor)
// to go on, so a waiter on one of those threads must not block for it.

/// Made by an async factory that suspends for a while.
private final class Connection: Sendable {
    init(made: Counter) async {
        made.increment()
        try? await Task.sleep(for: .milliseconds(20))
    }
}

/// Signals when an async resolve of `Store` has started making it.
private final class Started: Sendable {
    init(signal: DispatchSemaphore) { signal.signal() }
}

@MainActor private final class ViewState: Sendable {
    init() {}
}

/// A cached component whose making, in an async resolve, hops to the main actor.
private final class Store: Sendable {
    let view: ViewState
    init(started: Started, view: ViewState, made: Counter) {
        made.increment()
        self.view = view
    }
}

@Suite(.serialized) struct AsyncWaitTests {
    static let cores = max(2, ProcessInfo.processInfo.activeProcessorCount)

    /// Twice as many tasks as the cooperative pool has threads resolve synchronously while an
    /// async resolve makes the instance: each gets `.requiresAsync` (or the finished
    /// instance) instead of blocking a pool thread, so the async resolve finishes.
    @Test(arguments: 0..<5)
    func synchronousResolvesInTasksNeverStarveAnAsyncMaker(round: Int) async {
        let made = Counter()
        let container = DIContainer()
        container.register { () async in await Connection(made: made) }.lifetime(.perContainer(.single))
        let maker = Task { () async -> Connection in await container.resolve() }
        while made.value == 0 { await Task.yield() }
        // Armed once the maker runs, and fed by each resolve that returns: in a full run
        // other suites hold the pool's few threads for a long time, and a wait for one of
        // them before anything of this test ran is no hang of the resolves it watches.
        let watchdog = Watchdog("sync resolves in tasks racing an async maker")
        defer { watchdog.disarm() }
        let outcomes = await withTaskGroup(of: Result<Connection, DIError>.self) { group in
            for _ in 0..<(2 * Self.cores) {
                group.addTask {
                    do throws(DIError) {
                        return .success(try container.tryResolve())
                    } catch {
                        return .failure(error)
                    }
                }
            }
            var outcomes: [Result<Connection, DIError>] = []
            for await outcome in group {
                outcomes.append(outcome)
                watchdog.beat()
            }
            return outcomes
        }
        let connection = await maker.value
        for outcome in outcomes {
            switch outcome {
            case .success(let got): #expect(got === connection)
            case .failure(let error): #expect(error.kind == .requiresAsync)
            }
        }
        #expect(made.value == 1)
    }

    /// Plain threads (not the main thread, no task) still wait for an async maker and get
    /// its instance.
    @Test func plainThreadsWaitForAnAsyncMakerAndShareItsInstance() async {
        let made = Counter()
        let container = DIContainer()
        container.register { () async in await Connection(made: made) }.lifetime(.perContainer(.single))
        let maker = Task { () async -> Connection in await container.resolve() }
        while made.value == 0 { await Task.yield() }
        let got = Collected<Connection>()
        let failures = Collected<DIError>()
        let finished = await race(threads: 4, noProgressFor: .seconds(60)) { _ in
            do throws(DIError) {
                got.append(try container.tryResolve())
            } catch {
                failures.append(error)
            }
        }
        let connection = await maker.value
        #expect(finished)
        #expect(failures.values.isEmpty)
        #expect(got.values.allSatisfy { $0 === connection })
        #expect(made.value == 1)
    }

    /// The main thread resolves synchronously what a background `await` is making, whose
    /// `main:` dependency waits for the main actor: `.requiresAsync`, not a deadlock.
    @MainActor @Test func theMainThreadNeverDeadlocksWithABackgroundAsyncResolve() async throws {
        let watchdog = Watchdog("the main thread racing a background async resolve")
        defer { watchdog.disarm() }
        let started = DispatchSemaphore(value: 0)
        let made = Counter()
        let container = DIContainer()
        container.register { Started(signal: started) }
        container.register(main: ViewState.init)
        container.register { Store(started: $0, view: $1, made: made) }.lifetime(.perContainer(.single))
        let background = Task.detached { () async -> Store in await container.resolve() }
        // The background resolve holds `Store` now, and will need the main actor next.
        started.wait()
        let error = #expect(throws: DIError.self) {
            let _: Store = try container.tryResolve()
        }
        #expect(error?.kind == .requiresAsync)
        let store = await background.value
        let again: Store = try await container.tryResolve()
        #expect(again === store)
        #expect(made.value == 1)
    }
}

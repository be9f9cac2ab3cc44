import DICore
import Foundation
import Testing

// Thread helpers for every test target (`import TestSupport`): races on OS threads with
// watchdogs that catch hangs, not slowness, and small thread-safe boxes.

/// Counts how many times something happened, from any thread.
package final class Counter: Sendable {
    package init() {}
    private let storage = LockedValue(0)
    package var value: Int { storage.value }

    /// Counts one more time.
    ///
    /// - Returns: The new count.
    @discardableResult
    package func increment() -> Int {
        storage.withLock {
            $0 += 1
            return $0
        }
    }
}

/// What the watchdog of ``race(rounds:threads:noProgressFor:isolation:sourceLocation:prepare:_:check:)``
/// and ``finishes(noProgressFor:isolation:sourceLocation:_:)`` counts as progress besides a thread
/// finishing: the ``heartbeat()``s of its threads.
package final class RaceProgress: Sendable {
    package init() {}
    package let beats = Counter()
}

/// The key of the running race's ``RaceProgress`` in a thread's dictionary.
private let progressKey = "tranquil.tests.raceProgress"

/// Tells the watchdog of the race (or `finishes`) running this thread that it is getting
/// on: call it in long loops, so that a loaded machine or a sanitizer is not taken for a
/// hang. Does nothing on other threads.
package func heartbeat() {
    (Thread.current.threadDictionary[progressKey] as? RaceProgress)?.beats.increment()
}

/// Waits until `finished` reaches `count`. Fails when nothing happens for `stall`: no thread
/// finishing and no heartbeat — a hang, which never ends, unlike slowness.
///
/// It suspends between looks instead of blocking: a test runs on the cooperative pool, which
/// has one thread per core, and the racing threads may need that pool (an async maker they
/// wait for, a task a factory starts). Two tests blocking the pool while they waited for such
/// threads stalled each other, and everything else, until a watchdog fired.
private func waitWhileProgressing(
    _ finished: Counter,
    count: Int,
    _ progress: RaceProgress,
    stall: Duration,
    isolation: isolated (any Actor)?
) async -> Bool {
    let clock = ContinuousClock()
    var seen = (finished.value, progress.beats.value)
    var quietSince = clock.now
    var pause = Duration.microseconds(50)
    while seen.0 < count {
        try? await Task.sleep(for: pause)
        pause = min(pause * 2, .milliseconds(5))
        let now = (finished.value, progress.beats.value)
        if now != seen {
            seen = now
            quietSince = clock.now
        } else if clock.now - quietSince > stall {
            return false
        }
    }
    return true
}

/// Runs `body` on a separate thread and fails the test (instead of hanging it) if it makes
/// no progress (finishing, or a ``heartbeat()``) for `stall`. The test suspends meanwhile,
/// leaving its thread to the cooperative pool.
///
/// - Returns: Whether `body` finished.
@discardableResult
package func finishes(
    noProgressFor stall: Duration = .seconds(60),
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: @escaping @Sendable () -> Void
) async -> Bool {
    await RaceSlots.shared.acquire()
    let result = await runAlone(stall: stall, isolation: isolation, sourceLocation: sourceLocation, body)
    await RaceSlots.shared.release()
    return result
}

/// ``finishes(noProgressFor:isolation:sourceLocation:_:)`` once it has a slot.
private func runAlone(
    stall: Duration,
    isolation: isolated (any Actor)?,
    sourceLocation: SourceLocation,
    _ body: @escaping @Sendable () -> Void
) async -> Bool {
    let finished = Counter()
    let progress = RaceProgress()
    let thread = Thread {
        Thread.current.threadDictionary[progressKey] = progress
        body()
        finished.increment()
    }
    thread.stackSize = 4 << 20
    thread.start()
    guard await waitWhileProgressing(finished, count: 1, progress, stall: stall, isolation: isolation) else {
        Issue.record("no progress for \(stall): a deadlock or a hang", sourceLocation: sourceLocation)
        return false
    }
    return true
}

/// Starts `threads` OS threads that all call `body` at (nearly) the same moment, and waits
/// for all of them, failing the test if they make no progress for `stall`. The test
/// suspends meanwhile, leaving its thread to the cooperative pool.
///
/// - Returns: Whether every thread finished.
@discardableResult
package func race(
    threads: Int = 16,
    noProgressFor stall: Duration = .seconds(60),
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: @escaping @Sendable (Int) -> Void
) async -> Bool {
    await race(
        rounds: 1,
        threads: threads,
        noProgressFor: stall,
        isolation: isolation,
        sourceLocation: sourceLocation,
        prepare: { _ in }
    ) { _, index in
        body(index)
    }
}

/// Runs `rounds` races on the same `threads` OS threads: each round `prepare` makes fresh
/// state, every thread calls `body(state, index)` at (nearly) the same moment, then `check`
/// judges the round. Reusing the threads keeps hundreds of rounds cheap.
///
/// A round whose threads make no progress for `stall` (none finishes, none calls
/// ``heartbeat()``) fails the test instead of hanging it: a watchdog that catches hangs,
/// not slowness, which a loaded machine or a sanitizer can cause. The test suspends while
/// the threads run, leaving its thread to the cooperative pool.
///
/// - Returns: Whether every round finished and passed `check` (it stops at the first that
///   did not).
@discardableResult
package func race<State: Sendable>(
    rounds: Int,
    threads: Int = 16,
    noProgressFor stall: Duration = .seconds(60),
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation,
    prepare: (Int) -> State,
    _ body: @escaping @Sendable (State, Int) -> Void,
    check: (State) -> Bool = { _ in true }
) async -> Bool {
    await RaceSlots.shared.acquire()
    let result = await runRounds(
        rounds: rounds,
        threads: threads,
        stall: stall,
        isolation: isolation,
        sourceLocation: sourceLocation,
        prepare: prepare,
        body,
        check: check
    )
    await RaceSlots.shared.release()
    return result
}

/// ``race(rounds:threads:noProgressFor:isolation:sourceLocation:prepare:_:check:)`` once it
/// has a slot.
private func runRounds<State: Sendable>(
    rounds: Int,
    threads: Int,
    stall: Duration,
    isolation: isolated (any Actor)?,
    sourceLocation: SourceLocation,
    prepare: (Int) -> State,
    _ body: @escaping @Sendable (State, Int) -> Void,
    check: (State) -> Bool
) async -> Bool {
    // `nil` tells the threads to exit.
    let current = LockedValue<State?>(nil)
    // One semaphore per thread: with a shared one, a fast thread could take a second
    // thread's start signal in the same round.
    let go = (0..<threads).map { _ in DispatchSemaphore(value: 0) }
    let finished = Counter()
    let progress = RaceProgress()
    for index in 0..<threads {
        let thread = Thread {
            Thread.current.threadDictionary[progressKey] = progress
            while true {
                go[index].wait()
                guard let state = current.value else { return }
                body(state, index)
                finished.increment()
            }
        }
        thread.stackSize = 4 << 20
        thread.start()
    }
    defer {
        current.value = nil
        for start in go { start.signal() }
    }
    for round in 0..<rounds {
        let state = prepare(round)
        current.value = state
        for start in go { start.signal() }
        let count = threads * (round + 1)
        guard await waitWhileProgressing(finished, count: count, progress, stall: stall, isolation: isolation) else {
            Issue.record(
                "round \(round): no progress for \(stall): a deadlock or a hang",
                sourceLocation: sourceLocation
            )
            return false
        }
        guard check(state) else { return false }
    }
    return true
}

/// How many races (and `finishes`) run at once: one per processor core, as when each blocked
/// a thread of the cooperative pool (which has one per core) while it waited. Suspended
/// while it waits for a slot, a test leaves the pool to others; and its stall clock starts
/// once its threads run, so a race queued behind others is not taken for a hang.
private actor RaceSlots {
    static let shared = RaceSlots(ProcessInfo.processInfo.activeProcessorCount)

    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(_ count: Int) { free = max(1, count) }

    func acquire() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}

/// A value many threads read and write.
///
/// NSLock, not `Synchronization.Mutex`: Mutex needs iOS 18 / macOS 15 (the tests build at the
/// package's floor), and ThreadSanitizer does not see the futex inside it on Linux and reports
/// false races.
package final class LockedValue<Value>: @unchecked Sendable {
    // @unchecked Sendable: `stored` is only touched under `lock`.
    private let lock = NSLock()
    private var stored: Value
    package init(_ value: Value) { stored = value }
    package var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }

    /// Runs `body` with exclusive access to the value: for a change that reads it first.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try lock.withLock { try body(&stored) }
    }
}

/// Collects values from many threads.
package final class Collected<Value>: @unchecked Sendable {
    package init() {}
    // @unchecked Sendable: `values` is only touched under `lock`.
    private let lock = NSLock()
    private var storage: [Value] = []
    package func append(_ value: Value) { lock.withLock { storage.append(value) } }
    package var values: [Value] { lock.withLock { storage } }
}

/// Whether every object in `objects` is the same instance.
package func allIdentical(_ objects: [AnyObject]) -> Bool {
    guard let first = objects.first else { return true }
    return objects.allSatisfy { $0 === first }
}

/// Suspends until `condition` holds, polling without blocking a thread (a test that waits
/// for tasks must leave the cooperative pool to them). Fails the test if it does not hold
/// for `stall`: one awaited step that long is a hang, not slowness.
///
/// - Returns: Whether `condition` came to hold.
@discardableResult
package func eventually(
    noProgressFor stall: Duration = .seconds(60),
    sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () -> Bool
) async -> Bool {
    let clock = ContinuousClock()
    let start = clock.now
    while !condition() {
        if clock.now - start > stall {
            Issue.record("no progress for \(stall): a deadlock or a hang", sourceLocation: sourceLocation)
            return false
        }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return true
}

/// The error a throwing resolve failed with, or `nil` (recording an issue) if it succeeded.
package func resolveError<T>(
    _ type: T.Type,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws(DIError) -> T
) -> DIError? {
    do {
        _ = try body()
        Issue.record("expected \(T.self) to fail, but it resolved", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

private let lineCounter = LockedValue<UInt>(1_000_000)

/// A `line:` no other registration uses, so process-wide (`single`/`perApplication`)
/// storage starts empty for each test, however often the tests run in one process.
package func uniqueLine() -> UInt {
    lineCounter.withLock {
        $0 += 1
        return $0
    }
}

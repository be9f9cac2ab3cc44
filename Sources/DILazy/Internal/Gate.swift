#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A one-shot gate: threads and tasks wait on it until its maker opens it.
///
/// Used wherever one party makes a value others must wait for (a `Lazy`, a cached
/// instance). The maker's identity is recorded so a waiter can tell re-entry from contention.
///
/// A gate is made for every instance a resolve makes, and almost never waited on, so it owns
/// no OS primitives: its state is guarded by one of a few process-wide stripes (a mutex and a
/// condition variable each), picked by the gate's address.
package final class Gate: @unchecked Sendable {
    // @unchecked Sendable: `isOpen`, `waiters` and `continuations` are only touched while
    // holding the gate's stripe mutex.
    @exclusivity(unchecked) private var isOpen = false
    @exclusivity(unchecked) private var waiters = 0
    @exclusivity(unchecked) private var continuations: [CheckedContinuation<Void, Never>] = []

    /// Who holds the gate closed while making the value.
    package let maker: MakerID

    package init(maker: MakerID = .current) {
        self.maker = maker
    }

    private var stripe: Stripe {
        // By address (objects are 16-byte aligned), not by hash value: no hashing per open.
        Stripe.all[Int(truncatingIfNeeded: UInt(bitPattern: ObjectIdentifier(self)) >> 4) & (Stripe.count - 1)]
    }

    /// Opens the gate and wakes every waiter. Opening twice is harmless.
    package func open() {
        let stripe = stripe
        pthread_mutex_lock(stripe.mutex)
        isOpen = true
        let waiting = continuations
        continuations = []
        if waiters > 0 { pthread_cond_broadcast(stripe.condition) }
        pthread_mutex_unlock(stripe.mutex)
        for continuation in waiting { continuation.resume() }
    }

    /// Blocks the calling thread until the gate is open, unless waiting would deadlock.
    ///
    /// Waiting deadlocks when the gate's maker is, directly or through others, waiting for
    /// something the caller is making (or is the caller). All waits go through one
    /// process-wide wait-for table, so of two parties that would wait on each other, the
    /// second to arrive sees the loop.
    ///
    /// - Returns: `false` without waiting if the wait would never end.
    package func waitUnlessDeadlocked() -> Bool {
        let me = MakerID.current
        guard Gate.startWaiting(me, on: self) else { return false }
        let stripe = stripe
        pthread_mutex_lock(stripe.mutex)
        waiters += 1
        while !isOpen {
            pthread_cond_wait(stripe.condition, stripe.mutex)
        }
        waiters -= 1
        pthread_mutex_unlock(stripe.mutex)
        Gate.stopWaiting(me)
        return true
    }

    /// Suspends the calling task until the gate is open, unless waiting would deadlock.
    ///
    /// - Returns: `false` without waiting if the wait would never end.
    package func waitUnlessDeadlockedAsync() async -> Bool {
        let me = MakerID.current
        guard Gate.startWaiting(me, on: self) else { return false }
        let stripe = stripe
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            pthread_mutex_lock(stripe.mutex)
            if isOpen {
                pthread_mutex_unlock(stripe.mutex)
                continuation.resume()
            } else {
                continuations.append(continuation)
                pthread_mutex_unlock(stripe.mutex)
            }
        }
        Gate.stopWaiting(me)
        return true
    }

    /// Which party waits on which gate: the edges of the wait-for graph.
    private static let waiting = Locked<[MakerID: Gate]>([:])

    /// Records that `me` waits on `gate`, unless that closes a loop of waits.
    private static func startWaiting(_ me: MakerID, on gate: Gate) -> Bool {
        waiting.withLock { waiting in
            var link = gate
            var hops = 0
            // An open gate ends the chain: its maker is done with it, so what that party
            // waits for now (or a new thread reusing its ID) cannot block this wait.
            while hops <= waiting.count, !link.isOpenNow {
                if link.maker == me { return false }
                guard let next = waiting[link.maker] else { break }
                link = next
                hops += 1
            }
            waiting[me] = gate
            return true
        }
    }

    /// Whether the gate has been opened. Lock order: `waiting`, then a gate's `mutex`.
    private var isOpenNow: Bool {
        let stripe = stripe
        pthread_mutex_lock(stripe.mutex)
        defer { pthread_mutex_unlock(stripe.mutex) }
        return isOpen
    }

    private static func stopWaiting(_ me: MakerID) {
        waiting.withLock { $0[me] = nil }
    }
}

/// A mutex and a condition variable shared by the gates whose address maps to it.
private final class Stripe: Sendable {
    static let count = 16
    static let all: [Stripe] = (0..<count).map { _ in Stripe() }

    // Sendable: the primitives are only used through pthread calls, which synchronize.
    nonisolated(unsafe) let mutex: UnsafeMutablePointer<pthread_mutex_t>
    nonisolated(unsafe) let condition: UnsafeMutablePointer<pthread_cond_t>

    private init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
    }
}

/// Who makes a value: an OS thread, or (inside an async resolve) the resolving task.
///
/// Nested resolves of one async resolve share its identity, so re-entering something it is
/// making is recognized as re-entry, exactly as nested calls on one thread are.
package struct MakerID: Hashable, Sendable {
    private let raw: UInt
    private let isTask: Bool

    /// The calling thread, or the async resolve the caller runs in.
    ///
    /// The task-local is read only while some async resolve runs: the read costs about as
    /// much as the rest of claiming a slot, and most resolves are synchronous.
    package static var current: MakerID {
        current(running: ResolveTask.running)
    }

    /// ``current``, for a caller that keeps ``ResolveTask/running`` at hand (reading the
    /// static costs a lazy-global check).
    @inline(__always)
    package static func current(running: AtomicCount) -> MakerID {
        if running.value != 0, let token = ResolveTask.token {
            return MakerID(raw: UInt(token), isTask: true)
        }
        return MakerID(raw: ThreadID.current.raw, isTask: false)
    }
}

/// The identity of the async resolve the current task runs in, if any.
package enum ResolveTask {
    /// Set by an async top-level resolve for everything it awaits.
    @TaskLocal package static var token: UInt64?

    /// How many async top-level resolves are running in the process: while none is, no
    /// task can be inside one, and ``token`` need not be read.
    ///
    /// (A task created without structure inside an async resolve keeps the token after the
    /// resolve ended; it then counts as its thread, as it would have had it not inherited it.)
    package static let running = AtomicCount()
}

/// The identity of an OS thread, comparable and hashable.
package struct ThreadID: Hashable, Sendable {
    fileprivate let raw: UInt

    /// The calling thread.
    package static var current: ThreadID {
        #if canImport(Darwin)
        ThreadID(raw: UInt(bitPattern: pthread_self()))
        #else
        ThreadID(raw: UInt(pthread_self()))
        #endif
    }
}

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A one-shot gate: threads wait on it until the thread that made it opens it.
///
/// Used wherever one thread makes a value other threads must wait for (a `Lazy`, a cached
/// instance). The maker's identity is recorded so a waiter can tell re-entry from contention.
package final class Gate: @unchecked Sendable {
    // @unchecked Sendable: `isOpen` is only read and written while holding `mutex`.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    private var isOpen = false

    /// The thread that holds the gate closed while it makes the value.
    package let maker: ThreadID

    package init(maker: ThreadID = .current) {
        self.maker = maker
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Opens the gate and wakes every waiter. Opening twice is harmless.
    package func open() {
        pthread_mutex_lock(mutex)
        isOpen = true
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }

    /// Blocks the calling thread until the gate is open, unless waiting would deadlock.
    ///
    /// Waiting deadlocks when the gate's maker is, directly or through other threads,
    /// waiting for something the calling thread is making (or is the calling thread). All
    /// waits go through one process-wide wait-for table, so of two threads that would wait
    /// on each other, the second to arrive sees the loop.
    ///
    /// - Returns: `false` without waiting if the wait would never end.
    package func waitUnlessDeadlocked() -> Bool {
        let me = ThreadID.current
        let mayWait = Gate.waiting.withLock { waiting in
            var maker = self.maker
            var hops = 0
            while hops <= waiting.count {
                if maker == me { return false }
                guard let next = waiting[maker] else { break }
                maker = next.maker
                hops += 1
            }
            waiting[me] = self
            return true
        }
        guard mayWait else { return false }
        wait()
        Gate.waiting.withLock { $0[me] = nil }
        return true
    }

    /// Which thread waits on which gate: the edges of the wait-for graph.
    private static let waiting = Locked<[ThreadID: Gate]>([:])

    /// Blocks the calling thread until the gate is open.
    private func wait() {
        pthread_mutex_lock(mutex)
        while !isOpen {
            pthread_cond_wait(condition, mutex)
        }
        pthread_mutex_unlock(mutex)
    }
}

/// The identity of an OS thread, comparable and hashable.
package struct ThreadID: Hashable, Sendable {
    private let raw: UInt

    /// The calling thread.
    package static var current: ThreadID {
        #if canImport(Darwin)
        ThreadID(raw: UInt(bitPattern: pthread_self()))
        #else
        ThreadID(raw: UInt(pthread_self()))
        #endif
    }
}

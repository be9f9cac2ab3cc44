#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A condition variable paired with a ``PlatformLock``: how a thread sleeps until another
/// thread's change, instead of spinning.
package final class PlatformCondition: @unchecked Sendable {
    // @unchecked Sendable: used only through pthread calls, under its lock.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    package init() {
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
        condition.deinitialize(count: 1)
        condition.deallocate()
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` holding the condition's mutex. `body` must not run user code.
    package func withLock<Result>(_ body: () -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    /// Sleeps until `isDone()` is true; `isDone` is read holding the mutex.
    package func wait(until isDone: () -> Bool) {
        pthread_mutex_lock(mutex)
        while !isDone() {
            pthread_cond_wait(condition, mutex)
        }
        pthread_mutex_unlock(mutex)
    }

    /// Wakes every sleeping thread (call after changing what they wait for, under ``withLock(_:)``).
    package func broadcast() {
        pthread_cond_broadcast(condition)
    }
}

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A value guarded by a mutex: the one lock type every Tranquil module uses.
///
/// It wraps a `pthread_mutex_t` rather than `Synchronization.Mutex` so the library keeps
/// working on Apple OS versions older than macOS 15 / iOS 18, and so a closure may return a
/// non-`Sendable` value without fighting `sending` rules. Swapping the primitive means
/// editing this file only.
///
/// > Warning: Never call user code (factories, observers, initializers) inside `withLock`.
package final class Locked<State>: @unchecked Sendable {
    // @unchecked Sendable: `state` is only touched between lock and unlock of `mutex`.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    // Exclusive by construction (only touched under `mutex`), so the runtime's dynamic
    // exclusivity check on every lock would be pure cost.
    @exclusivity(unchecked) private var state: State

    package init(_ state: State) {
        self.state = state
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the state.
    @inline(__always)
    package func withLock<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }
}

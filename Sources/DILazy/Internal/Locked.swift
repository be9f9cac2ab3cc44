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
/// The state and the mutex share one heap object (a `ManagedBuffer`: the state is its
/// header, the mutex its single element), so making a lock is one allocation and taking it
/// touches one cache line. Copies of a `Locked` share that object.
///
/// > Warning: Never call user code (factories, observers, initializers) inside `withLock`.
package struct Locked<State>: @unchecked Sendable {
    // @unchecked Sendable: the state is only touched between lock and unlock of the mutex.
    private let storage: Storage
    // Stable for the storage's lifetime (heap object, kept alive by `storage`).
    private let state: UnsafeMutablePointer<State>
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    package init(_ state: State) {
        let storage = Storage.make(state)
        (self.state, mutex) = storage.withUnsafeMutablePointers { ($0, $1) }
        self.storage = storage
    }

    /// Runs `body` with exclusive access to the state.
    @inline(__always)
    package func withLock<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state.pointee)
    }

    private final class Storage: ManagedBuffer<State, pthread_mutex_t> {
        static func make(_ state: State) -> Storage {
            let buffer = unsafeDowncast(Storage.create(minimumCapacity: 1) { _ in state }, to: Storage.self)
            buffer.withUnsafeMutablePointerToElements { mutex in
                mutex.initialize(to: pthread_mutex_t())
                pthread_mutex_init(mutex, nil)
            }
            return buffer
        }

        deinit {
            withUnsafeMutablePointerToElements { mutex in
                pthread_mutex_destroy(mutex)
                mutex.deinitialize(count: 1)
            }
        }
    }
}

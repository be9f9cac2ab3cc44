#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The platform's mutex (and, for waiting, its condition variable), at a stable address.
///
/// The only place Tranquil touches a synchronization primitive directly. On Linux it is
/// `pthread_mutex_t` (adaptive with glibc: a waiter spins briefly before it sleeps), which
/// ThreadSanitizer intercepts (it cannot see inside
/// `Synchronization.Mutex`'s futex, and reports false races through it); on Apple platforms
/// it is `os_unfair_lock`, what `Synchronization.Mutex` uses there too.
///
/// The primitive's operations, for the two locks built on it: ``Locked``, which allocates
/// one primitive, and ``StripedLocked``, which allocates one per stripe.
///
/// Invariants (each of those checks them with `TRANQUIL_INTERNAL_CHECKS`): the primitive is
/// initialized once and destroyed once, at an address that never moves (it is allocated,
/// never stored inline in a Swift value that could be moved); only the thread that locked
/// it unlocks it; no thread locks it twice (Tranquil never runs user code or waits while
/// holding it).
@usableFromInline
package enum PlatformLock {
    #if canImport(Darwin)
    /// The platform's lock type.
    @usableFromInline typealias Primitive = os_unfair_lock
    #else
    /// The platform's lock type.
    @usableFromInline typealias Primitive = pthread_mutex_t
    #endif

    /// Initializes the lock at `primitive`, memory that holds it until ``destroy(_:)`` and
    /// never moves in between.
    static func initialize(_ primitive: UnsafeMutablePointer<Primitive>) {
        #if canImport(Darwin)
        primitive.initialize(to: os_unfair_lock())
        #else
        primitive.initialize(to: pthread_mutex_t())
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        #if canImport(Glibc)
        // Adaptive: a waiter spins a little before it sleeps. Tranquil holds its locks for a
        // few dozen instructions, so two threads resolving at once mostly find the lock free
        // again within the spin instead of paying two system calls each.
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
        #endif
        let status = pthread_mutex_init(primitive, &attributes)
        pthread_mutexattr_destroy(&attributes)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
        #endif
    }

    /// Destroys the free lock at `primitive`, which ``initialize(_:)`` set up.
    static func destroy(_ primitive: UnsafeMutablePointer<Primitive>) {
        #if !canImport(Darwin)
        pthread_mutex_destroy(primitive)
        #endif
        primitive.deinitialize(count: 1)
    }

    /// Takes the lock at `primitive`, waiting for it if another thread holds it.
    @inlinable
    static func lock(_ primitive: UnsafeMutablePointer<Primitive>) {
        #if canImport(Darwin)
        os_unfair_lock_lock(primitive)
        #else
        pthread_mutex_lock(primitive)
        #endif
    }

    /// Releases the lock at `primitive`, taken by ``lock(_:)`` on this thread.
    @inlinable
    static func unlock(_ primitive: UnsafeMutablePointer<Primitive>) {
        #if canImport(Darwin)
        os_unfair_lock_unlock(primitive)
        #else
        pthread_mutex_unlock(primitive)
        #endif
    }
}

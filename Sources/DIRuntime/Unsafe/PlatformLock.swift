import CDIRuntime

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
/// The primitive's operations, for the two locks built on it: ``Locked``, which keeps one
/// primitive in its own object, and ``StripedLocked``, which allocates one per stripe. Each
/// keeps a primitive in a *slot*: the primitive, then (with `TRANQUIL_INTERNAL_CHECKS`) the
/// word that records the thread holding it; ``lockSlot(_:)`` and ``unlockSlot(_:)`` check it.
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

    /// Initializes the lock at `primitive` (a slot's, see ``initializeSlot(_:)``), memory that
    /// holds it until ``destroy(_:)`` and never moves in between.
    private static func initialize(_ primitive: UnsafeMutablePointer<Primitive>) {
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

    /// Destroys the free lock at `primitive`, which ``initializeSlot(_:)`` set up (the owner
    /// word beside it is a plain integer: nothing to destroy).
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

    // MARK: Slots

    /// Bytes from a slot's start to its owner word, which follows the primitive.
    @usableFromInline static var ownerOffset: Int {
        (MemoryLayout<Primitive>.size + 7) & ~7
    }

    /// The bytes of a slot, a whole number of 8-byte words: the primitive, and its owner word
    /// with internal checks.
    package static var slotBytes: Int {
        #if TRANQUIL_INTERNAL_CHECKS
        ownerOffset + MemoryLayout<tranquil_atomic_word>.size
        #else
        ownerOffset
        #endif
    }

    /// Initializes the slot at `slot`: ``slotBytes`` bytes, 8-byte aligned, that hold it until
    /// ``destroy(_:)`` and never move in between. Returns its primitive.
    @discardableResult
    static func initializeSlot(_ slot: UnsafeMutableRawPointer) -> UnsafeMutablePointer<Primitive> {
        let primitive = slot.bindMemory(to: Primitive.self, capacity: 1)
        initialize(primitive)
        #if TRANQUIL_INTERNAL_CHECKS
        tranquil_atomic_word_init(owner(of: primitive), 0)
        #endif
        return primitive
    }

    /// Takes the lock of a slot (``lock(_:)``); with internal checks, traps if the calling
    /// thread holds it already, and records the thread.
    @inlinable
    static func lockSlot(_ primitive: UnsafeMutablePointer<Primitive>) {
        #if TRANQUIL_INTERNAL_CHECKS
        precondition(
            tranquil_atomic_word_load_relaxed(owner(of: primitive)) != Int(bitPattern: ThreadID.current.bits),
            "Tranquil internal check: a lock was taken twice by one thread"
        )
        #endif
        lock(primitive)
        #if TRANQUIL_INTERNAL_CHECKS
        tranquil_atomic_word_store_relaxed(owner(of: primitive), Int(bitPattern: ThreadID.current.bits))
        #endif
    }

    /// Releases the lock of a slot taken by ``lockSlot(_:)`` on this thread; with internal
    /// checks, traps if another thread holds it.
    @inlinable
    static func unlockSlot(_ primitive: UnsafeMutablePointer<Primitive>) {
        #if TRANQUIL_INTERNAL_CHECKS
        precondition(
            tranquil_atomic_word_load_relaxed(owner(of: primitive)) == Int(bitPattern: ThreadID.current.bits),
            "Tranquil internal check: a lock was released by a thread that does not hold it"
        )
        tranquil_atomic_word_store_relaxed(owner(of: primitive), 0)
        #endif
        unlock(primitive)
    }

    #if TRANQUIL_INTERNAL_CHECKS
    /// The word of `primitive`'s slot that keeps the thread holding it (``ThreadID/bits``),
    /// 0 when free.
    @usableFromInline
    static func owner(of primitive: UnsafeMutablePointer<Primitive>) -> UnsafeMutablePointer<tranquil_atomic_word> {
        (UnsafeMutableRawPointer(primitive) + ownerOffset).assumingMemoryBound(to: tranquil_atomic_word.self)
    }
    #endif
}

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
#if !canImport(Darwin)
import Synchronization
#endif

/// A value guarded by a lock: the one lock type every Tranquil module uses.
///
/// Every critical section in Tranquil is a few loads and stores of container bookkeeping —
/// never user code, never a wait — so the lock is the cheapest one that is fair to the
/// scheduler on each platform:
/// - On Apple platforms, `os_unfair_lock` (what `Synchronization.Mutex` uses there too,
///   available on every OS version the package supports, and aware of priority inversion).
/// - Elsewhere, a test-and-test-and-set lock on an atomic flag that yields the processor
///   while it waits: one atomic exchange to take, one store to release, where a
///   `pthread_mutex_t` costs two atomic operations and two library calls.
///
/// Not `Synchronization.Mutex` itself: it needs macOS 15 / iOS 18, its `withLock` closure
/// must return a `sending` value, and ThreadSanitizer on Linux cannot see inside it.
/// Swapping the primitive means editing this file only.
///
/// Public only as SPI (`@_spi(Tranquil) import DILazy`), for Tranquil's own modules: a
/// `package` declaration is never inlined into another module, and every lock call on the
/// resolve path must be.
///
/// Copies of a `Locked` share one heap object holding the state and the lock, so making a
/// lock is one allocation and taking it touches one cache line.
///
/// > Warning: Never call user code (factories, observers, initializers) inside `withLock`,
/// > and never wait inside it.
@_spi(Tranquil)
public struct Locked<State>: @unchecked Sendable {
    // @unchecked Sendable: the state is only touched while the lock is held.
    @usableFromInline
    let storage: Storage

    /// A lock guarding `state`.
    ///
    /// Inlinable, so that the caller's module makes the storage for its own `State`: through
    /// a generic call, finding the storage class's metadata would be a lookup in the
    /// runtime's global table on every lock made.
    @inlinable
    public init(_ state: State) {
        storage = Storage(state)
    }

    /// Whether `other` is a copy of this lock (guards the same state).
    @inlinable
    public func isSame(as other: Locked) -> Bool {
        storage === other.storage
    }

    /// Runs `body` with exclusive access to the state.
    ///
    /// Inlinable, so that other modules' calls compile to the lock, their own code, and the
    /// unlock — not to a generic call with a closure.
    @inlinable
    public func withLock<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        storage.lock()
        defer { storage.unlock() }
        return try body(&storage.state)
    }

    #if canImport(Darwin)
    @usableFromInline
    final class Storage {
        @usableFromInline
        @exclusivity(unchecked) var state: State
        // A stable address for the lock's lifetime: `os_unfair_lock` must not move.
        @usableFromInline
        let word: os_unfair_lock_t

        @usableFromInline
        init(_ state: State) {
            self.state = state
            word = .allocate(capacity: 1)
            word.initialize(to: os_unfair_lock())
        }

        deinit {
            word.deinitialize(count: 1)
            word.deallocate()
        }

        @inlinable
        func lock() { os_unfair_lock_lock(word) }

        @inlinable
        func unlock() { os_unfair_lock_unlock(word) }
    }
    #else
    @usableFromInline
    final class Storage {
        @usableFromInline
        @exclusivity(unchecked) var state: State
        @usableFromInline
        let held = Atomic<Bool>(false)

        @usableFromInline
        init(_ state: State) {
            self.state = state
        }

        @inlinable
        func lock() {
            if !held.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
                lockSlowly()
            }
        }

        /// Waits without writing (so waiting threads do not bounce the cache line), and
        /// yields the processor so a holder that was preempted gets to finish.
        @usableFromInline
        @inline(never)
        func lockSlowly() {
            repeat {
                while held.load(ordering: .relaxed) { sched_yield() }
            } while !held.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
        }

        @inlinable
        func unlock() { held.store(false, ordering: .releasing) }
    }
    #endif
}

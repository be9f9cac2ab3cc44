/// A value guarded by a lock: the one lock type every Tranquil module uses.
///
/// Backed by ``PlatformLock`` (`pthread_mutex_t` on Linux, `os_unfair_lock` on Apple
/// platforms). A class, so copies of a reference share one lock, and the state lives at
/// one address while it is borrowed.
///
/// ```swift
/// let count = Locked(0)
/// count.withLock { $0 += 1 }
/// ```
///
/// > Warning: Never call user code (factories, observers, initializers, a deinit that may
/// > run one) inside `withLock`, and never wait inside it: return what must be released or
/// > called, and do it after the lock is let go.
@usableFromInline
package final class Locked<State>: @unchecked Sendable {
    // @unchecked Sendable: `state` is only touched while the lock is held.
    /// The lock, allocated by the lock itself: one allocation beside the object, where a
    /// lock object of its own was two (every cached component's cell has a `Locked`).
    @usableFromInline let primitive: UnsafeMutablePointer<PlatformLock.Primitive>
    #if TRANQUIL_INTERNAL_CHECKS
    /// The thread holding the lock (``ThreadID/bits``), 0 when free: an atomic, so that a
    /// thread may read it without holding the lock.
    @usableFromInline let owner = AtomicWord(0)
    #endif
    // The lock is the exclusivity: the runtime's check of each access would only repeat it
    // (see ``ExclusiveState`` for why the attribute lives in this folder, and what
    // `TRANQUIL_INTERNAL_CHECKS` does).
    #if TRANQUIL_INTERNAL_CHECKS
    @usableFromInline var state: State
    #else
    @usableFromInline @exclusivity(unchecked) var state: State
    #endif

    /// A lock guarding `state`.
    package init(_ state: State) {
        self.state = state
        primitive = .allocate(capacity: 1)
        PlatformLock.initialize(primitive)
    }

    deinit {
        PlatformLock.destroy(primitive)
        primitive.deallocate()
    }

    /// Runs `body` with exclusive access to the state.
    @inlinable
    package func withLock<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock()
        defer { unlock() }
        return try body(&state)
    }

    /// Takes the lock, waiting for it if another thread holds it.
    @inlinable
    func lock() {
        #if TRANQUIL_INTERNAL_CHECKS
        precondition(
            owner.loadRelaxed() != Int(bitPattern: ThreadID.current.bits),
            "Tranquil internal check: a lock was taken twice by one thread"
        )
        #endif
        PlatformLock.lock(primitive)
        #if TRANQUIL_INTERNAL_CHECKS
        owner.storeRelaxed(Int(bitPattern: ThreadID.current.bits))
        #endif
    }

    /// Releases the lock taken by ``lock()`` on this thread.
    @inlinable
    func unlock() {
        #if TRANQUIL_INTERNAL_CHECKS
        precondition(
            owner.loadRelaxed() == Int(bitPattern: ThreadID.current.bits),
            "Tranquil internal check: a lock was released by a thread that does not hold it"
        )
        owner.storeRelaxed(0)
        #endif
        PlatformLock.unlock(primitive)
    }
}

/// A value guarded by a lock: the one lock type every Tranquil module uses.
///
/// Backed by ``PlatformLock`` (`pthread_mutex_t` on Linux, `os_unfair_lock` on Apple
/// platforms). Copies share one lock and one state, which live together in one object
/// (``LockedStorage``): the state lives at one address while it is borrowed.
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
package struct Locked<State>: @unchecked Sendable {
    // @unchecked Sendable: the state is only touched while the lock is held.
    @usableFromInline let storage: LockedStorage<State>

    /// A lock guarding `state`.
    package init(_ state: State) {
        storage = LockedStorage.make(state)
    }

    /// Runs `body` with exclusive access to the state.
    @inlinable
    package func withLock<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try storage.withUnsafeMutablePointers { state, slot throws(Failure) in
            let primitive = LockedStorage<State>.primitive(in: slot)
            PlatformLock.lockSlot(primitive)
            defer { PlatformLock.unlockSlot(primitive) }
            return try body(&state.pointee)
        }
    }
}

/// The object of a ``Locked``: the state as its header, then the lock's slot (see
/// ``PlatformLock``) in the words that follow it — one allocation where a state and a
/// separately allocated lock were two.
///
/// Invariants (the owner checks of ``PlatformLock/lockSlot(_:)`` with
/// `TRANQUIL_INTERNAL_CHECKS`): the slot is initialized once, when the object is made, and
/// destroyed once, in its deinit; the object never moves, so neither does the lock; the
/// state is read or changed only through ``Locked/withLock(_:)``, holding the lock, so no
/// two accesses to it overlap. A `ManagedBuffer` subclass has no stored properties of its
/// own: its tail would overlap them.
@usableFromInline
package final class LockedStorage<State>: ManagedBuffer<State, UInt64> {
    /// How many words of the tail the lock's slot takes.
    private static var slotWords: Int {
        (PlatformLock.slotBytes + MemoryLayout<UInt64>.size - 1) / MemoryLayout<UInt64>.size
    }

    /// A storage holding `state` and a new lock.
    static func make(_ state: State) -> LockedStorage {
        let buffer = create(minimumCapacity: slotWords) { _ in state }
        // `create` called on this class makes an instance of it.
        let storage = unsafeDowncast(buffer, to: LockedStorage.self)
        storage.withUnsafeMutablePointerToElements { slot in
            _ = PlatformLock.initializeSlot(UnsafeMutableRawPointer(slot))
        }
        return storage
    }

    /// The lock in the slot at `slot` (bound by ``make(_:)``).
    @inlinable
    static func primitive(in slot: UnsafeMutablePointer<UInt64>) -> UnsafeMutablePointer<PlatformLock.Primitive> {
        UnsafeMutableRawPointer(slot).assumingMemoryBound(to: PlatformLock.Primitive.self)
    }

    deinit {
        // The header, the state, is destroyed by `ManagedBuffer` itself.
        withUnsafeMutablePointerToElements { slot in
            PlatformLock.destroy(Self.primitive(in: slot))
        }
    }
}

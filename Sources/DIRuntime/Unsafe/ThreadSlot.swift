import CDIRuntime

/// One object per OS thread, kept in a C thread-local variable: how a resolve made from
/// inside a factory (through a captured or injected container, where nothing can be passed
/// along) finds the synchronous resolve in progress on its thread.
///
/// Invariants: the slot holds an *unretained* reference, set only by ``bind(_:)`` and
/// restored by the matching ``unbind(_:)`` on the same thread, with the caller keeping the
/// object alive in between, so a reference read from the slot always points to a live
/// object of the thread's own making. The code in between is synchronous: it cannot
/// suspend, so it never moves to another thread while bound, and the slot is exact.
///
/// Inlined into the resolve path (the slot's C accessors are `static inline` too): it is
/// read and written on every top-level resolve.
@usableFromInline
package enum ThreadSlot {
    /// The object bound on the calling thread, if any.
    @inlinable
    package static var current: AnyObject? {
        guard let raw = tranquil_thread_slot() else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(raw).takeUnretainedValue()
    }

    /// Whether an object is bound on the calling thread (``current`` is not `nil`).
    @inlinable
    package static var isBound: Bool {
        tranquil_thread_slot() != nil
    }

    /// What was bound before a ``bind(_:)``, for ``unbind(_:)`` to restore.
    @usableFromInline
    package struct Binding {
        @usableFromInline let previous: UnsafeMutableRawPointer?
        @usableFromInline let bound: UnsafeMutableRawPointer

        @inlinable
        init(previous: UnsafeMutableRawPointer?, bound: UnsafeMutableRawPointer) {
            self.previous = previous
            self.bound = bound
        }
    }

    /// Binds `object` on the calling thread until ``unbind(_:)``: the caller keeps `object`
    /// alive until then, and unbinds on the same thread, in reverse order of binding.
    ///
    /// A pair of plain calls rather than a closure: the resolve path calls it for every
    /// uncached top-level resolve, and a generic closure call across modules costs more
    /// than the binding itself.
    @inlinable
    package static func bind(_ object: AnyObject) -> Binding {
        let previous = tranquil_thread_slot()
        let bound = Unmanaged.passUnretained(object).toOpaque()
        tranquil_set_thread_slot(bound)
        return Binding(previous: previous, bound: bound)
    }

    /// Restores what was bound before the ``bind(_:)`` that returned `binding`.
    @inlinable
    package static func unbind(_ binding: Binding) {
        #if TRANQUIL_INTERNAL_CHECKS
        precondition(
            tranquil_thread_slot() == binding.bound,
            "Tranquil internal check: a thread slot was unbound out of order or on another thread"
        )
        #endif
        tranquil_set_thread_slot(binding.previous)
    }
}

/// State owned by one party at a time, whose accesses the runtime does not check for overlap.
///
/// Swift checks every access to a class's stored `var` at run time (a thread-local access
/// set: a lookup on each access's start and end), because two references to one object
/// could overlap their accesses. Per-resolve state is read and written several times for
/// every instance a resolve makes, and those checks cost more than the work they guard.
///
/// Invariants, which make the checks unnecessary:
/// - One party at a time: the owner is one resolve, running on one thread, or as one task
///   that may move between threads but never runs on two at once.
/// - No overlap: every access is a short read or an in-place change that calls nothing
///   that could touch the same state (no user code, no resolve) while it lasts.
///
/// With `TRANQUIL_INTERNAL_CHECKS` both are checked: every access counts itself in and out,
/// and one that starts while another is under way (on any thread) stops the process.
/// ThreadSanitizer (CI runs the reliability suite under it) checks the first too.
@usableFromInline
package final class ExclusiveState<Value> {
    #if TRANQUIL_INTERNAL_CHECKS
    @usableFromInline var storage: Value
    /// How many accesses are under way: never more than one.
    @usableFromInline let accesses = AtomicWord(0)
    #else
    @usableFromInline @exclusivity(unchecked) var storage: Value
    #endif

    @inlinable
    package init(_ value: Value) {
        storage = value
    }

    /// The state, read or changed in place.
    ///
    /// Accessors compiled here and inlined into callers: an access to the stored property
    /// compiled in another module would be checked whatever its attribute says.
    @inlinable
    package var value: Value {
        _read {
            #if TRANQUIL_INTERNAL_CHECKS
            beginAccess()
            defer { endAccess() }
            #endif
            yield storage
        }
        _modify {
            #if TRANQUIL_INTERNAL_CHECKS
            beginAccess()
            defer { endAccess() }
            #endif
            yield &storage
        }
    }

    #if TRANQUIL_INTERNAL_CHECKS
    @inlinable
    func beginAccess() {
        let before = accesses.add(1)
        precondition(before == 0, "Tranquil internal check: overlapping accesses to a resolve's state")
    }

    @inlinable
    func endAccess() {
        accesses.add(-1)
    }
    #endif
}

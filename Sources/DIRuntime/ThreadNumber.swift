import CDIRuntime

/// A small number for each OS thread, from 1 in the order threads first ask for it: two
/// threads running at once never share one. ``StripedLocked`` picks the stripe a thread
/// reads under by it, and DICore's context pool the context a thread tries first, so that
/// threads started together use different ones.
///
/// Read from a C thread-local variable (see `CDIThreadSlot.h`): a few instructions, no call
/// once the thread has its number.
@usableFromInline
package enum ThreadNumber {
    /// The calling thread's number (1 or more).
    @inlinable
    package static var current: Int {
        tranquil_thread_number()
    }
}

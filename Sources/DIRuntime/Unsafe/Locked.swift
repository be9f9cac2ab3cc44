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
    // @unchecked Sendable: `state` is only touched while `lock` is held.
    @usableFromInline let lock = PlatformLock()
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
    }

    /// Runs `body` with exclusive access to the state.
    @inlinable
    package func withLock<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}

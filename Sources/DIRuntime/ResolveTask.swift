import CDIRuntime

/// The identity of the async resolve the current task runs, if any.
@usableFromInline
package enum ResolveTask {
    /// Set by an async top-level resolve for everything it awaits (inherited by child
    /// tasks, which ``ResolveIdentity/isCurrent`` tells apart).
    @TaskLocal package static var identity: ResolveIdentity?

    /// Whether any async top-level resolve is running in the process: while none is, no
    /// task can be inside one, and ``identity`` need not be read. Read by every synchronous
    /// resolve, so a C global's count (`CDIThreadSlot.h`), inlined.
    @inlinable
    package static var isAnyRunning: Bool {
        tranquil_async_resolves() != 0
    }

    /// Counts an async top-level resolve that starts now; ``ended()`` when it returns.
    package static func started() {
        tranquil_async_resolves_add(1)
    }

    /// Counts an async top-level resolve ``started()`` as ended.
    package static func ended() {
        tranquil_async_resolves_add(-1)
    }

    /// A fresh token for an async resolve.
    package static func nextToken() -> UInt64 {
        UInt64(tokens.add(1))
    }

    private static let tokens = AtomicCount()

    /// Tells the current task from others: the hash of the running task, `nil` outside
    /// any task.
    ///
    /// A hash of the task's identity, which the standard library gives (a task's own
    /// reference cannot be kept: `UnsafeCurrentTask` must not outlive the call). Two tasks
    /// alive at once have different identities, so their hashes differ but for a 64-bit
    /// collision; a task compared with one that ended is told apart by the identity's
    /// liveness first (``ResolveIdentity/isCurrent``).
    package static var currentTaskKey: Int? {
        withUnsafeCurrentTask { task in task?.hashValue }
    }
}

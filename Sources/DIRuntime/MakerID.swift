/// Who makes a value: an OS thread, or (inside an async resolve) the resolving task.
///
/// Nested resolves of one async resolve share its identity, so re-entering something it is
/// making is recognized as re-entry, exactly as nested calls on one thread are. The identity
/// is the resolve's own task's, and only while the resolve runs (``ResolveIdentity``): a
/// child task of one of its factories, or a `Task {}` one started, is another party.
package struct MakerID: Hashable, Sendable {
    private let raw: UInt
    private let isTask: Bool

    /// The calling thread, or the async resolve the caller's task runs.
    ///
    /// The task-local is read only while some async resolve runs.
    package static var current: MakerID {
        if ResolveTask.isAnyRunning, let identity = ResolveTask.identity, identity.isCurrent {
            return identity.maker
        }
        return MakerID(raw: ThreadID.current.raw, isTask: false)
    }

    /// A fresh identity for an async resolve.
    static func nextAsyncResolve() -> MakerID {
        MakerID(raw: UInt(ResolveTask.nextToken()), isTask: true)
    }

    /// Whether this party is an async resolve (a task that may suspend while it makes).
    package var isAsyncResolve: Bool { isTask }
}

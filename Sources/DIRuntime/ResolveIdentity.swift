/// The identity of one async resolve: its maker, the task it runs in, and whether it still
/// runs.
///
/// Task-locals are inherited by every child task and every `Task {}` created under them, so
/// the task-local alone would make a factory's child tasks, and tasks it started that
/// outlive it, the resolve itself: siblings would see each other's unfinished instances and
/// later resolves would fail as cycles. The identity holds only in the task that started
/// the resolve, and only until the resolve returns.
package final class ResolveIdentity: Sendable {
    /// Who the resolve makes instances as.
    package let maker: MakerID
    /// The task that runs the resolve (``ResolveTask/currentTaskKey``).
    private let task: Int?
    /// 1 while the resolve runs.
    private let live = AtomicWord(1)

    /// A new identity for a resolve starting in the current task.
    package init() {
        maker = .nextAsyncResolve()
        task = ResolveTask.currentTaskKey
    }

    /// `resolve`'s identity, continued in the current task: a task the resolve awaits that
    /// does a part of its work (the making of a cached instance), whose code is the
    /// resolve's own. End it when that task's work returns.
    package init(continuing resolve: ResolveIdentity) {
        maker = resolve.maker
        task = ResolveTask.currentTaskKey
    }

    /// Whether the caller runs as this resolve: in its task, while it runs.
    package var isCurrent: Bool {
        live.loadAcquiring() == 1 && ResolveTask.currentTaskKey == task
    }

    /// Called when the resolve returns: its task is nobody special from then on.
    package func end() {
        live.storeReleasing(0)
    }
}

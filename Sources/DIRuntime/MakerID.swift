#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

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
        if ResolveTask.running.value != 0, let identity = ResolveTask.identity, identity.isCurrent {
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

    /// Whether the caller runs as this resolve: in its task, while it runs.
    package var isCurrent: Bool {
        live.loadAcquiring() == 1 && ResolveTask.currentTaskKey == task
    }

    /// Called when the resolve returns: its task is nobody special from then on.
    package func end() {
        live.storeReleasing(0)
    }
}

/// The identity of the async resolve the current task runs, if any.
package enum ResolveTask {
    /// Set by an async top-level resolve for everything it awaits (inherited by child
    /// tasks, which ``ResolveIdentity/isCurrent`` tells apart).
    @TaskLocal package static var identity: ResolveIdentity?

    /// How many async top-level resolves are running in the process: while none is, no
    /// task can be inside one, and ``identity`` need not be read.
    package static let running = AtomicCount()

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

/// The identity of an OS thread, comparable and hashable.
@usableFromInline
package struct ThreadID: Hashable, Sendable {
    @usableFromInline let raw: UInt

    /// The calling thread.
    @inlinable
    package static var current: ThreadID {
        #if canImport(Darwin)
        ThreadID(raw: UInt(bitPattern: pthread_self()))
        #else
        ThreadID(raw: UInt(pthread_self()))
        #endif
    }

    @usableFromInline
    init(raw: UInt) {
        self.raw = raw
    }

    /// The identity as a word (never 0 for a running thread).
    @inlinable
    package var bits: UInt { raw }
}

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
/// making is recognized as re-entry, exactly as nested calls on one thread are.
package struct MakerID: Hashable, Sendable {
    private let raw: UInt
    private let isTask: Bool

    /// The calling thread, or the async resolve the caller runs in.
    ///
    /// The task-local is read only while some async resolve runs.
    package static var current: MakerID {
        if ResolveTask.running.value != 0, let token = ResolveTask.token {
            return MakerID(raw: UInt(token), isTask: true)
        }
        return MakerID(raw: ThreadID.current.raw, isTask: false)
    }

    /// Whether this party is an async resolve (a task that may suspend while it makes).
    package var isAsyncResolve: Bool { isTask }
}

/// The identity of the async resolve the current task runs in, if any.
package enum ResolveTask {
    /// Set by an async top-level resolve for everything it awaits.
    @TaskLocal package static var token: UInt64?

    /// How many async top-level resolves are running in the process: while none is, no
    /// task can be inside one, and ``token`` need not be read.
    package static let running = AtomicCount()

    /// A fresh token for an async resolve.
    package static func nextToken() -> UInt64 {
        UInt64(tokens.add(1))
    }

    private static let tokens = AtomicCount()
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

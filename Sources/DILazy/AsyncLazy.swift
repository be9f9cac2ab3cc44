import DIRuntime

/// A value made asynchronously on first access and kept afterwards.
///
/// The first `await lazy.value` starts making the value in a task of its own; every other
/// reader, concurrent or later, awaits that same task. Cancelling a reader does not cancel
/// the making, so one cancelled caller never leaves the value half-made for the others.
///
/// ```swift
/// let pool = AsyncLazy { await ConnectionPool.connect() }
/// let connection = await pool.value.acquire()
/// ```
public final class AsyncLazy<Value: Sendable>: Sendable {
    private enum State {
        case idle
        case making(Task<Value, Never>)
        case made(Value)
    }

    private let make: @Sendable () async -> Value
    private let state = Locked(State.idle)

    /// Creates a lazy value that `make` produces on first access.
    public init(_ make: @escaping @Sendable () async -> Value) {
        self.make = make
    }

    /// The value, made on first access.
    ///
    /// Read on the caller's actor: once the value is made, reading it does not leave that
    /// actor (the main actor, say); a first read awaits the task that makes it.
    public nonisolated(nonsending) var value: Value {
        get async {
            let step: Step = state.withLock { state in
                switch state {
                case .made(let value):
                    return .done(value)
                case .making(let task):
                    return .await(task)
                case .idle:
                    let make = make
                    let task = Task { await make() }
                    state = .making(task)
                    return .await(task)
                }
            }
            let task: Task<Value, Never>
            switch step {
            case .done(let value): return value
            case .await(let making): task = making
            }
            let value = await task.value
            // Kept only if this making is still the current one: after a `clear()`, a read
            // may have started another, whose value the next reads must get.
            state.withLock { state in
                if case .making(let current) = state, current == task { state = .made(value) }
            }
            return value
        }
    }

    /// Whether the value has been made (and not cleared since).
    public var wasMade: Bool {
        state.withLock { state in
            if case .made = state { return true }
            return false
        }
    }

    private enum Step {
        case done(Value)
        case await(Task<Value, Never>)
    }

    /// Forgets the value; the next read makes it again.
    ///
    /// A making under way still completes for the reads that awaited it, but its value is
    /// not kept: reads after the clear get a value made after it.
    public func clear() {
        state.withLock { $0 = .idle }
    }
}

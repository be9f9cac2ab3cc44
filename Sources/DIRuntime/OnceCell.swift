/// Storage for a value made at most once, however many threads ask for it at the same time.
///
/// The first caller of ``value(tryMaking:)`` runs the closure outside the lock; callers on other
/// threads wait on a ``Gate`` until it is done. Shared by `Lazy` and `Lazy1` … `Lazy5`.
///
/// Copies share one cell: its state and lock are one object (a ``Locked``), so a `Lazy`
/// is two objects, not three.
package struct OnceCell<Value>: @unchecked Sendable {
    // @unchecked Sendable: all state lives in a `Locked`; the value is handed out by copy.
    private enum State {
        case idle
        case making(Gate)
        case made(Value)
    }

    private enum Step {
        case done(Value)
        case wait(Gate)
        case make(Gate)
    }

    private let state = Locked(State.idle)

    package init() {}

    /// The stored value, made by `make` if there is none yet. A `make` that throws stores
    /// nothing: the error goes to this caller, and the next caller (or a waiting one) tries again.
    ///
    /// A caller that must not block for an async resolve (a task, the main actor: see
    /// ``Gate/callerMustNotBlockForAsync(callerOnMainActor:)``) does not wait for a making
    /// that waits for one, directly or through others: it throws ``BlockingReadRefused``, as
    /// a synchronous resolve there fails with `.requiresAsync`. Blocked, such callers could
    /// take every thread the async resolve needs to go on.
    package func value(tryMaking make: () throws -> Value) throws -> Value {
        while true {
            let step: Step = state.withLock { state in
                switch state {
                case .made(let value):
                    return .done(value)
                case .making(let gate):
                    return .wait(gate)
                case .idle:
                    let gate = Gate()
                    state = .making(gate)
                    return .make(gate)
                }
            }
            switch step {
            case .done(let value):
                return value
            case .wait(let gate):
                // A Lazy's gate never lets waiters through: `.passed` cannot happen.
                switch gate.wait(mustNotBlockForAsync: Gate.callerMustNotBlockForAsync(callerOnMainActor: false)) {
                case .deadlocked:
                    fatalError(
                        "a lazy \(Value.self) was read inside its own initializer, or by threads waiting on each other"
                    )
                case .refused:
                    throw BlockingReadRefused(valueType: Value.self)
                case .opened, .passed:
                    continue
                }
            case .make(let gate):
                let value: Value
                do {
                    value = try make()
                } catch {
                    settle(gate, as: .idle)
                    throw error
                }
                settle(gate, as: .made(value))
                return value
            }
        }
    }

    /// Ends the making `gate` stands for with `outcome`, if it is still the current one: a
    /// `clear()` meanwhile may have let another making start, whose outcome counts instead.
    private func settle(_ gate: Gate, as outcome: State) {
        state.withLock { state in
            if case .making(let current) = state, current === gate { state = outcome }
        }
        gate.open()
    }

    /// Whether a value is stored.
    package var isMade: Bool {
        state.withLock { state in
            if case .made = state { return true }
            return false
        }
    }

    /// Drops the stored value, or the value being made right now: the next read makes it
    /// again. A making under way still hands its value to the read that started it, and
    /// stores nothing (``settle(_:as:)``).
    package func clear() {
        state.withLock { $0 = .idle }
    }
}

/// A read of a lazy value that would have blocked a task or the main actor for an async
/// resolve (see ``OnceCell/value(tryMaking:)``).
package struct BlockingReadRefused: Error, CustomStringConvertible {
    package let valueType: Any.Type

    package var description: String {
        "\(valueType) is being made on another thread, which waits for an instance an async resolve is making, and a task or the main actor must not block for one; read it with await (hold an AsyncLazy), or from a thread that is not running a task"
    }
}

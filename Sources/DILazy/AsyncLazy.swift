import DIRuntime

/// A value made asynchronously on first access and kept afterwards.
///
/// The first `await lazy.value` starts making the value in a task of its own; every other
/// reader, concurrent or later, awaits that same task. Cancelling a reader does not cancel
/// the making, so one cancelled caller never leaves the value half-made for the others.
/// The value is kept and handed to every task that reads it, so its type is `Sendable`;
/// for a type that is not, hold an `AsyncProvider`, which makes a new one for each read.
///
/// ```swift
/// let pool = AsyncLazy { await ConnectionPool.connect() }
/// let connection = await pool.value.acquire()
/// ```
///
/// One a container made can fail (a dependency of its component is missing, say): ``value``
/// then traps with the container's error; `tryValue()` (in DICore) throws it to every read
/// that awaited that making, and keeps nothing, so a later read tries again.
///
/// > Warning: Reading ``value`` from inside its own closure is a programming error and traps,
/// > and so does a loop of them: two `AsyncLazy` values whose closures read each other (or
/// > three, each reading the next), whichever task read first — each making would await the
/// > other's forever. A task the closure awaits (an `async let`, a task group's child) that
/// > reads it is not seen as the closure: it waits for the closure, which waits for it, and
/// > that wait never ends.
public final class AsyncLazy<Value: Sendable>: Sendable {
    private enum State {
        case idle
        case making(Making)
        case made(Value)
    }

    /// A making under way: its task, and where the task leaves the value for the reads that
    /// await it.
    ///
    /// The task returns nothing and holds the box weakly: the runtime may hold a finished
    /// task after the reads it woke have returned, and a value in its result would live
    /// on after a `clear()` and the app have let it go.
    private struct Making {
        let task: Task<Void, Never>
        let made: MadeValue
    }

    /// The value (or the failure) a making left, once its task has finished.
    private final class MadeValue: AwaitedMaking {
        let value = Locked<Result<Value, any Error>?>(nil)
        /// The making task while it runs the closure (``ResolveTask/currentTaskKey``): a read
        /// from that task, or from a making it awaits, would await itself.
        let task = Locked<Int?>(nil)

        var makingTask: Int? { task.withLock { $0 } }
        var label: String { "AsyncLazy<\(Value.self)>" }
    }

    private let make: @Sendable () async throws -> Value
    private let state = Locked(State.idle)

    /// Creates a lazy value that `make` produces on first access.
    public init(_ make: @escaping @Sendable () async -> Value) {
        self.make = make
    }

    /// Creates a lazy value whose `make` may fail: what a container hands out.
    package init(failable make: @escaping @Sendable () async throws -> Value) {
        self.make = make
    }

    /// The value, made on first access.
    ///
    /// Read on the caller's actor: once the value is made, reading it does not leave that
    /// actor (the main actor, say); a first read awaits the task that makes it.
    ///
    /// > Warning: For a lazy value a container made, a failure traps with the container's
    /// > error; call `tryValue()` to handle it.
    public nonisolated(nonsending) var value: Value {
        get async {
            // Not through `awaitedValueOrTrap`: a closure passed there would run off the
            // caller's actor, and a made value is read without leaving it.
            do {
                return try await attempt()
            } catch {
                trap(reading: Self.self, error)
            }
        }
    }

    /// The value (made on the first access, then kept), or the error that prevented making
    /// it: every read that awaited that making gets the error, and nothing is kept.
    package nonisolated(nonsending) func attempt() async throws -> Value {
        let step: Step = state.withLock { state in
            switch state {
            case .made(let value):
                return .done(value)
            case .making(let making):
                return .await(making)
            case .idle:
                let make = make
                let made = MadeValue()
                let task = Task { [weak made] in
                    made?.task.withLock { $0 = ResolveTask.currentTaskKey }
                    let result: Result<Value, any Error>
                    do {
                        result = .success(try await make())
                    } catch {
                        result = .failure(error)
                    }
                    made?.task.withLock { $0 = nil }
                    made?.value.withLock { $0 = result }
                }
                let making = Making(task: task, made: made)
                state = .making(making)
                return .await(making)
            }
        }
        let making: Making
        switch step {
        case .done(let value): return value
        case .await(let awaited): making = awaited
        }
        let reader = ResolveTask.currentTaskKey
        if let reader {
            if let loop = AsyncLazyWaits.shared.startAwaiting(making.made, by: reader) {
                Self.trapLoop(loop)
            }
        }
        await making.task.value
        if let reader { AsyncLazyWaits.shared.stopAwaiting(by: reader) }
        // This read holds the box, so the task found it and left the value there.
        guard let result = making.made.value.withLock({ $0 }) else {
            preconditionFailure("an AsyncLazy's making finished without leaving its value")
        }
        // Kept only if this making is still the current one: after a `clear()`, a read
        // may have started another, whose value the next reads must get. A failure is not
        // kept: the next read makes it again.
        state.withLock { state in
            guard case .making(let current) = state, current.made === making.made else { return }
            switch result {
            case .success(let value): state = .made(value)
            case .failure: state = .idle
            }
        }
        return try result.get()
    }

    /// Whether the value has been made (and not cleared since).
    public var wasMade: Bool {
        state.withLock { state in
            if case .made = state { return true }
            return false
        }
    }

    /// Stops a read that closes a loop of awaits (see ``AsyncLazyWaits``): it would wait
    /// forever, and so would every making of the loop.
    private static func trapLoop(_ loop: [any AwaitedMaking]) -> Never {
        guard loop.count > 1 else {
            fatalError(
                "an AsyncLazy<\(Value.self)> was read inside its own closure: the read would wait for itself"
            )
        }
        let chain = (loop + [loop[0]]).map(\.label).joined(separator: " → ")
        fatalError(
            "an AsyncLazy<\(Value.self)> was read inside the making of a value that its own making awaits (\(chain), each closure reading the next): the makings would wait for each other forever"
        )
    }

    private enum Step {
        case done(Value)
        case await(Making)
    }

    /// Forgets the value; the next read makes it again.
    ///
    /// The lazy value holds nothing of it afterwards: once the app lets go of it too, it is
    /// released, as a `Lazy`'s is.
    ///
    /// A making under way still completes for the reads that awaited it, but its value is
    /// not kept: reads after the clear get a value made after it.
    public func clear() {
        state.withLock { $0 = .idle }
    }
}

import DIRuntime

/// A value made on first access and kept afterwards.
///
/// `Lazy` wraps a closure. The first read of ``value`` runs it; every later read returns the
/// same result until ``clear()`` is called. It is safe to read from many threads at once:
/// the closure runs exactly once, and the other readers wait for it — but for a reader in a
/// task or on the main actor when the closure waits for an instance an async resolve of a
/// container is making: that reader fails (`.requiresAsync`) instead of blocking a thread
/// the async resolve may need.
///
/// ```swift
/// let config = Lazy { loadConfiguration() }
/// print(config.wasMade)   // false
/// print(config.value)     // runs loadConfiguration()
/// print(*config)          // same value, not made again
/// ```
///
/// When a container injects a `Lazy`, the value is resolved in the same object graph as the
/// object that received it. Such a `Lazy` can fail (a dependency of its component is
/// missing, say): ``value`` then traps with the container's error; `tryValue()` (in DICore)
/// throws it and keeps nothing, so a later read tries again.
///
/// > Warning: Reading ``value`` from inside its own closure is a programming error and traps.
public final class Lazy<Value> {
    private let make: @Sendable () throws -> Value
    private let cell = OnceCell<Value>()

    /// Creates a lazy value that runs `make` on first access.
    ///
    /// - Parameter make: Produces the value. Runs at most once between calls to ``clear()``.
    public init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
    }

    /// Creates a lazy value whose `make` may fail: what a container hands out.
    package init(failable make: @escaping @Sendable () throws -> Value) {
        self.make = make
    }

    /// The value, made on first access.
    ///
    /// > Warning: For a lazy value a container made, a failure traps with the container's
    /// > error; call `tryValue()` to handle it.
    public var value: Value { valueOrTrap(of: Self.self) { try attempt() } }

    /// The value (made on the first access, then kept), or the error that prevented making
    /// it; nothing is kept then.
    package func attempt() throws -> Value {
        try cell.value(tryMaking: make)
    }

    /// Whether the value has been made (and not cleared since).
    public var wasMade: Bool { cell.isMade }

    /// Forgets the value; the next read of ``value`` makes it again.
    ///
    /// A read already making the value on another thread completes with it, but the value
    /// is not kept: reads after the clear get a value made after it.
    public func clear() { cell.clear() }
}

/// Reads a lazy value: `*lazy` is `lazy.value`.
public prefix func * <Value>(lazy: Lazy<Value>) -> Value {
    lazy.value
}

// The cell guards its state with a lock and the closure is @Sendable, so a Lazy may cross
// threads whenever the value it hands out may.
extension Lazy: @unchecked Sendable where Value: Sendable {}

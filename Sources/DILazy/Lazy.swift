import DIRuntime

/// A value made on first access and kept afterwards.
///
/// `Lazy` wraps a closure. The first read of ``value`` runs it; every later read returns the
/// same result until ``clear()`` is called. It is safe to read from many threads at once:
/// the closure runs exactly once, and the other readers wait for it.
///
/// ```swift
/// let config = Lazy { loadConfiguration() }
/// print(config.wasMade)   // false
/// print(config.value)     // runs loadConfiguration()
/// print(*config)          // same value, not made again
/// ```
///
/// When a container injects a `Lazy`, the value is resolved in the same object graph as the
/// object that received it.
///
/// > Warning: Reading ``value`` from inside its own closure is a programming error and traps.
public final class Lazy<Value> {
    private let make: @Sendable () -> Value
    private let cell = OnceCell<Value>()

    /// Creates a lazy value that runs `make` on first access.
    ///
    /// - Parameter make: Produces the value. Runs at most once between calls to ``clear()``.
    public init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
    }

    /// The value, made on first access.
    public var value: Value { cell.value(making: make) }

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

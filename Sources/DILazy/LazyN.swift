import DIRuntime

/// A value made on the first call from that call's arguments, and kept afterwards.
///
/// `Lazy1` … `Lazy5` are this type with one to five arguments. Later calls return the
/// first value whatever their arguments; ``clear()`` forgets it.
///
/// ```swift
/// let session: Lazy1<Session, String> = container.resolve()
/// let s = session.value("alice")   // made with "alice"
/// let t = session.value("bob")     // the same session
/// ```
public final class LazyN<Value, each Argument> {
    private let make: @Sendable (repeat each Argument) -> Value
    private let cell = OnceCell<Value>()

    /// Creates a lazy value made by `make` from the first call's arguments.
    public init(_ make: @escaping @Sendable (repeat each Argument) -> Value) {
        self.make = make
    }

    /// The value: made from `argument` on the first call, then kept.
    public func value(_ argument: repeat each Argument) -> Value {
        cell.value { make(repeat each argument) }
    }

    /// Whether the value has been made (and not cleared since).
    public var wasMade: Bool { cell.isMade }

    /// Forgets the value; the next call makes it again from its arguments.
    public func clear() { cell.clear() }
}

/// A lazy value made from one runtime argument.
public typealias Lazy1<Value, A1> = LazyN<Value, A1>
/// A lazy value made from two runtime arguments.
public typealias Lazy2<Value, A1, A2> = LazyN<Value, A1, A2>
/// A lazy value made from three runtime arguments.
public typealias Lazy3<Value, A1, A2, A3> = LazyN<Value, A1, A2, A3>
/// A lazy value made from four runtime arguments.
public typealias Lazy4<Value, A1, A2, A3, A4> = LazyN<Value, A1, A2, A3, A4>
/// A lazy value made from five runtime arguments.
public typealias Lazy5<Value, A1, A2, A3, A4, A5> = LazyN<Value, A1, A2, A3, A4, A5>

// The cell guards its state with a lock and the closure is @Sendable.
extension LazyN: @unchecked Sendable where Value: Sendable {}

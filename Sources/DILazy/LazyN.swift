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
///
/// One the container made can fail: `value(…)` then traps with the container's error;
/// `tryValue(…)` (in DICore) throws it and keeps nothing, so a later call tries again.
public final class LazyN<Value, each Argument> {
    private let make: @Sendable (repeat each Argument) throws -> Value
    private let cell = OnceCell<Value>()

    /// Creates a lazy value made by `make` from the first call's arguments.
    public init(_ make: @escaping @Sendable (repeat each Argument) -> Value) {
        self.make = make
    }

    /// Creates a lazy value whose `make` may fail: what a container hands out.
    package init(failable make: @escaping @Sendable (repeat each Argument) throws -> Value) {
        self.make = make
    }

    /// The value: made from `argument` on the first call, then kept.
    ///
    /// > Warning: For a lazy value a container made, a failure traps with the container's
    /// > error; call `tryValue(…)` to handle it.
    public func value(_ argument: repeat each Argument) -> Value {
        do {
            return try attempt(repeat each argument)
        } catch {
            fatalError("\(error)")
        }
    }

    /// The value (made from `argument` on the first call, then kept), or the error that
    /// prevented making it; nothing is kept then.
    package func attempt(_ argument: repeat each Argument) throws -> Value {
        try cell.value { () throws in try make(repeat each argument) }
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

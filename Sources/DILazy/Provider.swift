/// A value made anew on every access.
///
/// `Provider` wraps a closure and runs it on every read of ``value``. When a container
/// injects a `Provider`, each read asks the container, so the component's lifetime still
/// decides whether a new instance is made. Such a provider can fail: ``value`` then traps
/// with the container's error; `tryValue()` (in DICore) throws it.
///
/// ```swift
/// let stamp = Provider { ContinuousClock.now }
/// stamp.value   // now
/// *stamp        // a later instant
/// ```
public struct Provider<Value> {
    private let make: @Sendable () throws -> Value

    /// Creates a provider that runs `make` on every access.
    public init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
    }

    /// Creates a provider whose `make` may fail: what a container hands out.
    package init(failable make: @escaping @Sendable () throws -> Value) {
        self.make = make
    }

    /// A value made now.
    ///
    /// > Warning: For a provider a container made, a failure traps with the container's
    /// > error; call `tryValue()` to handle it.
    public var value: Value { valueOrTrap(of: Self.self, make) }

    /// A value made now, or the error that prevented it.
    package func attempt() throws -> Value {
        try make()
    }
}

/// Reads a provider: `*provider` is `provider.value`.
public prefix func * <Value>(provider: Provider<Value>) -> Value {
    provider.value
}

// The closure is @Sendable; a provider may cross threads whenever its values may.
extension Provider: Sendable where Value: Sendable {}

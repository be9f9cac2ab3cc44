/// A value made anew on every access.
///
/// `Provider` wraps a closure and runs it on every read of ``value``. When a container
/// injects a `Provider`, each read asks the container, so the component's lifetime still
/// decides whether a new instance is made.
///
/// ```swift
/// let stamp = Provider { ContinuousClock.now }
/// stamp.value   // now
/// *stamp        // a later instant
/// ```
public struct Provider<Value> {
    private let make: @Sendable () -> Value

    /// Creates a provider that runs `make` on every access.
    public init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
    }

    /// A value made now.
    public var value: Value { make() }
}

/// Reads a provider: `*provider` is `provider.value`.
public prefix func * <Value>(provider: Provider<Value>) -> Value {
    provider.value
}

// The closure is @Sendable; a provider may cross threads whenever its values may.
extension Provider: Sendable where Value: Sendable {}

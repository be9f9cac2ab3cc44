/// A value made asynchronously anew on every access.
///
/// ```swift
/// let snapshot: AsyncProvider<Report> = container.resolve()
/// let report = await snapshot.value
/// ```
public struct AsyncProvider<Value>: Sendable {
    private let make: @Sendable () async -> Value

    /// Creates a provider that runs `make` on every access.
    public init(_ make: @escaping @Sendable () async -> Value) {
        self.make = make
    }

    /// A value made now.
    public var value: Value {
        get async { await make() }
    }
}

/// A value made asynchronously anew on every access.
///
/// ```swift
/// let snapshot: AsyncProvider<Report> = container.resolve()
/// let report = await snapshot.value
/// ```
///
/// One a container made can fail: ``value`` then traps with the container's error;
/// `tryValue()` (in DICore) throws it.
public struct AsyncProvider<Value>: Sendable {
    private let make: @Sendable () async throws -> Value

    /// Creates a provider that runs `make` on every access.
    public init(_ make: @escaping @Sendable () async -> Value) {
        self.make = make
    }

    /// Creates a provider whose `make` may fail: what a container hands out.
    package init(failable make: @escaping @Sendable () async throws -> Value) {
        self.make = make
    }

    /// A value made now.
    ///
    /// > Warning: For a provider a container made, a failure traps with the container's
    /// > error; call `tryValue()` to handle it.
    public var value: Value {
        get async { await awaitedValueOrTrap(of: Self.self, make) }
    }

    /// A value made now, or the error that prevented it.
    package func attempt() async throws -> Value {
        try await make()
    }
}

/// A value made asynchronously anew on every call, from runtime arguments.
///
/// The asynchronous counterpart of ``ProviderN``: the arguments feed the target's `arg`
/// parameters in order.
public struct AsyncProviderN<Value, each Argument>: Sendable {
    private let make: @Sendable (repeat each Argument) async -> Value

    /// Creates a provider that runs `make` with the arguments of every call.
    public init(_ make: @escaping @Sendable (repeat each Argument) async -> Value) {
        self.make = make
    }

    /// A value made now from `argument`.
    public func value(_ argument: repeat each Argument) async -> Value {
        await make(repeat each argument)
    }
}

/// An asynchronous provider taking one runtime argument.
public typealias AsyncProvider1<Value, A1> = AsyncProviderN<Value, A1>
/// An asynchronous provider taking two runtime arguments.
public typealias AsyncProvider2<Value, A1, A2> = AsyncProviderN<Value, A1, A2>
/// An asynchronous provider taking three runtime arguments.
public typealias AsyncProvider3<Value, A1, A2, A3> = AsyncProviderN<Value, A1, A2, A3>

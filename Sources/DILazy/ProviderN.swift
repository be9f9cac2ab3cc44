/// A value made anew on every call, from runtime arguments.
///
/// `Provider1` … `Provider5` are this type with one to five arguments. When a container
/// injects one, the arguments feed the `arg($n)` parameters of the target's registration,
/// in order, and their types are checked against them.
///
/// ```swift
/// let router: Provider2<NewsRouter, String, Int> = container.resolve()
/// let news = router.value("server", 20)
/// ```
///
/// One the container made can fail (say its component's factory needs what is gone):
/// `value(…)` then traps with the container's error; `tryValue(…)` (in DICore) throws it.
public struct ProviderN<Value, each Argument> {
    private let make: @Sendable (repeat each Argument) throws -> Value

    /// Creates a provider that runs `make` with the arguments of every call.
    public init(_ make: @escaping @Sendable (repeat each Argument) -> Value) {
        self.make = make
    }

    /// Creates a provider whose `make` may fail: what a container hands out.
    package init(failable make: @escaping @Sendable (repeat each Argument) throws -> Value) {
        self.make = make
    }

    /// A value made now from `argument`.
    ///
    /// > Warning: For a provider a container made, a failure traps with the container's error;
    /// > call `tryValue(…)` to handle it.
    public func value(_ argument: repeat each Argument) -> Value {
        do {
            return try make(repeat each argument)
        } catch {
            fatalError("\(error)")
        }
    }

    /// A value made now from `argument`, or the error that prevented it.
    package func attempt(_ argument: repeat each Argument) throws -> Value {
        try make(repeat each argument)
    }
}

/// A provider taking one runtime argument.
public typealias Provider1<Value, A1> = ProviderN<Value, A1>
/// A provider taking two runtime arguments.
public typealias Provider2<Value, A1, A2> = ProviderN<Value, A1, A2>
/// A provider taking three runtime arguments.
public typealias Provider3<Value, A1, A2, A3> = ProviderN<Value, A1, A2, A3>
/// A provider taking four runtime arguments.
public typealias Provider4<Value, A1, A2, A3, A4> = ProviderN<Value, A1, A2, A3, A4>
/// A provider taking five runtime arguments.
public typealias Provider5<Value, A1, A2, A3, A4, A5> = ProviderN<Value, A1, A2, A3, A4, A5>

// The closure is @Sendable; the provider may cross threads whenever its values may.
extension ProviderN: Sendable where Value: Sendable {}

import DIRuntime

/// How a compiled step (``TypedStep``) of a component's registered type becomes a step of
/// one of its aliases (`as(Animal.self)`): code that `as` compiles where it is called, for
/// the two types it knows there.
///
/// A request for an alias — a protocol, most often, as a factory's parameter or a
/// top-level request — then gets the instance converted by code compiled for both types,
/// where the compiler decides the cast, instead of a cast from `Any` that looks the
/// conformance up at run time on every resolve (about 2,000 instructions for a class to a
/// protocol).
@usableFromInline
package struct AliasConversion: Sendable {
    /// The alias's step, made from `registered`, a step of the registered type; `nil` when
    /// `registered` is a step of another type.
    @usableFromInline
    let step: @Sendable (_ registered: any AnyTypedStep) -> (any AnyTypedStep)?

    /// The conversion of a `Registered`'s step into a `Parent`'s: a checked cast, which the
    /// compiler decides when it knows both types (a class and a protocol it conforms to).
    /// An instance that is not a `Parent` fails as in the general way (`.typeMismatch`).
    ///
    /// A class converted to a protocol is looked up at run time all the same: the runtime
    /// finds the conformance in its cache on every resolve (a few hundred instructions).
    /// ``init(from:to:converting:)`` has none.
    @inlinable
    package init<Registered, Parent>(from registered: Registered.Type, to parent: Parent.Type) {
        step = { registered in
            guard let registered = registered as? TypedStep<Registered> else { return nil }
            let get = registered.get
            return TypedStep<Parent> { source, frame throws(DIError) -> Parent in
                let value = try get(source, frame)
                if let parent = value as? Parent { return parent }
                return try cast(value, to: Parent.self)
            }
        }
    }

    /// The conversion of a `Registered`'s step into a `Parent`'s by the user's `conversion`
    /// (`as(check:_:)`), which the compiler checked: an upcast compiled in place, with no
    /// run-time lookup.
    ///
    /// The rest of the resolves cast the instance, so `conversion` must return its
    /// argument: a debug build stops when it returns another object.
    @inlinable
    package init<Registered, Parent>(
        from registered: Registered.Type,
        to parent: Parent.Type,
        converting conversion: @escaping @Sendable (Registered) -> Parent
    ) {
        step = { registered in
            guard let registered = registered as? TypedStep<Registered> else { return nil }
            let get = registered.get
            return TypedStep<Parent> { source, frame throws(DIError) -> Parent in
                let value = try get(source, frame)
                let converted = conversion(value)
                assert(
                    Self.returnsItsArgument(value, converted),
                    "as(check: \(Parent.self)) must return its argument ({ $0 }): it returned another object for a \(Registered.self)"
                )
                return converted
            }
        }
    }

    /// Whether `converted` is `value` itself, as far as can be told: for a class instance,
    /// the same object (an instance of a value type has no identity to compare).
    @usableFromInline
    static func returnsItsArgument<Registered, Parent>(_ value: Registered, _ converted: Parent) -> Bool {
        guard Registered.self is AnyObject.Type else { return true }
        return (value as AnyObject) === (converted as AnyObject)
    }
}

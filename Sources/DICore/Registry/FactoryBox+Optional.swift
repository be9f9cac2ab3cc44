import DIRuntime

// `register { optionalValue }`: the component is registered as the wrapped type, and a `nil`
// from its factory is "nothing to answer with" — an error for a required request, `nil` for
// an optional one (see `ResolveContext.answersNil`).
extension FactoryBox {
    /// This factory (which makes an `Optional`) making the wrapped value instead, failing
    /// when there is none.
    func unwrappingOptional() -> FactoryBox {
        // `if let`, not `Optional.map` with a nested closure: that crashes Swift 6.3's SILGen.
        if let make {
            return FactoryBox(onMainActor: runsOnMainActor) { source, component throws(DIError) -> Any in
                try Self.unwrapped(try make(source, component), of: component)
            }
        }
        guard let makeAsync else { return self }  // every factory has one of the two
        return FactoryBox(makeAsync: { source, component throws(DIError) -> Any in
            try Self.unwrapped(try await makeAsync(source, component), of: component)
        })
    }

    /// The value inside an `Optional` that `component` made, or the error for a `nil`
    /// (``DIError/absentComponent``).
    private static func unwrapped(_ value: Any, of component: Component) throws(DIError) -> Any {
        if let optional = value as? any OptionalRequest, let wrapped = optional.unwrapped { return wrapped }
        var error = DIError(
            kind: .notRegistered,
            requested: "",
            path: [],
            reason: "its registration's closure returned nil"
        )
        error.absentComponent = ObjectIdentifier(component)
        throw error
    }
}

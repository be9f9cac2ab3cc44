extension Component {
    /// Whether runtime arguments of `types` can feed this component's `arg` parameters: what
    /// a `Provider1` … / `Lazy1` … is checked against when it is handed out, so a wrong count or
    /// type fails `resolve` at once instead of trapping at the first `.value(…)`.
    ///
    /// A type fits a parameter of the same type or of a superclass. An existential parameter
    /// (`any P`, `Any`) is given the benefit of the doubt: no test on types can tell whether a
    /// value will conform, and the check of each value at `.value(…)` decides.
    ///
    /// Trailing `Optional` parameters may be left out (``requiredArgumentCount``).
    func accepts(argumentTypes types: [Any.Type]) -> Bool {
        if types.isEmpty { return requiredArgumentCount == 0 }
        let parameters = config.arguments
        guard types.count <= parameters.count, types.count >= requiredArgumentCount else { return false }
        for (parameter, type) in zip(parameters, types) where ObjectIdentifier(parameter.leaf) != ObjectIdentifier(type)
        {
            if parameter.acceptsArgumentType?(type) != true { return false }
        }
        return true
    }
}

/// Whether `T` is an existential (`any P`, `any P & Q`, `Any`, `AnyObject`): its metatype is
/// then `P.Protocol`, not `P.Type`. Asked only once a type test has failed; the name is made
/// once per type (``typeName(_:)``).
package func isExistential<T>(_ type: T.Type) -> Bool {
    typeName(T.Type.self).hasSuffix("Protocol")
}

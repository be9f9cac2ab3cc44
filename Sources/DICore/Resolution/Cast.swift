import DILazy

/// `value` as a `P`, or a `.typeMismatch` error.
///
/// Written as a check and a forced cast rather than `as? P`: a conditional cast to a
/// generic `P` builds `Optional<P>` type metadata at run time, which costs more than the
/// rest of a cached resolve. The forced cast cannot fail after the check.
@inline(__always)
func cast<P>(_ value: Any, to type: P.Type) throws(DIError) -> P {
    guard value is P else {
        throw DIError(
            kind: .typeMismatch,
            requested: typeName(P.self),
            path: [typeName(P.self)],
            reason: "the component made \(typeName(Swift.type(of: value))), which is not a \(typeName(P.self))"
        )
    }
    // swift-format-ignore: NeverForceUnwrap
    return value as! P
}

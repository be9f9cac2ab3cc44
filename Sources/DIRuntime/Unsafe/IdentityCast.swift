/// Thrown by ``identityCast(_:to:)`` and ``exactValue(_:as:)`` when the types differ.
@usableFromInline
package struct NotExactly: Error {
    @inlinable package init() {}
}

/// `value` as a `Target`, when its static type `Source` *is* `Target`.
///
/// A generic function not specialized for `Target` cannot return a `Source` as a `Target`
/// without a dynamic cast, and a conditional cast makes the runtime build `Optional<Target>`
/// metadata on every call (so does returning a `Target?`: this throws instead). When the two
/// type parameters are the same type, the value's bits already are a `Target`:
/// reinterpreting them is defined, and costs a copy.
///
/// The invariant (`Source.self == Target.self`) is the function's own guard, so it holds in
/// every build.
@inlinable @inline(__always)
package func identityCast<Source, Target>(_ value: Source, to type: Target.Type) throws(NotExactly) -> Target {
    guard Source.self == Target.self else { throw NotExactly() }
    return unsafeBitCast(value, to: Target.self)
}

/// The value inside an `Any`, as a `Target`, when its dynamic type is exactly `Target`.
///
/// Opens the existential (its dynamic type arrives as `Source`, read from the box with no
/// runtime call) and applies ``identityCast(_:to:)``.
@inlinable
package func exactValue<Target>(_ value: Any, as type: Target.Type) throws(NotExactly) -> Target {
    func open<Source>(_ opened: Source) throws(NotExactly) -> Target {
        try identityCast(opened, to: Target.self)
    }
    return try open(value)
}

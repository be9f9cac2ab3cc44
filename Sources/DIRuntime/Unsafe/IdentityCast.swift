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

/// The class instance inside an `Any`, as an object: the reference itself, retained; `nil`
/// when the value's dynamic type is not a class.
///
/// Opens the existential, as ``exactValue(_:as:)`` does, and asks whether the opened type is
/// a class (`is AnyObject.Type`, a look at its metadata); `value as AnyObject` is instead
/// a bridging cast that looks up conformances on every call. The invariant of
/// ``classObject(_:)`` is the function's own guard, so it holds in every build.
///
/// A value generic code made as an existential (a factory returning `any P` or `AnyObject`)
/// opens to that existential type, not a class: its dynamic type (`type(of:)` looks through
/// it) says whether a class instance is inside, and the checked cast takes it out.
@inlinable
package func objectInside(_ value: Any) -> AnyObject? {
    func open<Source>(_ opened: Source) -> AnyObject? {
        guard Source.self is AnyObject.Type else { return nil }
        return unsafeBitCast(opened, to: AnyObject.self)
    }
    if let object = open(value) { return object }
    guard type(of: value) is AnyObject.Type else { return nil }
    return value as AnyObject
}

/// `value`, an instance of the class `T`, as an object: the reference itself, retained.
///
/// Generic code not specialized for `T` turns `value as AnyObject` into a bridging call that
/// looks up conformances on every call; a reference of a class type already is an object.
///
/// The invariant (`T` is a class type: `T.self is AnyObject.Type`, which the caller asked
/// once) is the caller's; a build with `TRANQUIL_INTERNAL_CHECKS` checks it on every call.
@inlinable @inline(__always)
package func classObject<T>(_ value: T) -> AnyObject {
    #if TRANQUIL_INTERNAL_CHECKS
    precondition(T.self is AnyObject.Type, "Tranquil internal check: \(T.self) is not a class")
    #endif
    return unsafeBitCast(value, to: AnyObject.self)
}

/// `object` as the instance of the class `T` it is: the reference itself, retained.
///
/// The invariant (`object is T`, with `T` a class type) is the caller's; a build with
/// `TRANQUIL_INTERNAL_CHECKS` checks it on every call.
@inlinable @inline(__always)
package func classInstance<T>(_ object: AnyObject, as type: T.Type) -> T {
    #if TRANQUIL_INTERNAL_CHECKS
    precondition(
        T.self is AnyObject.Type && object is T,
        "Tranquil internal check: \(Swift.type(of: object)) is not a \(T.self)"
    )
    #endif
    return unsafeBitCast(object, to: T.self)
}

/// `object` as the instance of the class `T` it is, taking over the reference: no retain
/// and no release, where ``classInstance(_:as:)`` in code not specialized for `T` retains
/// the instance once more and releases `object` (two more atomic operations, on an object
/// that every thread resolving it shares).
///
/// The invariant (`object is T`, with `T` a class type) is the caller's; a build with
/// `TRANQUIL_INTERNAL_CHECKS` checks it on every call.
@inlinable @inline(__always)
package func classInstance<T>(taking object: consuming AnyObject, as type: T.Type) -> T {
    #if TRANQUIL_INTERNAL_CHECKS
    precondition(
        T.self is AnyObject.Type && object is T,
        "Tranquil internal check: \(Swift.type(of: object)) is not a \(T.self)"
    )
    #endif
    var reference: AnyObject? = consume object
    return moveInstance(from: &reference, as: T.self)
}

/// Moves the reference out of `slot` as a `T`, a class type (one reference: the same size
/// and stride as `AnyObject?`), rebinding the memory to `T` while it does, and leaves `nil`
/// in its place.
@inlinable @inline(__always)
func moveInstance<T>(from slot: UnsafeMutablePointer<AnyObject?>, as type: T.Type) -> T {
    let memory = UnsafeMutableRawPointer(slot)
    let instance = memory.bindMemory(to: T.self, capacity: 1).move()
    memory.bindMemory(to: AnyObject?.self, capacity: 1).initialize(to: nil)
    return instance
}

/// `object`, lent by the caller, as the instance of the class `T` it is: the same borrow,
/// with no retain before the use and no release after it, where ``classInstance(_:as:)``
/// makes a reference of its own.
///
/// The invariant (`object is T`) is the caller's; a build with `TRANQUIL_INTERNAL_CHECKS`
/// checks it on every call.
@inlinable @inline(__always)
package func lentInstance<T: AnyObject>(_ object: AnyObject, as type: T.Type) -> T {
    #if TRANQUIL_INTERNAL_CHECKS
    precondition(object is T, "Tranquil internal check: \(Swift.type(of: object)) is not a \(T.self)")
    #endif
    return unsafeDowncast(object, to: T.self)
}

import DILazy

/// A runtime argument of type `Value`, passed with `resolve(args:)` or a `Provider1` … `Provider5`.
///
/// Write it through ``arg(_:)``.
public struct DIArg<Value> {
    let value: Value
}

/// The next runtime argument: `arg` parameters take the arguments in order.
///
/// ```swift
/// container.register { NewsRouter(api: $0, server: arg($1), count: arg($2)) }
/// let router: NewsRouter = container.resolve(args: "eu", 20)
/// ```
///
/// The types of the passed arguments are checked against these parameters; a mismatch is
/// a ``DIError`` of kind ``DIError/Kind/argumentMismatch``.
public func arg<Value>(_ argument: DIArg<Value>) -> Value {
    argument.value
}

extension DIArg: DIShape {
    package static func describe(into dependency: inout DIDependency) {
        dependency.wraps(.argument)
        dependency.leaf = Value.self
        let isOptional = optionalRequestType(of: Value.self) != nil
        dependency.isOptionalArgument = isOptional
        // Every value `is AnyObject` (boxed, or bridged to an `NSNumber`); a call passes only
        // class instances for an `AnyObject` parameter, and so does an `arg`.
        let takesObjectsOnly = Value.self == AnyObject.self || Value.self == AnyObject?.self
        // An existential parameter gets the benefit of the doubt: whether a value will conform
        // is told by the check of each value (`acceptsArgument`). An optional parameter takes
        // what its wrapped type takes, as `acceptsArgument` takes a wrapped value.
        let acceptsType: @Sendable (Any.Type) -> Bool = { type in
            if takesObjectsOnly { return objectParameterAccepts(type, optional: isOptional) }
            return type is Value.Type || isExistential(Value.self)
                || optionalRequestType(of: Value.self)?.wrappedAccepts(argumentType: type) == true
        }
        dependency.acceptsArgumentType = acceptsType
        dependency.acceptsArgument = { value in
            guard value is Value else { return false }
            if takesObjectsOnly { return fitsObjectParameter(value, optional: isOptional) }
            // A `nil` is a value of every `Optional`: the type it was passed as decides (a
            // `String?` holding `nil` does not fit an `Int?`), and a `nil` of an existential
            // (`Any?`, the untyped spelling) fits any optional parameter.
            guard isOptional, let passed = value as? any OptionalRequest, passed.unwrapped == nil else { return true }
            return type(of: passed).wrapsExistential || acceptsType(type(of: passed).wrappedType)
        }
    }

    package static func resolve(in context: ResolveContext, _ request: Request) throws(DIError) -> DIArg<Value> {
        DIArg(value: try context.argument(Value.self))
    }
}

/// Whether an argument of static type `type` may fit an `AnyObject` parameter (`optional`:
/// an `AnyObject?` one): a class; an existential (`Any`, `any P`), whose values are checked
/// one by one (``fitsObjectParameter(_:optional:)``); for an `AnyObject?`, an optional of
/// either. Not a struct or an enum, whose values a call could not pass.
private func objectParameterAccepts(_ type: Any.Type, optional: Bool) -> Bool {
    if type is AnyClass || isExistential(type) { return true }
    guard optional, let wrapped = optionalRequestType(of: type) else { return false }
    return objectParameterAccepts(wrapped.wrappedType, optional: false)
}

/// Whether `value` fits an `AnyObject` parameter (`optional`: an `AnyObject?` one): a class
/// instance, or an optional holding one; for an `AnyObject?`, also a `nil` passed as an
/// optional of a class or of an existential (the untyped `Any?` spelling), as a `nil` fits
/// any optional parameter by the type it was passed as.
private func fitsObjectParameter(_ value: Any, optional: Bool) -> Bool {
    guard let passed = value as? any OptionalRequest else { return type(of: value) is AnyClass }
    if let wrapped = passed.unwrapped { return fitsObjectParameter(wrapped, optional: optional) }
    let passedType = type(of: passed)
    return optional && (passedType.wrapsExistential || passedType.wrappedType is AnyClass)
}

extension DIArg {
    package static func argumentStep() -> (any AnyTypedStep)? {
        TypedStep<DIArg<Value>> { source, _ throws(DIError) -> DIArg<Value> in
            DIArg(value: try source.argument(Value.self))
        }
    }
}

// A transient request wrapper: as Sendable as the value it carries.
extension DIArg: Sendable where Value: Sendable {}

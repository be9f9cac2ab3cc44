/// `Optional`, for recognizing an optional request (or `arg`) at run time.
protocol OptionalRequest {
    /// `nil` of this type, as `Value` (this type): what an `Optional` `arg` whose argument
    /// was left out gets. Cast from the `Optional` itself, not from an existential holding
    /// it, which a cast to `Any?` or `Int??` would wrap in a `.some`.
    static func absent<Value>(as type: Value.Type) -> Value?
    /// The wrapped type: what `register { optionalValue }` registers.
    static var wrappedType: Any.Type { get }
    /// The wrapped value, if any.
    var unwrapped: Any? { get }
    /// Whether an argument of static type `type` fits the wrapped type (an `arg` parameter
    /// of this type takes one, as it takes a value of the wrapped type), or is an optional
    /// of a type that does (a `Bike?` for a `Vehicle?`, as Swift converts it).
    static func wrappedAccepts(argumentType type: Any.Type) -> Bool
    /// Whether the wrapped type is an existential (`Any?`, `(any P)?`).
    static var wrapsExistential: Bool { get }
}

extension Optional: OptionalRequest {
    static func absent<Value>(as type: Value.Type) -> Value? { Self.none as? Value }
    static var wrappedType: Any.Type { Wrapped.self }
    var unwrapped: Any? { self.map { $0 } }
    static func wrappedAccepts(argumentType type: Any.Type) -> Bool {
        if type is Wrapped.Type || isExistential(Wrapped.self)
            || optionalRequestType(of: Wrapped.self)?.wrappedAccepts(argumentType: type) == true
        {
            return true
        }
        // An optional's metatype is no subtype of another optional's: unwrap it.
        guard let passed = optionalRequestType(of: type) else { return false }
        return wrappedAccepts(argumentType: passed.wrappedType)
    }
    static var wrapsExistential: Bool { isExistential(Wrapped.self) }
}

/// `type` as an ``OptionalRequest`` type, if it is an `Optional`.
///
/// A class is never one, and is answered without asking the runtime: the first time the
/// runtime is asked whether a type conforms to a protocol, it scans every conformance
/// record of every loaded image (on Linux, about 216,000 instructions per type in the
/// benchmarks' process), which registering a thousand classes paid a thousand times.
/// Whether a type is a class is read from its metadata.
func optionalRequestType<T>(of type: T.Type) -> (any OptionalRequest.Type)? {
    if T.self is AnyObject.Type { return nil }
    return T.self as? any OptionalRequest.Type
}

/// `Optional`, for recognizing an optional request (or `arg`) at run time.
protocol OptionalRequest {
    /// `nil` of this type: what an `Optional` `arg` whose argument was left out gets.
    static var absent: Self { get }
    /// The wrapped type: what `register { optionalValue }` registers.
    static var wrappedType: Any.Type { get }
    /// The wrapped value, if any.
    var unwrapped: Any? { get }
}

extension Optional: OptionalRequest {
    static var absent: Self { nil }
    static var wrappedType: Any.Type { Wrapped.self }
    var unwrapped: Any? { self.map { $0 } }
}

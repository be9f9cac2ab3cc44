/// What `AsyncProvider1` … `AsyncProvider5` have in common: the asynchronous counterpart of
/// ``DelayedWithArguments``.
package protocol AsyncDelayedWithArguments {
    /// The type of the value made.
    associatedtype Value
    /// The types of the arguments, in order: what the target's `arg` parameters must accept.
    static var argumentTypes: [Any.Type] { get }
    /// One whose calls pass their arguments, packed, to `make`, which may fail.
    static func forwarding(to make: @escaping @Sendable (ArgumentPack) async throws -> Value) -> Self
}

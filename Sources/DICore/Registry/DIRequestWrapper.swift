import DILazy

/// A type that wraps a request rather than being registered (`Optional`, `Lazy`, `DIMany`, …):
/// how a dependency's plan sees through it. The resolver's side is `DIShape`.
package protocol DIRequestWrapper: SendableMetatype {
    /// Adds this wrapper (and, recursively, what it wraps) to a dependency description.
    static func describe(into dependency: inout DIDependency)
    /// The resolver's side (`DIShape`): this wrapper as parameter `position` of `owner`'s
    /// factory, made by the resolve `source` (``DIDependency/wrapper`` says which wrapper).
    static func parameter(in source: any ParameterSource, of owner: Component, at position: Int) throws(DIError)
        -> Self
    /// For a runtime argument (`DIArg`): a step of this type that reads the next argument of
    /// the build (``StepSource/argument(_:)``), which a compiled step calls in place of a
    /// request — the general way reports no event for it either. `nil` for any other wrapper.
    static func argumentStep() -> (any AnyTypedStep)?
}

extension DIRequestWrapper {
    package static func argumentStep() -> (any AnyTypedStep)? { nil }
}

/// Whether a request for `type` is made of other requests (`[T]` through `many`, a `Lazy`,
/// a `Provider`): the requests inside it answer it, not a component of its own. An
/// `Optional` is not: it is its wrapped type's request. Traces open such a top-level
/// request as the root of its own trace, and render it as handed out, not as `nil`.
package func isComposedRequest(_ type: Any.Type) -> Bool {
    guard type is any DIRequestWrapper.Type else { return false }
    return !(type is any OptionalRequest.Type)
}

/// What a registered factory asks for its parameters: the resolve that runs it.
///
/// Declared here, with the registrations, so that what a registration stores does not
/// depend on how resolution works: a resolve (``ResolveContext``) conforms, and so does the
/// source that hands a synchronous factory the parameters an async resolve awaited
/// (``AwaitedParameters``).
@usableFromInline
package protocol ParameterSource: AnyObject {
    /// Where a factory's parameters start: which component each plain one resolves to, if
    /// known without choosing.
    func cursor(for component: Component) -> ParameterCursor
    /// The instance of the parameter at `position` of `owner`'s factory, whose component the
    /// resolve's plan settled at `step` (see ``parameter(_:_:)``).
    func settledParameter(
        _ requested: Any.Type,
        step: Int,
        of owner: Component,
        at position: Int
    ) throws(DIError) -> Any
    /// The parameter at `position` of `owner`'s factory, which nothing settled: chosen now.
    func unsettledParameter<P>(_ type: P.Type, of owner: Component, at position: Int) throws(DIError) -> P
    /// The next parameter of an async factory.
    nonisolated(nonsending) func parameterAsync<P>(
        _ type: P.Type,
        _ cursor: inout ParameterCursor
    ) async throws(DIError) -> P
    /// Calls an async factory's own code, once its parameters are resolved: `factory`, with
    /// them applied. The resolve waits for it and does nothing else meanwhile.
    nonisolated(nonsending) func callFactory(_ factory: () async -> Any) async throws(DIError) -> Any
}

extension ParameterSource {
    /// The next parameter of the factory `cursor` walks.
    ///
    /// Inlined into the factory's own closure, which is compiled for its parameter types: a
    /// settled parameter's instance is taken out of its `Any` there, as a `P` the compiler
    /// knows, instead of by generic code.
    @inlinable
    package func parameter<P>(_ type: P.Type, _ cursor: inout ParameterCursor) throws(DIError) -> P {
        let (position, step) = cursor.advance()
        return try parameter(P.self, settledAt: step, of: cursor.owner, at: position)
    }

    /// The parameter at `position` of `owner`'s factory, settled at plan `step` (`-1`: left
    /// open), as the resolve answers it.
    @inlinable
    package func parameter<P>(
        _ type: P.Type,
        settledAt step: Int,
        of owner: Component,
        at position: Int
    ) throws(DIError) -> P {
        guard step >= 0 else { return try unsettledParameter(P.self, of: owner, at: position) }
        return try cast(settledParameter(P.self, step: step, of: owner, at: position), to: P.self)
    }
}

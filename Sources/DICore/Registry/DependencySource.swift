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
    /// The next parameter of the factory `cursor` walks.
    func parameter<P>(_ type: P.Type, _ cursor: inout ParameterCursor) throws(DIError) -> P
    /// The next parameter of an async factory.
    func parameterAsync<P>(_ type: P.Type, _ cursor: inout ParameterCursor) async throws(DIError) -> P
}

/// What a registered injection or `postInit` asks for its dependencies: the resolve that
/// runs it.
package protocol DependencySource: ParameterSource {
    /// A dependency of an injection: any request type, with a name or tag.
    func dependency<P>(_ type: P.Type, qualifier: DIQualifier) throws(DIError) -> P
    /// A dependency of an injection in an async resolve.
    func dependencyAsync<P>(_ type: P.Type, qualifier: DIQualifier) async throws(DIError) -> P
}

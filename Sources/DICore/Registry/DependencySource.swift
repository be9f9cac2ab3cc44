/// What a registered injection or `postInit` asks for its dependencies: the resolve that
/// runs it.
package protocol DependencySource: ParameterSource {
    /// A dependency of an injection: any request type, with a name or tag.
    func dependency<P>(_ type: P.Type, qualifier: DIQualifier) throws(DIError) -> P
    /// A dependency of an injection in an async resolve.
    nonisolated(nonsending) func dependencyAsync<P>(_ type: P.Type, qualifier: DIQualifier) async throws(DIError) -> P
}

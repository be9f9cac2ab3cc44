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

/// A factory's walk over its parameters, in order.
@usableFromInline
package struct ParameterCursor {
    /// The component whose factory runs.
    package let owner: Component
    /// For each parameter, the component it resolves to when that is settled (a plain
    /// registered type with exactly one candidate); empty when nothing is settled.
    package let choices: [Component?]
    /// The next parameter.
    package var position = 0

    package init(owner: Component, choices: [Component?] = []) {
        self.owner = owner
        self.choices = choices
    }

    /// The position of the next parameter and its settled component, moving on.
    package mutating func advance() -> (position: Int, choice: Component?) {
        let current = position
        position += 1
        return (current, current < choices.count ? choices[current] : nil)
    }
}

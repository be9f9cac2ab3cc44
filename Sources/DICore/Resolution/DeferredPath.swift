/// The request a resolve started with, for the path of an error its deferred work
/// (`cycle:` injections, `postInit`) ends with: that work runs once every request returned.
struct RootRequest {
    let type: Any.Type
    let qualifier: DIQualifier
}

extension ResolveContext {
    /// The requests that led along `chain` (components, the outermost first), worded as a
    /// failure during a making words them (`PDFExporter as Exporter`): the first answered
    /// `root`, each other one a dependency of the one before it. With no `root`, the first
    /// is left out: the resolve made it for another one, whose path has its request (an
    /// ancestor's making of an instance it keeps, see `DIContainer.makeOwned(_:_:for:)`).
    func deferredPath(along chain: [Component], root: RootRequest?) -> [String] {
        chain.indices.dropFirst(root == nil ? 1 : 0).map { position in
            let component = chain[position]
            var asked = (type: component.config.type, qualifier: DIQualifier.none)
            if position == 0, let root {
                asked = (optionalRequestType(of: root.type)?.wrappedType ?? root.type, root.qualifier)
            } else if position > 0, let dependency = Self.dependency(of: chain[position - 1], answeredBy: component) {
                asked = (dependency.leaf, dependency.qualifier)
            }
            let label = requestLabel(asked.type, asked.qualifier)
            return aliasingName(of: component, answering: asked.type).map { "\($0) as \(label)" } ?? label
        }
    }

    /// The dependency of `holder` (parameter or injection) that `needed` answers: the
    /// first whose requested type it is registered as; `nil` when none asks for it (the
    /// holder's own code resolved it).
    static func dependency(of holder: Component, answeredBy needed: Component) -> DIDependency? {
        let answers = { (dependency: DIDependency) in needed.types.contains(ObjectIdentifier(dependency.leaf)) }
        return holder.config.parameters.first(where: answers)
            ?? holder.config.injections.lazy.compactMap { $0.dependencies.first(where: answers) }.first
    }
}

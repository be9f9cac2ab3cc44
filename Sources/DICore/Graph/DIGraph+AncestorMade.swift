extension DIGraph {
    /// A dependency that an ancestor container's making of an instance it keeps answers
    /// otherwise than the graph's container would: the ancestor makes the instance, and what
    /// the instance's making makes anew, with its own registrations.
    struct AncestorMadeEdge {
        /// Vertex positions from the component the ancestor keeps to the edge's holder.
        let chain: [Int]
        /// The dependency as the ancestor answers it.
        let edge: Edge
        /// Whether an optional request on the way (a `T?` parameter) is `nil` instead,
        /// when the dependency fails there.
        let isBelowOptional: Bool
    }

    /// The error of a dependency an ancestor's making cannot answer (missing or tied there),
    /// though the graph's container can: a resolve of the kept component from this
    /// container fails with it.
    func ancestorMadeProblem(_ made: AncestorMadeEdge) -> DIDiagnostic? {
        guard made.edge.isUnansweredError else { return nil }
        let kept = vertices[made.chain[0]]
        let holder = vertices[made.edge.source]
        let answer =
            made.edge.resolution == .ambiguous
            ? "\(Selection.tie(among: made.edge.targets.map { vertices[$0].component })) there"
            : "nothing there answers it: a descendant's registration does not reach it"
        let outcome = made.isBelowOptional ? ", so an optional request on the way is nil there" : ""
        return DIDiagnostic(
            severity: made.isBelowOptional ? .warning : .error,
            kind: made.edge.resolution == .ambiguous ? .ambiguousDependency : .missingDependency,
            message:
                "\(holder.typeName) needs \(made.edge.request): \(kept.typeName) is kept by an ancestor container, which makes it with its own registrations, and \(answer)\(outcome)",
            component: kept.info,
            path: made.chain.map { vertices[$0].typeName } + [made.edge.request]
        )
    }
}

extension GraphBuilder {
    /// The dependencies answered otherwise inside the makings of instances an ancestor
    /// container keeps (`firstLevels`: the level each vertex's dependencies are chosen from,
    /// above 0 for those instances).
    ///
    /// Such a making reaches, through its dependencies, components made anew with it
    /// (prototypes, `objectGraph`, a cached one the ancestor keeps for itself): their edges in
    /// the graph say what the graph's container chooses, not the ancestor. Each is walked once
    /// per ancestor level.
    func ancestorMadeEdges(
        _ vertices: [DIGraph.Vertex],
        _ edges: [DIGraph.Edge],
        firstLevels: [Int],
        vertexOf: [[Int]],
        ids: [Int]
    ) -> [DIGraph.AncestorMadeEdge] {
        var found: [DIGraph.AncestorMadeEdge] = []
        var walked: Set<Int> = []
        for keeper in vertices.indices where firstLevels[keeper] > 0 {
            let level = firstLevels[keeper]
            var next: [(chain: [Int], belowOptional: Bool)] = []
            func follow(_ edge: DIGraph.Edge, after chain: [Int], belowOptional: Bool) {
                for target in edge.targets where firstLevels[target] == 0 {
                    next.append((chain + [target], catchesFailure(of: edge, belowOptional) || edge.isOptional))
                }
            }
            for index in vertices[keeper].edgeRange { follow(edges[index], after: [keeper], belowOptional: false) }
            while let (chain, belowOptional) = next.popLast() {
                // swift-format-ignore: NeverForceUnwrap
                let holder = chain.last!
                guard walked.insert((holder * levels.count + level) * 2 + (belowOptional ? 1 : 0)).inserted else {
                    continue
                }
                let component = vertices[holder].component
                let source = DIGraph.Vertex.Source(id: ids[holder], index: holder)
                var number = 0
                func walk(_ plans: [DIDependency]) {
                    for index in plans.indices {
                        let seen = edges[vertices[holder].edgeRange.lowerBound + number]
                        let there = edge(
                            plans,
                            at: index,
                            number: number,
                            of: component,
                            source: source,
                            from: level,
                            vertexOf: vertexOf,
                            ids: ids
                        )
                        number += 1
                        if there.resolution != seen.resolution || there.to != seen.to {
                            found.append(
                                DIGraph.AncestorMadeEdge(
                                    chain: chain,
                                    edge: there,
                                    isBelowOptional: catchesFailure(of: there, belowOptional)
                                )
                            )
                        }
                        follow(there, after: chain, belowOptional: belowOptional)
                    }
                }
                walk(component.config.parameters)
                for injection in component.config.injections { walk(injection.dependencies) }
            }
        }
        return found
    }

    /// Whether an optional request above `edge` (`belowOptional`) answers `nil` when `edge`
    /// fails: not for a `cycle:` injection's, which runs once the rest of the resolve is done,
    /// every optional request answered, and fails the whole resolve.
    private func catchesFailure(of edge: DIGraph.Edge, _ belowOptional: Bool) -> Bool {
        belowOptional && !edge.isCycle
    }
}

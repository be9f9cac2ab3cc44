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
        /// Whether the graph's container answers the dependency (where the ancestor may not).
        let isAnsweredHere: Bool

        /// Whether it is a dependency of the kept component itself: the edge the graph has
        /// for it, whose problem ``ancestorMadeProblem(_:)`` says with the reason.
        var isKeepersOwn: Bool { chain.count == 1 }
    }

    /// The error of a dependency an ancestor's making cannot answer (missing or tied there),
    /// though the graph's container can: a resolve of the kept component from this
    /// container fails with it.
    ///
    /// An optional dependency the graph's container answers and the ancestor's making does
    /// not is `nil` there, silently: a warning.
    func ancestorMadeProblem(_ made: AncestorMadeEdge) -> DIDiagnostic? {
        let isNilThere = made.edge.resolution == .nothing && made.isAnsweredHere && !made.edge.isUnansweredError
        guard made.edge.isUnansweredError || isNilThere else { return nil }
        let kept = vertices[made.chain[0]]
        let holder = vertices[made.edge.source]
        let isTied = made.edge.resolution == .ambiguous
        let answer: String
        if isTied {
            let components = made.edge.targets.map { vertices[$0].component }
            let tied = ShortList.joined(DIComponentInfo.listed(components.map(\.info)), separator: "; ")
            answer = "\(container.tie(among: components, for: made.edge.plan.key)) there: \(tied)"
        } else {
            answer = "nothing there answers it: a descendant's registration does not reach it"
        }
        let outcome =
            if isNilThere {
                ", so it is nil there"
            } else if isTied, made.edge.isOptional {
                "; until one is picked, it is nil there"
            } else if made.isBelowOptional {
                ", so an optional request on the way is nil there"
            } else {
                ""
            }
        return DIDiagnostic(
            severity: made.isBelowOptional || isNilThere ? .warning : .error,
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
                // One without an initializer is never made there (only `inject(into:)` fills one).
                for target in edge.targets where firstLevels[target] == 0 && vertices[target].hasInitializer {
                    next.append((chain + [target], catchesFailure(of: edge, belowOptional) || edge.isOptional))
                }
            }
            for index in vertices[keeper].edgeRange { follow(edges[index], after: [keeper], belowOptional: false) }
            // The kept instance's own edges are the ancestor's choices: one that only this
            // container answers fails there, or is nil there for an optional.
            eachDependency(of: keeper, vertices, edges, from: 0, vertexOf: vertexOf, ids: ids) { there, here in
                // Answered here: by one component, or (for a dependency that fails there
                // anyway) by several, which say that something here was meant to answer it.
                let answeredHere =
                    here.resolution == .resolved || (there.isUnansweredError && here.resolution == .ambiguous)
                if there.resolution == .nothing || there.resolution == .ambiguous, answeredHere {
                    found.append(
                        DIGraph.AncestorMadeEdge(
                            chain: [keeper],
                            edge: there,
                            isBelowOptional: false,
                            isAnsweredHere: true
                        )
                    )
                }
            }
            while let (chain, belowOptional) = next.popLast() {
                // swift-format-ignore: NeverForceUnwrap
                let holder = chain.last!
                guard walked.insert((holder * levels.count + level) * 2 + (belowOptional ? 1 : 0)).inserted else {
                    continue
                }
                eachDependency(of: holder, vertices, edges, from: level, vertexOf: vertexOf, ids: ids) { seen, there in
                    if there.resolution != seen.resolution || there.to != seen.to {
                        found.append(
                            DIGraph.AncestorMadeEdge(
                                chain: chain,
                                edge: there,
                                isBelowOptional: catchesFailure(of: there, belowOptional),
                                isAnsweredHere: seen.resolution == .resolved
                            )
                        )
                    }
                    follow(there, after: chain, belowOptional: belowOptional)
                }
            }
        }
        return found
    }

    /// Calls `body` with each dependency of `holder`'s component: its edge in the graph, and
    /// as it is chosen from the container `level` up.
    private func eachDependency(
        of holder: Int,
        _ vertices: [DIGraph.Vertex],
        _ edges: [DIGraph.Edge],
        from level: Int,
        vertexOf: [[Int]],
        ids: [Int],
        _ body: (_ inGraph: DIGraph.Edge, _ fromLevel: DIGraph.Edge) -> Void
    ) {
        let component = vertices[holder].component
        let source = DIGraph.Vertex.Source(id: ids[holder], index: holder)
        var number = 0
        func walk(_ plans: [DIDependency]) {
            for index in plans.indices {
                let inGraph = edges[vertices[holder].edgeRange.lowerBound + number]
                let fromLevel = edge(
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
                body(inGraph, fromLevel)
            }
        }
        walk(component.config.parameters)
        for injection in component.config.injections { walk(injection.dependencies) }
    }

    /// Whether an optional request above `edge` (`belowOptional`) answers `nil` when `edge`
    /// fails: not for a `cycle:` injection's, which runs once the rest of the resolve is done,
    /// every optional request answered, and fails the whole resolve.
    private func catchesFailure(of edge: DIGraph.Edge, _ belowOptional: Bool) -> Bool {
        belowOptional && !edge.isCycle
    }
}

import DILazy

/// What the DOT and Mermaid writers share: the nesting, node and edge labels, and which
/// edges validation flags, read from the same ``DIGraph/ValidationScope`` as `validate()`.
///
/// A mark is per edge: a `many` edge takes the worst of what validation says of any of its
/// targets. What it says of an instance an ancestor container makes, as the ancestor
/// answers it (`madeByAncestors`), has no edge of the picture to mark.
struct GraphExport {
    /// How an edge looks, from the worst thing validation says about it.
    enum Mark {
        case fine
        /// A warning (captive dependency): drawn orange.
        case warning
        /// An error (missing, ambiguous, no initializer, argument mismatch, unbuildable
        /// loop): drawn red.
        case error
    }

    let graph: DIGraph
    let clusters: GraphClusters
    let marks: [Mark]

    init(_ graph: DIGraph) {
        self.graph = graph
        clusters = GraphClusters(graph)
        // What validation checks, as it checks it: with roots or `.unused()`, a dependency
        // it leaves alone is drawn plainly, however it would fail.
        let scope = graph.validationScope()
        let loops = Set(graph.reportedLoops(graph.cycleAnalysis(), in: scope).flatMap(\.edges))
        marks = graph.edges.indices.map { index in
            // A reported loop is red all round, from an unchecked member too.
            if loops.contains(index) { return .error }
            guard scope.checks(graph.edges[index].source) else { return .fine }
            let severities = graph.problems(ofEdgeAt: index, around: scope.around).map(\.severity)
            if severities.contains(.error) { return .error }
            return severities.isEmpty ? .fine : .warning
        }
    }

    /// `n12`: the vertex's position, stable across runs (unlike component ids).
    func nodeID(_ position: Int) -> String { "n\(position + 1)" }

    /// The node's text lines: type, aliases, lifetime, markers, location.
    func nodeLines(_ vertex: DIGraph.Vertex) -> [String] {
        var lines = [vertex.typeName]
        if !vertex.info.aliases.isEmpty { lines.append("as " + vertex.info.aliases.joined(separator: ", ")) }
        var traits = ["\(vertex.lifetime)"]
        if vertex.info.isTest { traits.append("test") }
        if vertex.info.isDefault { traits.append("default") }
        if !vertex.hasInitializer { traits.append("no initializer") }
        if vertex.isAsync { traits.append("async") }
        if vertex.runsOnMainActor { traits.append("main actor") }
        if !vertex.argumentTypes.isEmpty { traits.append("args (\(vertex.argumentTypes.joined(separator: ", ")))") }
        // A child's graph holds its ancestors' components too: the same registration seen
        // in the parent and the child (a framework both appended) is two nodes, told apart here.
        switch vertex.containerLevel {
        case 0: break
        case 1: traits.append("in the parent")
        case let level: traits.append("\(level) containers up")
        }
        lines.append(traits.joined(separator: " · "))
        lines.append(vertex.info.location)
        return lines
    }

    /// A short edge label: what is special about the dependency (empty for a plain one).
    func edgeLabel(_ edge: DIGraph.Edge) -> String {
        var parts: [String] = []
        if edge.isMany { parts.append("[many]") }
        if edge.isLazy { parts.append("lazy") }
        if edge.isProvider { parts.append("provider") }
        if edge.isAsync { parts.append("async") }
        if let arguments = edge.argumentTypes { parts.append("(\(arguments.joined(separator: ", ")))") }
        if edge.isOptional { parts.append("optional") }
        if edge.isCycle { parts.append("cycle") }
        if edge.role != .parameter { parts.append(edge.role == .property ? "property" : "method") }
        // Its name and tags as a request spells them: `name: "main", tags: Local, Remote`.
        if edge.plan.qualifier != .none { parts.append(edge.plan.qualifier.label) }
        return parts.joined(separator: " ")
    }

    /// The text of the red node an unanswered dependency points to.
    func unansweredLabel(_ edge: DIGraph.Edge) -> String {
        edge.resolution == .ambiguous ? "ambiguous: \(edge.request) (\(edge.to.count))" : "missing: \(edge.request)"
    }

    /// Whether the edge points to a red placeholder rather than to components: exactly when
    /// validation reports it (``DIGraph/Edge/isUnansweredError``).
    func isUnanswered(_ edge: DIGraph.Edge) -> Bool { edge.isUnansweredError }

    /// `text` with each character found in `replacements` replaced (the toolchain-only
    /// library has no Foundation `replacingOccurrences`).
    static func replacing(_ text: String, _ replacements: [Character: String]) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            if let replacement = replacements[character] { result += replacement } else { result.append(character) }
        }
        return result
    }
}

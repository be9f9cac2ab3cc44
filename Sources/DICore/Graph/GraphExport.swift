import DILazy

/// What the DOT and Mermaid writers share: the nesting, node and edge labels, and how
/// validation judges each line, read from the same ``DIGraph/ValidationScope`` as
/// `validate()`.
///
/// A line is an edge to one of its targets (a `many` edge has several), or to the
/// placeholder of an unanswered one: each is marked by what validation says of it. What it
/// says of an instance an ancestor container makes, as the ancestor answers it
/// (`madeByAncestors`), has no line of the picture to mark.
struct GraphExport {
    /// How a line looks, from the worst thing validation says about it.
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
    /// For each edge, its lines' marks: one per target of a resolved edge, in order; one
    /// for any other (its placeholder's, if it has one).
    private let marks: [[Mark]]

    init(_ graph: DIGraph) {
        self.graph = graph
        clusters = GraphClusters(graph)
        // What validation checks, as it checks it: with roots or `.unused()`, a dependency
        // it leaves alone is drawn plainly, however it would fail; a reported loop is red
        // all round, from an unchecked member too.
        let scope = graph.validationScope()
        let loops = graph.reportedLoops(graph.cycleAnalysis(), in: scope).flatMap(\.steps)
        let onLoops = Set(loops.map { LoopStep(edge: $0.edge, target: $0.target) })
        marks = graph.edges.indices.map { index in
            let checked = scope.checks(graph.edges[index].source)
            guard graph.edges[index].resolution == .resolved else {
                return [checked ? Self.mark(graph.problems(ofEdgeAt: index, around: scope.around)) : .fine]
            }
            return graph.edges[index].targets.map { target in
                if onLoops.contains(LoopStep(edge: index, target: target)) { return .error }
                guard checked else { return .fine }
                var found: [DIDiagnostic] = []
                graph.appendProblems(ofEdgeAt: index, target: target, around: scope.around, to: &found)
                return Self.mark(found)
            }
        }
    }

    /// An edge's step to one target, as a set holds it.
    private struct LoopStep: Hashable {
        let edge: Int
        let target: Int
    }

    private static func mark(_ found: [DIDiagnostic]) -> Mark {
        let severities = found.map(\.severity)
        if severities.contains(.error) { return .error }
        return severities.isEmpty ? .fine : .warning
    }

    /// The mark of the line of edge `index` to its target number `line` (0 for the
    /// placeholder of an unanswered edge).
    func mark(ofEdge index: Int, line: Int = 0) -> Mark {
        marks[index][line]
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

import DILazy

/// A snapshot of a container's wiring: every component (of the container and its parents)
/// and every dependency between them, as the resolver would choose it.
///
/// ```swift
/// let graph = container.makeGraph()
/// for problem in graph.validate() { print(problem) }
/// try graph.dot().write(toFile: "graph.dot", atomically: true, encoding: .utf8)
/// ```
///
/// The graph is a value: registrations made after ``DIContainer/makeGraph()`` are not in it.
/// Candidates are chosen by the same priority rules the resolver uses (`.test()`, own
/// framework, imported frameworks, `.default()`), so what validation calls ambiguous is
/// exactly what a resolve would fail on.
public struct DIGraph {
    /// The components, sorted by ``DIGraph/Vertex/id`` (registration order).
    public let vertices: [Vertex]
    /// The dependencies, grouped by the vertex that has them (in vertex order), each
    /// vertex's initializer parameters first, then its injections in registration order.
    public let edges: [Edge]
    /// The dependencies answered otherwise inside an ancestor container's making of an
    /// instance it keeps (see ``GraphBuilder/ancestorMadeEdges(_:_:firstLevels:vertexOf:ids:)``).
    let madeByAncestors: [AncestorMadeEdge]
    /// The vertices whose instances an ancestor container keeps and makes, with its own
    /// registrations: what their dependencies lead to is the ancestor's wiring, not this one's
    /// (see ``ancestorMadeLoops(in:besides:)``).
    let keptByAncestors: [KeptByAncestor]
    /// The container the graph was made from; diagnostics of ``checkIsValid(checkGraphCycles:)``
    /// are delivered to its observers.
    let container: DIContainer
    /// Misuses recorded while loading parts and frameworks, the container's then its parents'.
    let misuses: [String]
    /// Requests (type and name/tag) more than one `.test()` component answers, with them.
    let testConflicts: [TestConflict]
    /// A warning for each `.test()` component no other component competes with (see
    /// ``GraphBuilder/idleTestOverrides()``).
    let idleTestOverrides: [DIDiagnostic]
    /// Whether some component's lifetime belongs to a framework or part it was not registered
    /// in: validation otherwise need not look at the vertices for that.
    let hasScopedLifetimes: Bool

    /// Several `.test()` components visible for one request.
    struct TestConflict {
        let request: String
        let vertices: [Int]
    }

    init(
        vertices: [Vertex],
        edges: [Edge],
        madeByAncestors: [AncestorMadeEdge] = [],
        keptByAncestors: [KeptByAncestor] = [],
        container: DIContainer,
        misuses: [String],
        testConflicts: [TestConflict],
        idleTestOverrides: [DIDiagnostic],
        hasScopedLifetimes: Bool
    ) {
        self.vertices = vertices
        self.edges = edges
        self.madeByAncestors = madeByAncestors
        self.keptByAncestors = keptByAncestors
        self.container = container
        self.misuses = misuses
        self.testConflicts = testConflicts
        self.idleTestOverrides = idleTestOverrides
        self.hasScopedLifetimes = hasScopedLifetimes
    }

    /// The vertex of a component, by its ``DIComponentInfo/id``.
    ///
    /// - Returns: The vertex, or `nil` if no component of the graph has that id.
    public func vertex(id: Int) -> Vertex? {
        var low = 0
        var high = vertices.count
        while low < high {
            let middle = (low + high) / 2
            if vertices[middle].id < id { low = middle + 1 } else { high = middle }
        }
        return low < vertices.count && vertices[low].id == id ? vertices[low] : nil
    }

    /// The dependencies a vertex has, in the order the resolver meets them.
    public func edges(from vertex: Vertex) -> ArraySlice<Edge> {
        edges[vertex.edgeRange]
    }
}

extension DIGraph: Sendable {}

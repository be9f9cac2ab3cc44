import DILazy

/// For each vertex (by position), the positions it points to — all lists in one flat array.
///
/// A list per vertex would be an allocation per vertex; graphs of thousands of components
/// are walked several times per validation.
struct Adjacency: SuccessorLists {
    /// Every vertex's targets, vertex after vertex.
    private var targets: [Int] = []
    /// Where each vertex's targets start in ``targets``; one more entry than vertices.
    private var starts: [Int] = [0]

    /// Room for `capacity` vertices and, about, `targetCapacity` targets (one per
    /// dependency, most often): lists of thousands are not grown by doubling.
    init(capacity: Int, targetCapacity: Int) {
        starts.reserveCapacity(capacity + 1)
        targets.reserveCapacity(targetCapacity)
    }

    /// Whether any vertex points anywhere.
    var hasEdges: Bool { !targets.isEmpty }

    var vertexCount: Int { starts.count - 1 }

    func targetCount(of vertex: Int) -> Int {
        starts[vertex + 1] - starts[vertex]
    }

    func target(of vertex: Int, at index: Int) -> Int {
        targets[starts[vertex] + index]
    }

    /// Adds a target to the last vertex opened by ``openVertex()``.
    mutating func append(_ target: Int) {
        targets.append(target)
    }

    /// Starts the next vertex's list (the previous one is complete).
    mutating func openVertex() {
        starts.append(targets.count)
    }
}

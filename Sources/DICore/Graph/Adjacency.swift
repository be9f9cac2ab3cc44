import DILazy

/// For each vertex (by position), the positions it points to — all lists in one flat array.
///
/// A list per vertex would be an allocation per vertex; graphs of thousands of components
/// are walked several times per validation.
struct Adjacency: RandomAccessCollection {
    /// Every vertex's targets, vertex after vertex.
    private var targets: [Int] = []
    /// Where each vertex's targets start in ``targets``; one more entry than vertices.
    private var starts: [Int] = [0]

    init(capacity: Int) {
        starts.reserveCapacity(capacity + 1)
    }

    /// Whether any vertex points anywhere.
    var hasEdges: Bool { !targets.isEmpty }

    var startIndex: Int { 0 }
    var endIndex: Int { starts.count - 1 }

    subscript(vertex: Int) -> ArraySlice<Int> {
        targets[starts[vertex]..<starts[vertex + 1]]
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

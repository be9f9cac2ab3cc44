/// For each vertex (by position), the positions it points to: what ``StronglyConnected``
/// walks.
///
/// Read target by target: a walk that took each vertex's list as a collection retained the
/// storage it shares with every other list (``Adjacency``'s flat array) at every step.
package protocol SuccessorLists {
    /// How many vertices there are.
    var vertexCount: Int { get }
    /// How many targets `vertex` points to.
    func targetCount(of vertex: Int) -> Int
    /// Target number `index` of `vertex`.
    func target(of vertex: Int, at index: Int) -> Int
}

extension SuccessorLists {
    /// Whether `vertex` points to `target`.
    func points(_ vertex: Int, to target: Int) -> Bool {
        for index in 0..<targetCount(of: vertex) where self.target(of: vertex, at: index) == target {
            return true
        }
        return false
    }
}

extension Array: SuccessorLists where Element == [Int] {
    package var vertexCount: Int { count }

    package func targetCount(of vertex: Int) -> Int {
        self[vertex].count
    }

    package func target(of vertex: Int, at index: Int) -> Int {
        self[vertex][index]
    }
}

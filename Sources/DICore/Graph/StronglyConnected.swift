import DILazy

/// Strongly connected components (Tarjan), iteratively: a 10,000-deep dependency chain
/// must not overflow the stack.
package enum StronglyConnected {
    /// The groups of vertices that lie on a loop: components of more than one vertex, or of
    /// one vertex with an edge to itself. Linear in vertices + edges.
    ///
    /// - Parameter successors: For each vertex (by position), the positions it points to.
    package static func loops(_ successors: some SuccessorLists) -> [[Int]] {
        let count = successors.vertexCount
        var order = [Int](repeating: -1, count: count)
        var low = [Int](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var stack: [Int] = []
        var calls: [(vertex: Int, next: Int)] = []
        var counter = 0
        var groups: [[Int]] = []

        func enter(_ vertex: Int) {
            order[vertex] = counter
            low[vertex] = counter
            counter += 1
            stack.append(vertex)
            onStack[vertex] = true
            calls.append((vertex, 0))
        }

        for root in 0..<count where order[root] < 0 {
            enter(root)
            while let (vertex, next) = calls.last {
                if next < successors.targetCount(of: vertex) {
                    calls[calls.count - 1].next += 1
                    let target = successors.target(of: vertex, at: next)
                    if order[target] < 0 {
                        enter(target)
                    } else if onStack[target] {
                        low[vertex] = min(low[vertex], order[target])
                    }
                    continue
                }
                calls.removeLast()
                if let caller = calls.last { low[caller.vertex] = min(low[caller.vertex], low[vertex]) }
                guard low[vertex] == order[vertex] else { continue }
                if stack.last == vertex, !successors.points(vertex, to: vertex) {
                    // A group of one without a loop: the common case, with no list made.
                    stack.removeLast()
                    onStack[vertex] = false
                    continue
                }
                var group: [Int] = []
                while let member = stack.popLast() {
                    onStack[member] = false
                    group.append(member)
                    if member == vertex { break }
                }
                if group.count > 1 || successors.points(vertex, to: vertex) {
                    groups.append(group.sorted())
                }
            }
        }
        return groups
    }

    /// One loop through `group[0]` (a shortest one), following only edges inside the group.
    ///
    /// - Returns: Vertex positions in dependency order, starting at `group[0]`.
    package static func loop(in group: [Int], _ successors: some SuccessorLists) -> [Int] {
        guard let start = group.first else { return [] }
        let members = Set(group)
        var parent: [Int: Int] = [:]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let vertex = queue[head]
            head += 1
            for index in 0..<successors.targetCount(of: vertex) {
                let target = successors.target(of: vertex, at: index)
                guard members.contains(target) else { continue }
                if target == start {
                    var path = [vertex]
                    while let previous = parent[path[path.count - 1]] { path.append(previous) }
                    return path.reversed()
                }
                if parent[target] == nil {
                    parent[target] = vertex
                    queue.append(target)
                }
            }
        }
        return [start]
    }
}

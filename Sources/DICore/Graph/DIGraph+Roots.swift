import DILazy

// Which components validation checks: `.root()` says where it starts, `.unused()` what it
// leaves out (DITranquillity 6).
extension DIGraph {
    /// For each vertex position, whether validation checks it; `nil` when it checks every
    /// vertex (no root, nothing unused: the usual graph, with nothing to compute).
    func checkedVertices() -> [Bool]? {
        var hasRoot = false
        var hasUnused = false
        for vertex in vertices.indices {
            let config = vertices[vertex].component.config
            hasRoot = hasRoot || config.isRoot
            hasUnused = hasUnused || config.isUnused
        }
        guard hasRoot || hasUnused else { return nil }
        let isUnused = vertices.indices.map { vertices[$0].component.config.isUnused }
        guard hasRoot else { return isUnused.map { !$0 } }
        // What the roots reach through any dependency (a Lazy's target is resolved too).
        var checked = [Bool](repeating: false, count: vertices.count)
        var pending = vertices.indices.filter { vertices[$0].component.config.isRoot && !isUnused[$0] }
        for root in pending { checked[root] = true }
        while let vertex = pending.popLast() {
            for edge in vertices[vertex].edgeRange {
                for target in edges[edge].targets where !checked[target] && !isUnused[target] {
                    checked[target] = true
                    pending.append(target)
                }
            }
        }
        return checked
    }
}

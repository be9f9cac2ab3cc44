import DILazy

// Which members of a loop a resolve can start at: the resolver builds depth-first, and a loop
// closed by a property injection works from some members and not from others. Validation
// answers this per member by walking the loop as the resolver does.
extension DIGraph {
    /// Whether the resolver follows an edge while it builds: a chosen dependency that is not
    /// a `Lazy`/`Provider` (made later) and not a `cycle:` injection (run at the end).
    func isFollowedWhileBuilding(_ edge: Edge) -> Bool {
        edge.resolution == .resolved && !edge.isDelayed && !edge.isCycle
    }

    /// The members of `group` (vertex positions that reach each other through followed
    /// edges) a resolve started at fails from, in `group`'s order; `stops`: where making
    /// each vertex always fails (``DIGraph/failingParameters()``), which is no loop's doing.
    func failingEntries(of group: [Int], stoppingAt stops: [Int32]) -> [Int] {
        let members = Set(group)
        return group.filter { !buildsLoop(from: $0, within: members, stoppingAt: stops) }
    }

    /// Where a component stands while a resolve builds it.
    private enum Phase {
        /// Its initializer's parameters are being resolved: no instance exists yet.
        case initializing
        /// Made; its injections run. An `objectGraph` or cached instance is handed out again.
        case injecting
        case done
    }

    /// Whether a resolve of `entry` gets through the loop, following the resolver
    /// (`ResolveContext.build`): parameters in order, then the instance exists, then
    /// injections in order. Reaching a member whose initializer is still running, or a
    /// prototype being built, is the resolver's `.cycle`; a made `objectGraph` or cached
    /// member is reused; a prototype is made anew. Only edges inside the loop are walked:
    /// the rest cannot lead back into it.
    private func buildsLoop(from entry: Int, within members: Set<Int>, stoppingAt stops: [Int32]) -> Bool {
        var phases: [Int: Phase] = [:]
        func reach(_ vertex: Int) -> Bool {
            switch phases[vertex] {
            case nil: return build(vertex)
            case .initializing: return false
            case .injecting: return !vertices[vertex].isPrototype
            case .done: return vertices[vertex].isPrototype ? build(vertex) : true
            }
        }
        func build(_ vertex: Int) -> Bool {
            phases[vertex] = .initializing
            for parameters in [true, false] {
                if !parameters { phases[vertex] = .injecting }
                for index in vertices[vertex].edgeRange where (edges[index].role == .parameter) == parameters {
                    // Its making fails here whatever the loop does: not the loop's failure
                    // (and each later request of it fails the same way).
                    if edges[index].planIndex >= stops[vertex] {
                        phases[vertex] = .done
                        return true
                    }
                    guard isFollowedWhileBuilding(edges[index]) else { continue }
                    for target in edges[index].targets where members.contains(target) {
                        guard reach(target) else { return false }
                    }
                }
            }
            phases[vertex] = .done
            return true
        }
        return build(entry)
    }
}

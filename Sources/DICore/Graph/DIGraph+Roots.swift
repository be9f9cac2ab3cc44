import DILazy

// Which components validation checks: `.root()` says where it starts, `.unused()` what it
// may leave out when nothing it checks reaches it (DITranquillity 6).
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
        // What the starts reach through any dependency (a Lazy's target is resolved too),
        // `.unused()` components included: they are left alone only where nothing reaches them.
        let starts =
            hasRoot ? rootPositions() : vertices.indices.filter { !vertices[$0].component.config.isUnused }
        return reach(from: starts, stoppingAt: []).reached
    }

    /// The positions of the `.root()` vertices validation starts from (not `.unused()`).
    func rootPositions() -> [Int] {
        vertices.indices.filter { vertices[$0].component.config.isRoot && !vertices[$0].component.config.isUnused }
    }

    /// Walks from `roots` along every dependency, not going past the vertices in `stops`.
    ///
    /// - Returns: Which vertices the walk reached (a stop it reached included), and which
    ///   stops it reached: those a resolve can start at, or enter from outside them.
    func reach(from roots: [Int], stoppingAt stops: Set<Int>) -> (reached: [Bool], enteredStops: Set<Int>) {
        var reached = [Bool](repeating: false, count: vertices.count)
        var entered: Set<Int> = []
        var pending: [Int] = []
        func visit(_ vertex: Int) {
            guard !reached[vertex] else { return }
            reached[vertex] = true
            if stops.contains(vertex) { entered.insert(vertex) } else { pending.append(vertex) }
        }
        roots.forEach(visit)
        while let vertex = pending.popLast() {
            for edge in vertices[vertex].edgeRange {
                edges[edge].targets.forEach(visit)
            }
        }
        return (reached, entered)
    }

    /// For each root with no initializer (what `inject(into:)` fills), which vertices the
    /// other roots reach without going through it: inside its `inject(into:)` the object
    /// being filled is the resolve's instance (see ``LifetimePolicy/configure(_:)``), so an
    /// edge to it from a vertex only it reaches closes on that object, and validation does
    /// not report the edge.
    func reachedAroundInjectedRoots(_ roots: [Int]) -> [Int: [Bool]] {
        var around: [Int: [Bool]] = [:]
        for root in roots where !vertices[root].hasInitializer {
            around[root] = reach(from: roots, stoppingAt: [root]).reached
        }
        return around
    }

    /// What validation looks at, read once: ``validate()`` and the pictures judge the same
    /// dependencies the same way.
    struct ValidationScope {
        /// Which vertices are checked, by position; `nil`: every one (no roots, nothing unused).
        let checked: [Bool]?
        /// The roots' positions (none when every vertex is checked).
        let roots: [Int]
        /// See ``DIGraph/reachedAroundInjectedRoots(_:)``.
        let around: [Int: [Bool]]

        /// Whether validation checks the vertex at `position` and its dependencies.
        func checks(_ position: Int) -> Bool { checked?[position] ?? true }
    }

    /// Which vertices validation checks, from where (see ``ValidationScope``).
    func validationScope() -> ValidationScope {
        let checked = checkedVertices()
        let roots = checked == nil ? [] : rootPositions()
        return ValidationScope(checked: checked, roots: roots, around: reachedAroundInjectedRoots(roots))
    }
}

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

    /// The positions of the vertices validation starts from: the `.root()` vertices (not
    /// `.unused()`), each standing for the requests of its keys. Where a nearer container of
    /// the chain (the graph's own, or an ancestor between) registers one of those keys too, a
    /// resolve from the graph's container gets what that container chooses, and that is
    /// where validation starts for the key: the root's own making never happens for it.
    /// Where there are roots, the graph's own `single` components are starts too:
    /// `initializeSingletonObjects()` makes each one itself, whatever answers its keys.
    /// (Without roots, validation starts everywhere: none at all.)
    func rootPositions() -> [Int] {
        guard vertices.contains(where: { $0.component.config.isRoot }) else { return [] }
        var roots: [Int] = []
        var carriers: [DIKey: [Int]]?
        for vertex in vertices.indices {
            let component = vertices[vertex].component
            let level = vertices[vertex].containerLevel
            guard !component.config.isUnused else { continue }
            if level == 0, component.config.lifetime == .single {
                roots.append(vertex)
                continue
            }
            guard component.config.isRoot else { continue }
            guard level > 0 else {
                roots.append(vertex)
                continue
            }
            if carriers == nil { carriers = keyCarriers() }
            for key in component.keys {
                let answers = answers(to: carriers?[key] ?? [], above: level)
                roots += answers ?? [vertex]
            }
        }
        var seen: Set<Int> = []
        return roots.filter { seen.insert($0).inserted }
    }

    /// An error for each root whose own top-level request (`resolve()` of its registered
    /// type, with its name or tags) several components answer with no rule to pick one, in
    /// the container nearest the graph's that has candidates: that resolve fails, though no
    /// dependency asks for it.
    func ambiguousRootRequests() -> [DIDiagnostic] {
        var found: [DIDiagnostic] = []
        var carriers: [DIKey: [Int]]?
        var seen: Set<DIKey> = []
        for vertex in vertices.indices {
            let component = vertices[vertex].component
            guard component.config.isRoot, !component.config.isUnused else { continue }
            let own = component.keys.filter { ObjectIdentifier(component.config.type) == $0.type }
            for key in own where seen.insert(key).inserted {
                if carriers == nil { carriers = keyCarriers() }
                guard let tied = answers(to: carriers?[key] ?? [], above: Int.max), tied.count > 1 else { continue }
                let components = tied.map { vertices[$0].component }
                let request = requestLabel(component.config.type, key.qualifier)
                let listed = ShortList.joined(DIComponentInfo.listed(tied.map { vertices[$0].info }), separator: "; ")
                let tie = container.tie(among: components, for: key)
                found.append(
                    DIDiagnostic(
                        severity: .error,
                        kind: .ambiguousDependency,
                        message: "the root \(request) cannot be resolved: \(tie): \(listed)",
                        component: component.info,
                        path: [request]
                    )
                )
            }
        }
        return found
    }

    /// For each key, the positions of the vertices indexed under it.
    private func keyCarriers() -> [DIKey: [Int]] {
        var carriers: [DIKey: [Int]] = [:]
        for vertex in vertices.indices {
            for key in vertices[vertex].component.keys { carriers[key, default: []].append(vertex) }
        }
        return carriers
    }

    /// What a top-level resolve from the graph's container answers a key with, given the
    /// vertices indexed under it (`carriers`), when a container nearer than `level` has
    /// candidates; `nil` when none does.
    private func answers(to carriers: [Int], above level: Int) -> [Int]? {
        guard let nearest = carriers.map({ vertices[$0].containerLevel }).min(), nearest < level else { return nil }
        let field = carriers.filter { vertices[$0].containerLevel == nearest }
        func position(of chosen: Component) -> Int? { field.first { vertices[$0].component === chosen } }
        switch Selection.choose(among: field.map { vertices[$0].component }, framework: nil, imports: { _ in [] }) {
        case .none: return []
        case .one(let chosen, _): return position(of: chosen).map { [$0] } ?? []
        case .ambiguous(let tied): return tied.compactMap(position(of:))
        }
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

import DILazy

/// Turns a container chain into a ``DIGraph``: one pass over the components, one lookup
/// per dependency.
///
/// Lookups mirror the resolver: a container's own candidates first, then its parent's;
/// `many` merges all, the root's first; the choice is ``Selection/choose(among:framework:imports:)``.
/// It reads each registry's own index (a snapshot, shared until the registry changes) and
/// numbers vertices through plain arrays, so building allocates little beyond the graph.
struct GraphBuilder {
    /// One container of the chain, as its registry indexes it.
    struct Level {
        let components: [Component]
        /// Positions in ``components`` of every key's candidates.
        let index: KeyIndex
        /// What an unqualified `many` gathers by type, names and tags included (see
        /// ``Registry/manyPositions(_:index:byType:)``).
        let byType: [ObjectIdentifier: InlineList<Int>]
        /// Whether ``components`` are in id order (they are unless registrations raced).
        let inIDOrder: Bool
        let misuses: [String]
    }

    /// The answer to one dependency: vertex positions and ids of the components.
    private struct Targets {
        var positions = InlineList<Int>.empty
        var ids = InlineList<Int>.empty
    }

    private let container: DIContainer
    /// The chain, the graph's container first.
    let levels: [Level]
    /// Framework → the frameworks it imports, anywhere in the chain (as
    /// `DIContainer.importsAlongChain(of:)` reads them for a resolve).
    private let imports: [ObjectIdentifier: Set<ObjectIdentifier>]

    init(container: DIContainer) {
        self.container = container
        var levels: [Level] = []
        var imports: [ObjectIdentifier: Set<ObjectIdentifier>] = [:]
        let loaded = container.loadedAlongChain()
        var current: DIContainer? = container
        while let level = current {
            let snapshot = level.graphSnapshot(loadedAlongChain: loaded)
            levels.append(
                Level(
                    components: snapshot.components,
                    index: snapshot.index,
                    byType: snapshot.byType,
                    inIDOrder: snapshot.inIDOrder,
                    misuses: snapshot.misuses
                )
            )
            imports.merge(snapshot.imports) { $0.union($1) }
            current = level.parent
        }
        self.levels = levels
        self.imports = imports
    }

    func build() -> DIGraph {
        let placed = placement()
        // For each level, each component's vertex position.
        var vertexOf = levels.map { [Int](repeating: 0, count: $0.components.count) }
        for (vertex, entry) in placed.enumerated() { vertexOf[entry.level][entry.position] = vertex }

        // Vertices first, in a short loop: each component's first read is a cache miss in a
        // large graph, and a short loop body lets the processor wait for several at once.
        var vertices: [DIGraph.Vertex] = []
        vertices.reserveCapacity(placed.count)
        // Each vertex's id, by position: an edge's targets' ids are read from here, not from
        // their components (a cache line each in a large graph).
        var ids: [Int] = []
        ids.reserveCapacity(placed.count)
        var edgeCount = 0
        var hasScopedLifetimes = false
        for (position, entry) in placed.enumerated() {
            let component = levels[entry.level].components[entry.position]
            if component.config.isOutsideOrigin { hasScopedLifetimes = true }
            let count = Int(component.dependencyCount)
            vertices.append(
                DIGraph.Vertex(
                    containerLevel: entry.level,
                    component: component,
                    index: position,
                    edgeRange: edgeCount..<edgeCount + count
                )
            )
            ids.append(component.id)
            edgeCount += count
        }
        var edges: [DIGraph.Edge] = []
        edges.reserveCapacity(edgeCount)
        var firstLevels: [Int] = []
        var keptByAncestors: [DIGraph.KeptByAncestor] = []
        for (position, entry) in placed.enumerated() {
            // From its level, as above: read from `vertices`, the whole vertex was copied.
            let component = levels[entry.level].components[entry.position]
            let start = edges.count
            let source = DIGraph.Vertex.Source(id: ids[position], index: position)
            // An instance an ancestor keeps is made by that ancestor (the registering one, or an
            // isolating one between, which keeps its own copy): its dependencies are chosen
            // from the keeper's level up, as the resolver chooses them.
            let keeper = entry.level > 0 ? container.ancestorMaking(component) : nil
            let firstLevel = level(of: keeper)
            if firstLevel > 0, let keeper {
                // Most chains have no such component: then no array.
                if firstLevels.isEmpty { firstLevels = [Int](repeating: 0, count: placed.count) }
                firstLevels[position] = firstLevel
                keptByAncestors.append(DIGraph.KeptByAncestor(vertex: position, keeper: keeper))
            }
            // By index: iterating copies each dependency (a retain of each reference it holds).
            func add(_ plans: [DIDependency]) {
                for index in plans.indices {
                    edges.append(
                        edge(
                            plans,
                            at: index,
                            number: edges.count - start,
                            of: component,
                            source: source,
                            from: firstLevel,
                            vertexOf: vertexOf,
                            ids: ids
                        )
                    )
                }
            }
            add(component.config.parameters)
            for injection in component.config.injections { add(injection.dependencies) }
        }
        // An edge is awaited when it reaches an async component. Plain loops: a closure over
        // `vertices` would copy each vertex it reads (a retain of its component).
        for index in edges.indices {
            for target in edges[index].targets where vertices[target].isAsync {
                edges[index].isAsync = true
            }
        }
        let madeByAncestors =
            firstLevels.isEmpty
            ? [] : ancestorMadeEdges(vertices, edges, firstLevels: firstLevels, vertexOf: vertexOf, ids: ids)
        return DIGraph(
            vertices: vertices,
            edges: edges,
            madeByAncestors: madeByAncestors,
            keptByAncestors: keptByAncestors,
            container: container,
            misuses: levels.flatMap(\.misuses),
            testConflicts: testConflicts(),
            idleTestOverrides: idleTestOverrides(),
            hasScopedLifetimes: hasScopedLifetimes
        )
    }

    /// The level of `keeper` in the chain; 0 for `nil` (the graph's container makes it).
    private func level(of keeper: DIContainer?) -> Int {
        guard let keeper else { return 0 }
        var level = 0
        var current: DIContainer? = container
        while let next = current, next !== keeper {
            level += 1
            current = next.parent
        }
        return current == nil ? 0 : level
    }

    /// Every component of the chain as (level, position in it), sorted by id.
    private func placement() -> [(level: Int, position: Int)] {
        var placed: [(level: Int, position: Int)] = []
        placed.reserveCapacity(levels.reduce(0) { $0 + $1.components.count })
        for (number, level) in levels.enumerated() {
            for position in level.components.indices { placed.append((number, position)) }
        }
        // Ids grow in registration order: one registry in id order is placed as it is, with no
        // pass over its components (for thousands, that pass alone reads a cache line each).
        // Parents (registered earlier) come after children in `levels`, so a chain is sorted.
        if levels.count > 1 || !levels[0].inIDOrder {
            placed.sort { levels[$0.level].components[$0.position].id < levels[$1.level].components[$1.position].id }
        }
        return placed
    }

    /// The edge of one dependency, `plans[index]`: which components the resolver would
    /// answer it with, looking at the chain from level `firstLevel` up.
    ///
    /// The dependency is read field by field where it is: passed as a value, it was copied
    /// (a retain of each reference it holds) for every edge.
    func edge(
        _ plans: [DIDependency],
        at index: Int,
        number: Int,
        of component: Component,
        source: DIGraph.Vertex.Source,
        from firstLevel: Int,
        vertexOf: [[Int]],
        ids: [Int]
    ) -> DIGraph.Edge {
        let wrappers = plans[index].wrappers
        func make(_ targets: Targets, _ resolution: DIGraph.Edge.Resolution) -> DIGraph.Edge {
            DIGraph.Edge(
                role: plans[index].role,
                wrappers: wrappers,
                isCycle: plans[index].isCycle,
                passesArguments: plans[index].providedArguments != nil,
                planIndex: number,
                owner: component,
                source: source,
                targets: targets.positions,
                ids: targets.ids,
                resolution: resolution
            )
        }
        if wrappers.contains(.container) { return make(Targets(), .container) }
        if wrappers.contains(.argument) { return make(Targets(), .runtimeArgument) }
        let key = plans[index].key
        var targets = Targets()
        func add(_ position: Int, of level: Int) {
            let vertex = vertexOf[level][position]
            targets.positions.append(vertex)
            targets.ids.append(ids[vertex])
        }
        if wrappers.contains(.many) {
            // As `resolveAll`: every candidate, root container's first, the requester left out.
            let ownFramework = wrappers.contains(.ownFramework)
            for number in (firstLevel..<levels.count).reversed() {
                let gathered = Registry.manyPositions(key, index: levels[number].index, byType: levels[number].byType)
                for position in gathered ?? .empty
                where levels[number].components[position].id != component.id
                    && (!ownFramework
                        || levels[number].components[position].config.origin.framework
                            == component.config.origin.framework)
                {
                    add(position, of: number)
                }
            }
            return make(targets, .resolved)
        }
        // The first container of the chain that has candidates decides, with the chain's imports
        // (the requester's framework is read only then: reading it copies its whole config).
        // By index: `enumerated()` would copy each level (five references) per dependency.
        for number in firstLevel..<levels.count {
            guard let candidates = levels[number].index[key], !candidates.isEmpty else { continue }
            if candidates.count == 1 {
                add(candidates[0], of: number)
                return make(targets, .resolved)
            }
            let level = levels[number]
            let selection = Selection.choose(
                among: candidates.map { level.components[$0] },
                framework: component.config.origin.framework
            ) { imports[$0.id] ?? [] }
            let chosen: [Component]
            let resolution: DIGraph.Edge.Resolution
            switch selection {
            case .none: (chosen, resolution) = ([], .nothing)
            case .one(let one, _): (chosen, resolution) = ([one], .resolved)
            case .ambiguous(let tied): (chosen, resolution) = (tied, .ambiguous)
            }
            for choice in chosen {
                if let position = candidates.first(where: { level.components[$0] === choice }) {
                    add(position, of: number)
                }
            }
            return make(targets, resolution)
        }
        return make(targets, .nothing)
    }
}

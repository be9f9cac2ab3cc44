import DILazy

/// Turns a container chain into a ``DIGraph``: one pass over the components, one lookup
/// per dependency.
///
/// Lookups mirror the resolver: a container's own candidates first, then its parent's;
/// `many` merges all, the root's first; the choice is ``Selection/choose(among:framework:imports:)``.
struct GraphBuilder {
    /// One container of the chain, indexed for lookups.
    private struct Level {
        let components: [Component]
        let index: [DIKey: [Component]]
        let imports: [ObjectIdentifier: Set<ObjectIdentifier>]
        let misuses: [String]
    }

    private let container: DIContainer
    /// The chain, the graph's container first.
    private let levels: [Level]

    init(container: DIContainer) {
        self.container = container
        var levels: [Level] = []
        var current: DIContainer? = container
        while let level = current {
            let snapshot = level.graphSnapshot()
            var index: [DIKey: [Component]] = [:]
            for component in snapshot.components {
                for key in component.keys { index[key, default: []].append(component) }
            }
            levels.append(
                Level(
                    components: snapshot.components,
                    index: index,
                    imports: snapshot.imports,
                    misuses: snapshot.misuses
                )
            )
            current = level.parent
        }
        self.levels = levels
    }

    func build() -> DIGraph {
        var placed: [(component: Component, level: Int)] = []
        for (number, level) in levels.enumerated() {
            placed += level.components.map { ($0, number) }
        }
        placed.sort { $0.component.id < $1.component.id }
        var positions: [Int: Int] = [:]
        positions.reserveCapacity(placed.count)
        for (position, entry) in placed.enumerated() { positions[entry.component.id] = position }

        var vertices: [DIGraph.Vertex] = []
        vertices.reserveCapacity(placed.count)
        var edges: [DIGraph.Edge] = []
        for (position, entry) in placed.enumerated() {
            let component = entry.component
            let config = component.config
            let start = edges.count
            let source = DIGraph.Vertex.Source(id: component.id, index: position)
            let plans = config.parameters + config.injections.flatMap(\.dependencies)
            for plan in plans {
                edges.append(edge(plan, of: component, source: source, positions: positions))
            }
            vertices.append(
                DIGraph.Vertex(
                    containerLevel: entry.level,
                    component: component,
                    index: position,
                    edgeRange: start..<edges.count
                )
            )
        }
        return DIGraph(
            vertices: vertices,
            edges: edges,
            container: container,
            misuses: levels.flatMap(\.misuses),
            testConflicts: testConflicts(positions: positions)
        )
    }

    /// The edge of one dependency: which components the resolver would answer it with.
    private func edge(
        _ plan: DIDependency,
        of component: Component,
        source: DIGraph.Vertex.Source,
        positions: [Int: Int]
    ) -> DIGraph.Edge {
        func make(_ targets: [Component], _ resolution: DIGraph.Edge.Resolution) -> DIGraph.Edge {
            DIGraph.Edge(plan: plan, source: source, targets: targets, positions: positions, resolution: resolution)
        }
        if plan.wrappers.contains(.container) { return make([], .container) }
        if plan.wrappers.contains(.argument) { return make([], .runtimeArgument) }
        let key = DIKey(ObjectIdentifier(plan.leaf), plan.qualifier)
        if plan.wrappers.contains(.many) {
            // As `resolveAll`: every candidate, root container's first, the requester left out.
            let all = levels.reversed().flatMap { $0.index[key] ?? [] }.filter { $0.id != component.id }
            return make(all, .resolved)
        }
        switch select(key, framework: component.config.origin.framework) {
        case .none: return make([], .nothing)
        case .one(let chosen): return make([chosen], .resolved)
        case .ambiguous(let tied): return make(tied, .ambiguous)
        }
    }

    /// The resolver's choice for a key: the first container of the chain that has
    /// candidates decides, with its own imports.
    private func select(_ key: DIKey, framework: DIScope?) -> Selection {
        for level in levels {
            guard let candidates = level.index[key], !candidates.isEmpty else { continue }
            return Selection.choose(among: candidates, framework: framework) { level.imports[$0.id] ?? [] }
        }
        return .none
    }

    /// Every request (type with name/tag) that more than one visible `.test()` answers.
    private func testConflicts(positions: [Int: Int]) -> [DIGraph.TestConflict] {
        var seen: Set<DIKey> = []
        var conflicts: [(first: Int, conflict: DIGraph.TestConflict)] = []
        for level in levels {
            for (key, candidates) in level.index where seen.insert(key).inserted {
                let tests = candidates.filter(\.config.isTest)
                guard tests.count > 1 else { continue }
                let label = label(of: key, among: tests[0])
                conflicts.append((tests[0].id, DIGraph.TestConflict(request: label, vertices: tests.map(\.id))))
            }
        }
        return conflicts.sorted { ($0.first, $0.conflict.request) < ($1.first, $1.conflict.request) }.map(\.conflict)
    }

    /// `Animal (name: "tom")`: the key as the component that answers it spells it.
    private func label(of key: DIKey, among component: Component) -> String {
        let keys = component.keys
        let aliasLabels = [typeName(component.config.type)] + component.config.aliases.map(\.label)
        return zip(keys, aliasLabels).first { $0.0 == key }?.1 ?? typeName(component.config.type)
    }
}

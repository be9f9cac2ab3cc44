import DILazy

extension DIGraph {
    /// Every loop of dependencies, whether or not something breaks it.
    ///
    /// One ``DICycle`` per group of components that reach each other (a strongly connected
    /// component), with one concrete loop through its first component. Linear in
    /// components + dependencies.
    ///
    /// ```swift
    /// let broken = container.makeGraph().findCycles().filter { !$0.isBreakable }
    /// ```
    ///
    /// - Returns: The cycles, ordered by their first component's id.
    public func findCycles() -> [DICycle] {
        let analysis = cycleAnalysis()
        let all = successors { _, _ in true }
        return StronglyConnected.loops(all).sorted { $0[0] < $1[0] }.map { group in
            let loop = StronglyConnected.loop(in: group, all)
            return DICycle(
                vertices: loop.map { vertices[$0].id },
                types: loop.map { vertices[$0].typeName },
                members: group.map { vertices[$0].id },
                isBreakable: !group.contains { analysis.unbuildableVertices.contains($0) },
                failingMembers: group.filter { analysis.failingEntries.contains($0) }.map { vertices[$0].id }
            )
        }
    }

    /// Why a loop cannot be built.
    enum LoopFailure {
        /// Every edge is needed while an instance is made: nothing hands out an unfinished one.
        case initOnly
        /// Only prototypes, so each pass makes new instances and the loop never closes.
        case allPrototype
        /// A resolve started at some members (`failing`, positions) reaches a member whose
        /// initializer is still running; started at the others (`working`) it works.
        case fromMembers(failing: [Int], working: [Int])
    }

    /// One loop the resolver cannot build.
    struct Loop {
        /// Its vertices' positions, in order.
        let vertices: [Int]
        /// Why it cannot be built.
        let failure: LoopFailure
        /// Its steps: each edge along it (a position in ``DIGraph/edges``) and the target
        /// the loop goes on to (a `many` edge has others).
        let steps: [(edge: Int, target: Int)]
    }

    /// The loops validation reports (those ``DIGraph/reportedLoops(_:in:)`` keeps), and
    /// what exports colour red.
    struct CycleAnalysis {
        /// Each unbuildable loop, ordered by its first vertex.
        var loops: [Loop] = []
        /// Positions of the vertices of unbuildable groups.
        var unbuildableVertices: Set<Int> = []
        /// Positions of the vertices a resolve started at fails from, because of a loop.
        var failingEntries: Set<Int> = []
    }

    /// Finds the loops the resolver cannot build (from some or all of their members).
    ///
    /// A loop is built when some edge on it hands out the other side unfinished or later:
    /// a `Lazy`/`Provider`, a `cycle:` injection, or a property/method injection of a
    /// cached or `objectGraph` component (its slot holds the instance once its initializer
    /// returned). A loop of prototypes closes only through a `Lazy`/`Provider`: otherwise
    /// every pass makes new instances.
    ///
    /// A component whose making always fails at a parameter (``failingParameters()``) gets
    /// no further: a loop through a later dependency of it is never reached (a request of it
    /// through an optional is `nil`), and only the parameters before can be on one.
    func cycleAnalysis() -> CycleAnalysis {
        var analysis = CycleAnalysis()
        let stops = failingParameters()
        let reached = { (edge: Edge) in edge.planIndex < stops[edge.source] }
        let isHard = { (edge: Edge, _: Int) in !breaksLoops(edge) && reached(edge) }
        let hard = successors(isHard)
        for group in StronglyConnected.loops(hard) {
            record(group, hard, isHard, &analysis) { loop in hardFailure(of: loop, in: group) }
        }
        let isPrototypeOnly = { (edge: Edge, target: Int) in
            !edge.isDelayed && vertices[edge.source].isPrototype && vertices[target].isPrototype && reached(edge)
        }
        // Most graphs have no edge between two prototypes: then there is no such loop to look for.
        let prototypes = successors(isPrototypeOnly)
        for group in prototypes.hasEdges ? StronglyConnected.loops(prototypes) : []
        where !group.allSatisfy(analysis.unbuildableVertices.contains) {
            record(group, prototypes, isPrototypeOnly, &analysis) { _ in .allPrototype }
        }
        // Every member of those groups fails, wherever a resolve starts. A loop with an
        // edge that hands out a made instance may still fail from some members: walk it
        // from each, as the resolver would.
        analysis.failingEntries = analysis.unbuildableVertices
        let followed = { (edge: Edge, _: Int) in isFollowedWhileBuilding(edge) && reached(edge) }
        let built = successors(followed)
        for group in StronglyConnected.loops(built) where !group.allSatisfy(analysis.unbuildableVertices.contains) {
            let failing = failingEntries(of: group, stoppingAt: stops)
            guard let first = failing.first else { continue }
            analysis.failingEntries.formUnion(failing)
            // The reported loop starts at a member that fails.
            let fromFailing = [first] + group.filter { $0 != first }
            let working = group.filter { !failing.contains($0) }
            record(fromFailing, built, followed, &analysis) { _ in .fromMembers(failing: failing, working: working) }
        }
        analysis.loops.sort { $0.vertices[0] < $1.vertices[0] }
        return analysis
    }

    /// For each vertex position, the dependency number (``Edge/planIndex``) where making it
    /// always fails, `Int32.max` for none: the first initializer parameter (not optional or
    /// `many`) that nothing answers — a `Lazy`/`Provider` of such a type too, which fails when
    /// it is handed out — or that several answer with no rule to pick one. Validation reports
    /// that parameter itself. (A tie is counted only for a component of the graph's own
    /// container: an ancestor keeping one makes it with its own registrations, which may
    /// have no tie.)
    func failingParameters() -> [Int32] {
        vertices.indices.map { vertex in
            let failing = vertices[vertex].edgeRange.first { index in
                let edge = edges[index]
                guard edge.role == .parameter, !edge.isOptional, !edge.isMany else { return false }
                return edge.resolution == .nothing
                    || (edge.resolution == .ambiguous && vertices[vertex].containerLevel == 0)
            }
            return failing.map { edges[$0].planIndex } ?? .max
        }
    }

    /// Records the loop through `group`, failing as `failure` says of it.
    private func record(
        _ group: [Int],
        _ successors: Adjacency,
        _ include: (Edge, Int) -> Bool,
        _ analysis: inout CycleAnalysis,
        failure: ([Int]) -> LoopFailure
    ) {
        let loop = StronglyConnected.loop(in: group, successors)
        let steps = loop.enumerated().compactMap { step, from -> (edge: Int, target: Int)? in
            let to = loop[(step + 1) % loop.count]
            let edge = vertices[from].edgeRange.first {
                edges[$0].resolution == .resolved && edges[$0].targets.contains(to) && include(edges[$0], to)
            }
            return edge.map { ($0, to) }
        }
        analysis.loops.append(Loop(vertices: loop, failure: failure(loop), steps: steps))
        analysis.unbuildableVertices.formUnion(group)
    }

    /// Why a loop of edges that hand out nothing unfinished fails, as the resolver says it:
    /// an initializer cycle when every step is a parameter; else a step is a prototype's
    /// injection (which hands out nothing: it makes a new instance each time), and the loop
    /// is made only of prototypes, or reaches a member still in its initializer.
    private func hardFailure(of loop: [Int], in group: [Int]) -> LoopFailure {
        let byInjection = loop.indices.contains { step in
            let target = loop[(step + 1) % loop.count]
            return !vertices[loop[step]].edgeRange.contains { index in
                edges[index].resolution == .resolved && edges[index].role == .parameter
                    && !breaksLoops(edges[index]) && edges[index].targets.contains(target)
            }
        }
        guard byInjection else { return .initOnly }
        return loop.allSatisfy { vertices[$0].isPrototype } ? .allPrototype : .fromMembers(failing: group, working: [])
    }

    /// Whether an edge lets a loop through it be built (see ``cycleAnalysis()``).
    func breaksLoops(_ edge: Edge) -> Bool {
        if edge.isDelayed || edge.isCycle { return true }
        return edge.role != .parameter && !vertices[edge.source].isPrototype
    }

    /// For each vertex position, the positions its resolved edges reach, keeping the
    /// (edge, target) pairs `include` accepts.
    ///
    /// None from a vertex an ancestor keeps: an ancestor makes its instance with its own
    /// registrations, which never lead back to this container's, so no loop of this graph
    /// goes through it (its making's loops are the ancestor's: ``ancestorMadeLoops(in:besides:)``).
    private func successors(_ include: (Edge, Int) -> Bool) -> Adjacency {
        var result = Adjacency(capacity: vertices.count, targetCapacity: edges.count)
        var keptAbove = [Bool](repeating: false, count: keptByAncestors.isEmpty ? 0 : vertices.count)
        for kept in keptByAncestors { keptAbove[kept.vertex] = true }
        // Edges are grouped by vertex, in vertex order.
        for vertex in vertices.indices {
            for index in vertices[vertex].edgeRange where edges[index].resolution == .resolved {
                if !keptAbove.isEmpty, keptAbove[vertex] { break }
                for target in edges[index].targets where include(edges[index], target) {
                    result.append(target)
                }
            }
            result.openVertex()
        }
        return result
    }

    /// A loop ``cycleAnalysis()`` found, as validation reports it.
    func cycleDiagnostic(_ loop: Loop) -> DIDiagnostic {
        var involved = loop.vertices
        if case .fromMembers(let failing, let working) = loop.failure { involved += failing + working }
        let name = names(among: involved)
        let path = loopPath(loop.vertices, naming: name)
        let text = path.joined(separator: " → ")
        let message: String
        switch loop.failure {
        case .initOnly:
            message =
                "an initializer cycle \(text) has nothing to break it (use injection(cycle: true), Lazy or Provider, or a property or method injection on a cached or objectGraph component)"
        case .allPrototype:
            message = DIError.prototypeLoop(path)
        case .fromMembers(let failing, let working):
            let failingNames = failing.map(name).joined(separator: ", ")
            let workingNames = working.map(name).joined(separator: ", ")
            let works = working.isEmpty ? "" : "; resolving \(workingNames) works"
            message = "resolving \(failingNames) fails: \(DIError.loopClosedEarly(path, needs: "one of them"))\(works)"
        }
        return DIDiagnostic(
            severity: .error,
            kind: .cycle,
            message: message,
            component: vertices[loop.vertices[0]].info,
            path: loopPath(loop.vertices) { vertices[$0].typeName }
        )
    }

    /// The loop's members, the first again last, each after the first as the one before
    /// asks for it, as a resolve's path says it: `Store as Cache (name: "disk")`.
    private func loopPath(_ loop: [Int], naming name: (Int) -> String) -> [String] {
        let closed = loop + loop.prefix(1)
        return closed.indices.map { step in
            let member = closed[step]
            guard step > 0,
                let index = vertices[closed[step - 1]].edgeRange.first(where: {
                    edges[$0].resolution == .resolved && edges[$0].targets.contains(member)
                })
            else { return name(member) }
            let plan = edges[index].plan
            if aliasingName(of: vertices[member].component, answering: plan.leaf) != nil {
                return "\(name(member)) as \(requestLabel(plan.leaf, plan.qualifier))"
            }
            return plan.qualifier == .none ? name(member) : "\(name(member)) (\(plan.qualifier.label))"
        }
    }

    /// How a message names the vertex at a position among `positions`: by its type, and
    /// where it was registered too when several of them have one type (a type registered
    /// twice, or by one line run in a loop): `Cache at App.swift:12`.
    private func names(among positions: [Int]) -> (Int) -> String {
        var seen: Set<Int> = []
        let types = Set(positions.filter { seen.insert($0).inserted }.map { ObjectIdentifier(vertices[$0].info.type) })
        guard types.count < seen.count else { return { vertices[$0].typeName } }
        return { "\(vertices[$0].typeName) at \(vertices[$0].info.location)" }
    }
}

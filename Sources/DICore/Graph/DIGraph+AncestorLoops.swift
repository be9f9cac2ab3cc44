extension DIGraph {
    /// A vertex whose instance an ancestor container keeps, and that ancestor.
    struct KeptByAncestor {
        /// Its position in ``DIGraph/vertices``.
        let vertex: Int
        /// The container that makes and keeps the instance.
        let keeper: DIContainer
    }

    /// The loops an ancestor's making of an instance it keeps cannot build, as errors: a
    /// resolve from this container that needs the instance fails on them.
    ///
    /// That making follows the ancestor's registrations, in an object graph of its own, as a
    /// resolve of the component from the ancestor does: its loops are those the ancestor's
    /// graph reports for a resolve started at the component. Judged are the instances a
    /// resolve from this container can start at or reach through its own making (not those
    /// only another such making reaches, which the ancestor's graph judges from there). Each
    /// ancestor's graph is made once, and a loop `here` (this graph's reported ones) or another
    /// instance's making already has is not reported again.
    func ancestorMadeLoops(in scope: ValidationScope, besides here: [Loop]) -> [DIDiagnostic] {
        guard !keptByAncestors.isEmpty else { return [] }
        let kept = Set(keptByAncestors.map(\.vertex))
        let judged: Set<Int>
        if scope.roots.isEmpty {
            judged = kept.filter { scope.checks($0) }
        } else {
            judged = reach(from: scope.roots, stoppingAt: kept).enteredStops
        }
        var graphs: [ObjectIdentifier: (graph: DIGraph, analysis: CycleAnalysis)] = [:]
        var reported = Set(here.map { loop in loop.vertices.map { vertices[$0].id }.sorted() })
        var found: [DIDiagnostic] = []
        for kept in keptByAncestors where judged.contains(kept.vertex) {
            let keeper = ObjectIdentifier(kept.keeper)
            let there = graphs[keeper] ?? Self.withAnalysis(kept.keeper.makeGraph())
            graphs[keeper] = there
            let component = vertices[kept.vertex]
            guard let start = there.graph.vertex(id: component.id)?.index else { continue }
            let fromStart = ValidationScope(
                checked: there.graph.reach(from: [start], stoppingAt: []).reached,
                roots: [start],
                around: [:]
            )
            for loop in there.graph.reportedLoops(there.analysis, in: fromStart) {
                guard reported.insert(loop.vertices.map { there.graph.vertices[$0].id }.sorted()).inserted else {
                    continue
                }
                let inner = there.graph.cycleDiagnostic(loop)
                found.append(
                    DIDiagnostic(
                        severity: .error,
                        kind: .cycle,
                        message:
                            "\(component.typeName) is kept by an ancestor container, which makes it with its own registrations, and there \(inner.message)",
                        component: component.info,
                        path: inner.path
                    )
                )
            }
        }
        return found
    }

    /// `graph` with its cycle analysis.
    private static func withAnalysis(_ graph: DIGraph) -> (graph: DIGraph, analysis: CycleAnalysis) {
        (graph, graph.cycleAnalysis())
    }
}

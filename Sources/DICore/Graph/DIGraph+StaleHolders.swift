import DIRuntime

// What validation warns of as a captive dependency, seen at run time: a clean dropped an
// instance that an already made instance, which the clean left, still holds.
extension DIGraph {
    /// A warning for each made instance that holds (not through `Lazy`/`Provider`; directly,
    /// or through prototypes it keeps) an instance of a component whose instance a clean just
    /// dropped, while the clean left the holder: the holder keeps the old one, and whoever
    /// resolves it gets it with that.
    ///
    /// - Parameters:
    ///   - dropped: The ids of the components whose instances the clean dropped.
    ///   - clean: What was cleaned, for the message (`clean(framework: Storage)`).
    func staleHolders(after dropped: Set<Int>, by clean: String) -> [DIDiagnostic] {
        var found: [DIDiagnostic] = []
        var holdersOf: [Int: [Int]]?
        for index in edges.indices where edges[index].holdsItsTargets {
            let edge = edges[index]
            for target in edge.targets where dropped.contains(vertices[target].id) {
                var holders = [(holder: edge.source, through: [Int](), request: edge.request)]
                if vertices[edge.source].isPrototype {
                    if holdersOf == nil { holdersOf = holdingEdges() }
                    holders = keepers(of: edge.source, holdersOf ?? [:])
                }
                for keeper in holders {
                    let holder = vertices[keeper.holder]
                    // Only a holder this container keeps was made with its instances: one an
                    // ancestor keeps holds the ancestor's, which this clean did not drop.
                    guard !dropped.contains(holder.id), container.keptCell(of: holder.component)?.hasInstance == true
                    else { continue }
                    let through = keeper.through.map { "the \(vertices[$0].typeName) it keeps, which holds " }.joined()
                    found.append(
                        DIDiagnostic(
                            severity: .warning,
                            kind: .captiveDependency,
                            message:
                                "\(holder.typeName) (\(describe(holder))) was made before \(clean) and still holds \(through)the \(vertices[target].typeName) (\(describe(vertices[target]))) it dropped; whoever resolves \(holder.typeName) gets the old one (use Provider/Lazy, or align the lifetimes)",
                            component: holder.info,
                            path: [holder.typeName, keeper.request]
                        )
                    )
                }
            }
        }
        return found
    }

    /// For each vertex, the dependencies that hold it (``Edge/holdsItsTargets``), by index.
    private func holdingEdges() -> [Int: [Int]] {
        var holding: [Int: [Int]] = [:]
        for index in edges.indices where edges[index].holdsItsTargets {
            for target in edges[index].targets { holding[target, default: []].append(index) }
        }
        return holding
    }

    /// The vertices that keep the prototype at `prototype` (through further prototypes,
    /// listed from the holder down to it), with the request each one holds the first by.
    private func keepers(
        of prototype: Int,
        _ holdersOf: [Int: [Int]]
    ) -> [(holder: Int, through: [Int], request: String)] {
        var keepers: [(holder: Int, through: [Int], request: String)] = []
        var pending = [(position: prototype, through: [prototype])]
        var seen: Set<Int> = [prototype]
        while let (held, through) = pending.popLast() {
            for index in holdersOf[held] ?? [] where seen.insert(edges[index].source).inserted {
                let source = edges[index].source
                if vertices[source].isPrototype {
                    pending.append((source, [source] + through))
                } else {
                    keepers.append((source, through, edges[index].request))
                }
            }
        }
        return keepers
    }
}

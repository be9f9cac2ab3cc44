import DIRuntime

// What validation warns of as a captive dependency, seen at run time: a clean dropped an
// instance that an already made instance, which the clean left, still holds.
extension DIGraph {
    /// A warning for each made instance that holds (directly, not through `Lazy`/`Provider`)
    /// an instance of a component whose instance a clean just dropped, while the clean left
    /// the holder: the holder keeps the old one, and whoever resolves it gets it with that.
    ///
    /// - Parameters:
    ///   - dropped: The ids of the components whose instances the clean dropped.
    ///   - clean: What was cleaned, for the message (`clean(framework: Storage)`).
    func staleHolders(after dropped: Set<Int>, by clean: String) -> [DIDiagnostic] {
        var found: [DIDiagnostic] = []
        for index in edges.indices where edges[index].resolution == .resolved && !edges[index].isDelayed {
            let edge = edges[index]
            let holder = vertices[edge.source]
            for target in edge.targets where dropped.contains(vertices[target].id) {
                // Only a holder this container keeps was made with its instances: one an
                // ancestor keeps holds the ancestor's, which this clean did not drop.
                guard !dropped.contains(holder.id), container.keptCell(of: holder.component)?.hasInstance == true
                else { continue }
                found.append(
                    DIDiagnostic(
                        severity: .warning,
                        kind: .captiveDependency,
                        message:
                            "\(holder.typeName) (\(describe(holder))) was made before \(clean) and still holds the \(vertices[target].typeName) (\(describe(vertices[target]))) it dropped; whoever resolves \(holder.typeName) gets the old one (use Provider/Lazy, or align the lifetimes)",
                        component: holder.info,
                        path: [holder.typeName, edge.request]
                    )
                )
            }
        }
        return found
    }
}

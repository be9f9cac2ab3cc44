import DIRuntime

extension DIContainer {
    /// A snapshot of this container's wiring (with its parents') to validate or draw.
    ///
    /// ```swift
    /// let graph = container.makeGraph()
    /// guard graph.checkIsValid() else { fatalError("wiring is broken; see the log") }
    /// ```
    ///
    /// Dependencies are answered as a resolve on this container would: its own components
    /// first, then its parent's, chosen by the same priority rules.
    ///
    /// - Returns: The components and dependencies as they are registered now.
    public func makeGraph() -> DIGraph {
        GraphBuilder(container: self).build()
    }

    /// What the graph needs from this container's registry, read once under its lock.
    func graphSnapshot() -> (
        components: [Component],
        index: KeyIndex,
        inIDOrder: Bool,
        imports: [ObjectIdentifier: Set<ObjectIdentifier>],
        misuses: [String]
    ) {
        let ancestorsLoaded = ancestorsLoaded()
        return withRegistry { registry in
            let snapshot = registry.graphSnapshot
            let misuses = registry.misuses + registry.unloadedImports(ancestorsLoaded: ancestorsLoaded)
            return (snapshot.components, snapshot.index, snapshot.inIDOrder, registry.imports, misuses)
        }
    }
}

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
    ///
    /// - Parameter loadedAlongChain: The frameworks appended anywhere along the graph's
    ///   chain (``loadedAlongChain()`` of the graph's container): an import this container
    ///   states counts where a child appends the framework it names.
    func graphSnapshot(loadedAlongChain: Set<ObjectIdentifier>) -> (
        components: [Component],
        index: KeyIndex,
        byType: [ObjectIdentifier: InlineList<Int>],
        inIDOrder: Bool,
        imports: [ObjectIdentifier: Set<ObjectIdentifier>],
        misuses: [String]
    ) {
        withRegistry { registry in
            let snapshot = registry.graphSnapshot
            let misuses = registry.misuses + registry.unloadedImports(loadedElsewhere: loadedAlongChain)
            return (
                snapshot.components, snapshot.index, snapshot.byType, snapshot.inIDOrder, registry.imports, misuses
            )
        }
    }
}

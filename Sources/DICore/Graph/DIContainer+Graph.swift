@_spi(Tranquil) import DILazy

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
        index: [DIKey: Registry.Candidates],
        imports: [ObjectIdentifier: Set<ObjectIdentifier>],
        misuses: [String]
    ) {
        registry.withLock { ($0.graphSnapshot.components, $0.graphSnapshot.index, $0.imports, $0.misuses) }
    }
}

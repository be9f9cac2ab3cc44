extension DIGraph {
    /// A `single` component that ``DIContainer/initializeSingletonObjects()`` cannot make,
    /// since it makes each with a synchronous resolve that passes no arguments: one that
    /// needs `await` (itself, or something it needs made with it), runtime arguments or an
    /// initializer would stop the process there.
    func singleMadeOnlyLater(_ position: Int) -> DIDiagnostic? {
        // Cached, or kept in the resolve's graph for want of an initializer: a cheap test first.
        guard vertices[position].isCached || !vertices[position].hasInitializer, vertices[position].lifetime == .single
        else { return nil }
        let vertex = vertices[position]
        let component = vertex.component
        let (kind, reason): (DIDiagnostic.Kind, String)
        if !component.hasInitializer {
            (kind, reason) = (.noInitializer, "was registered without an initializer")
        } else if !component.makesSynchronously {
            (kind, reason) = (.requiresAsync, component.config.needsAwait)
        } else if component.requiredArgumentCount > 0 {
            (kind, reason) = (.argumentMismatch, "takes runtime arguments (arg)")
        } else if let awaited = awaitedDependency(of: position) {
            let name = vertices[awaited].typeName
            (kind, reason) = (.requiresAsync, "needs \(name), which \(vertices[awaited].component.config.needsAwait)")
        } else {
            return nil
        }
        return DIDiagnostic(
            severity: .warning,
            kind: kind,
            message:
                "\(vertex.typeName) is .single but \(reason): initializeSingletonObjects() cannot make it and would stop the process; make it with a resolve at launch instead",
            component: vertex.info,
            path: [vertex.typeName]
        )
    }

    /// A component that the synchronous making of the one at `position` needs made with it
    /// (not through an optional, a `Lazy` or a `Provider`), directly or through others, and
    /// that only an async resolve can make; `nil` if none.
    private func awaitedDependency(of position: Int) -> Int? {
        var visited: Set<Int> = [position]
        var pending = [position]
        while let current = pending.popLast() {
            for edge in vertices[current].edgeRange
            where edges[edge].resolution == .resolved && !edges[edge].isOptional && !edges[edge].isDelayed {
                for target in edges[edge].targets where visited.insert(target).inserted {
                    if vertices[target].isAsync { return target }
                    pending.append(target)
                }
            }
        }
        return nil
    }
}

extension DIGraph {
    /// A component whose `cycle:` injection takes a runtime argument (`arg`): such an
    /// injection runs after the build, when no request's arguments reach it, so every
    /// resolve of the component fails (``DIDiagnostic/Kind/argumentMismatch``).
    func argumentOfDeferredInjection(_ position: Int) -> DIDiagnostic? {
        let vertex = vertices[position]
        let deferred = vertex.component.config.injections.filter(\.isCycle)
        guard
            let argument = deferred.lazy.flatMap(\.dependencies).first(where: { $0.wrappers.contains(.argument) })
        else { return nil }
        return DIDiagnostic(
            severity: .error,
            kind: .argumentMismatch,
            message: DIError.cycleInjectionArgument(of: vertex.typeName, taking: typeName(argument.leaf)),
            component: vertex.info,
            path: [vertex.typeName]
        )
    }

    /// A component with no initializer (what `inject(into:)` fills) whose injections take a
    /// runtime argument that is not `Optional`: `inject(into:)` passes none, and nothing
    /// else makes the component, so every use of it fails, as its resolve says
    /// (``DIDiagnostic/Kind/argumentMismatch``).
    func argumentOfInjectedObject(_ position: Int) -> DIDiagnostic? {
        let vertex = vertices[position]
        guard !vertex.hasInitializer else { return nil }
        let dependencies = vertex.component.config.injections.flatMap(\.dependencies)
        let taken = dependencies.filter { $0.wrappers.contains(.argument) }
        guard taken.contains(where: { !$0.isOptionalArgument }) else { return nil }
        let types = taken.map { typeName($0.leaf) }.joined(separator: ", ")
        return DIDiagnostic(
            severity: .error,
            kind: .argumentMismatch,
            message:
                "\(vertex.typeName) has no initializer and its injections' arg parameters are (\(types)), but inject(into:) passes no runtime arguments: make those parameters Optional",
            component: vertex.info,
            path: [vertex.typeName]
        )
    }
}

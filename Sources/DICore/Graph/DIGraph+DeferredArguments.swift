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
            message:
                "\(vertex.typeName) has a cycle: injection that takes a runtime argument (arg(\(typeName(argument.leaf)))), which no resolve can pass: a cycle: injection runs after the rest of the resolve; take the argument in the initializer or a plain injection",
            component: vertex.info,
            path: [vertex.typeName]
        )
    }
}

extension DIGraph {
    /// A `single` component that ``DIContainer/initializeSingletonObjects()`` cannot make,
    /// since it makes each with a synchronous resolve that passes no arguments: one that
    /// needs `await`, runtime arguments or an initializer would stop the process there.
    func singleMadeOnlyLater(_ position: Int) -> DIDiagnostic? {
        let component = vertices[position].component
        // Flags first: reading the lifetime of every component costs more than these.
        guard !component.makesSynchronously || component.requiredArgumentCount > 0,
            component.config.lifetime == .single
        else { return nil }
        let vertex = vertices[position]
        let (kind, reason): (DIDiagnostic.Kind, String) =
            if !component.hasInitializer {
                (.noInitializer, "was registered without an initializer")
            } else if !component.makesSynchronously {
                (.requiresAsync, component.config.needsAwait)
            } else {
                (.argumentMismatch, "takes runtime arguments (arg)")
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
}

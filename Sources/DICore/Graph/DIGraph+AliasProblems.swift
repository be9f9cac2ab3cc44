extension DIGraph {
    /// The `.as(P.self)` aliases of the component at `position` that its instances cannot
    /// be: an error for a struct or an enum that is no `P` (a resolve of `P` that picks it fails with
    /// `.typeMismatch`), a warning for a class, whose factory may return a subclass that is.
    /// `as(check:)` aliases pass: the compiler checked them.
    func appendAliasProblems(of position: Int, to found: inout [DIDiagnostic]) {
        let vertex = vertices[position]
        let registered = vertex.component.config.type
        for alias in vertex.component.config.aliases {
            let problem: (severity: DIDiagnostic.Severity, outcome: String)
            switch Kinship(alias.type).fit(of: registered) {
            case .holds, .unknown:
                continue
            case .never:
                problem = (.error, "every resolve of \(alias.label) or many that picks it fails (.typeMismatch)")
            case .onlyForSomeSubclass:
                let unless = "unless its factory returns a subclass that is one"
                problem = (.warning, "a resolve of \(alias.label) fails \(unless)")
            }
            let alias = typeName(alias.type)
            let registration = "\(vertex.typeName) is registered .as(\(alias).self) but cannot be used as \(alias)"
            found.append(
                DIDiagnostic(
                    severity: problem.severity,
                    kind: .misuse,
                    message: "\(registration), so \(problem.outcome), at \(vertex.info.location)",
                    component: vertex.info,
                    path: [vertex.typeName]
                )
            )
        }
    }
}

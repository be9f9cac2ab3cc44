import DILazy

/// The outcome of choosing among the candidates for one request.
package enum Selection {
    case none
    case one(Component)
    case ambiguous([Component])

    /// Applies DESIGN's rules to `candidates` (the first rule that leaves one wins):
    /// 1. exactly one `.test()`; (several `.test()` narrow the field to themselves)
    /// 2. those registered in `framework`, then their `.default()`;
    /// 3. those in the frameworks `framework` imports, then their `.default()`;
    /// 4. `.default()` over all;
    /// 5. otherwise ambiguous.
    ///
    /// The resolver and graph validation both call this: one implementation of the rules.
    package static func choose(
        among candidates: [Component],
        framework: DIScope?,
        imports: (DIScope) -> Set<ObjectIdentifier>
    ) -> Selection {
        switch candidates.count {
        case 0: return .none
        case 1: return .one(candidates[0])
        default: break
        }
        var field = candidates
        let tests = field.filter(\.config.isTest)
        if tests.count == 1 { return .one(tests[0]) }
        if tests.count > 1 { field = tests }

        if let framework {
            let own = field.filter { $0.config.origin.framework == framework }
            if let chosen = single(own) { return .one(chosen) }
            let imported = imports(framework)
            if !imported.isEmpty {
                let fromImports = field.filter { candidate in
                    candidate.config.origin.framework.map { imported.contains($0.id) } ?? false
                }
                if let chosen = single(fromImports) { return .one(chosen) }
            }
        }
        let defaults = field.filter(\.config.isDefault)
        if defaults.count == 1 { return .one(defaults[0]) }
        return .ambiguous(field)
    }

    /// The one candidate of a group, or its one `.default()`.
    private static func single(_ group: [Component]) -> Component? {
        if group.count == 1 { return group[0] }
        let defaults = group.filter(\.config.isDefault)
        return defaults.count == 1 ? defaults[0] : nil
    }
}

import DIRuntime

// The one walk over a container chain that finds candidates: the resolver's choice, `many`,
// and (through `Selection.choose`) graph validation follow the same rules.
extension DIContainer {
    /// Chooses the component for a key: this container first, then the parent chain. The
    /// first container that has candidates decides, with its own framework imports.
    func select(_ key: DIKey, framework: OriginUnit?) -> Selection {
        var container: DIContainer? = self
        while let current = container {
            let selection = current.withRegistry { registry -> Selection? in
                if let only = registry.onlyCandidate(key) { return .one(only, .only) }
                let candidates = registry.candidates(key)
                if candidates.isEmpty { return nil }
                return Selection.choose(among: candidates, framework: framework) { registry.imports[$0.id] ?? [] }
            }
            if let selection { return selection }
            container = current.parent
        }
        return .none
    }

    /// Whether any container of the chain has a candidate for `key`.
    func hasCandidates(_ key: DIKey) -> Bool {
        var container: DIContainer? = self
        while let current = container {
            if current.withRegistry({ $0.hasCandidates(key) }) { return true }
            container = current.parent
        }
        return false
    }

    /// What `many` gathers for a key, the root container's first, in registration order.
    func allCandidates(_ key: DIKey) -> [Component] {
        let own = withRegistry { $0.manyCandidates(key) }
        guard let parent else { return own }
        return parent.allCandidates(key) + own
    }
}

import DIRuntime

// The one walk over a container chain that finds candidates: the resolver's choice, `many`,
// and (through `Selection.choose`) graph validation follow the same rules.
extension DIContainer {
    /// Chooses the component for a key: this container first, then the parent chain. The
    /// first container that has candidates decides, with the imports the requester's
    /// framework states anywhere in the chain (``importsAlongChain(of:)``).
    func select(_ key: DIKey, framework: OriginUnit?) -> Selection {
        var container: DIContainer? = self
        while let current = container {
            let found = current.withRegistry { registry -> (only: Component?, candidates: [Component]) in
                if let only = registry.onlyCandidate(key) { return (only, []) }
                return (nil, registry.candidates(key))
            }
            if let only = found.only { return .one(only, .only) }
            if !found.candidates.isEmpty {
                // Outside the registry's lock: a tie reads the other containers' imports.
                return Selection.choose(among: found.candidates, framework: framework) { importsAlongChain(of: $0) }
            }
            container = current.parent
        }
        return .none
    }

    /// The frameworks `framework` imports, in this container and its ancestors: its `load`
    /// states them wherever it runs, and an import of a framework a parent appended is
    /// meant as much as one of a framework appended here.
    func importsAlongChain(of framework: OriginUnit) -> Set<ObjectIdentifier> {
        var imported: Set<ObjectIdentifier> = []
        var container: DIContainer? = self
        while let current = container {
            current.withRegistry { registry in
                if let stated = registry.imports[framework.id] { imported.formUnion(stated) }
            }
            container = current.parent
        }
        return imported
    }

    /// Why no rule picks among `tied`, `key`'s candidates in one container of the chain
    /// (``Selection/tie(among:setAside:)``), naming the `.default()` candidates of the
    /// containers above that one: the first container with candidates decides alone, so a
    /// parent's mark does not break a child's tie.
    func tie(among tied: [Component], for key: DIKey) -> String {
        var setAside: [Component] = []
        var isAbove = false
        var container: DIContainer? = self
        while let current = container {
            let candidates = current.withRegistry { $0.candidates(key) }
            if isAbove {
                setAside += candidates.filter(\.config.isDefault)
            } else if let first = tied.first, candidates.contains(where: { $0 === first }) {
                isAbove = true
            }
            container = current.parent
        }
        return Selection.tie(among: tied, setAside: setAside)
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

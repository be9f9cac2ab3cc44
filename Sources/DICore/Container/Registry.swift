import DILazy

/// The registrations of one container, and what parts and frameworks have told it.
///
/// Lives inside the container's lock. Components are immutable; a builder modifier
/// replaces a component by a changed copy everywhere it is indexed.
struct Registry {
    /// Every component in registration order.
    private(set) var components: [Component] = []
    private var positions: [Int: Int] = [:]
    /// Components by the key they answer to, in registration order.
    private var index: [DIKey: [Component]] = [:]
    /// Components by type alone, whatever their name or tag, in registration order:
    /// what an unqualified `many` gathers ("all components of T").
    private var byType: [ObjectIdentifier: [Component]] = [:]
    /// Versions replaced by builder modifiers, kept until the container goes: a component
    /// this container ever handed out stays valid while the container lives (see
    /// ``ChoiceMemo``, which does not retain what it remembers).
    private var retired: [Component] = []
    /// Framework → the frameworks it imports.
    var imports: [ObjectIdentifier: Set<ObjectIdentifier>] = [:]
    /// Parts and frameworks already loaded into this container.
    var loaded: Set<ObjectIdentifier> = []
    /// The origin stack of each thread that is loading a part or framework.
    var loading: [ThreadID: [DIOrigin]] = [:]
    /// Misuses noticed while loading (e.g. `import` outside a framework), for validation.
    var misuses: [String] = []

    /// The origin of a registration made now on this thread.
    var currentOrigin: DIOrigin {
        loading[.current]?.last ?? DIOrigin()
    }

    mutating func add(_ component: Component) {
        ResolvedCache.registryChanged()  // a new candidate may change any answer
        positions[component.id] = components.count
        components.append(component)
        for key in component.keys {
            index[key, default: []].append(component)
        }
        for type in component.types {
            byType[type, default: []].append(component)
        }
    }

    func component(id: Int) -> Component? {
        positions[id].map { components[$0] }
    }

    /// Replaces a component by `change`d copy and reindexes it.
    mutating func update(id: Int, _ change: (inout Component.Config) -> Void) -> Component? {
        guard let position = positions[id] else { return nil }
        ResolvedCache.registryChanged()  // a modifier may change any answer
        let old = components[position]
        let new = old.with(change)
        components[position] = new
        retired.append(old)
        Self.reindex(&index, old: old.keys, new: new.keys, with: new)
        Self.reindex(&byType, old: old.types, new: new.types, with: new)
        return new
    }

    /// Moves a component's entries from its `old` keys to its `new` ones. Lists are kept in
    /// registration (id) order, so each entry is found by binary search: a modifier costs
    /// O(log n) however many components share a key (an unchanged key is replaced in place).
    private static func reindex<Key: Hashable>(
        _ index: inout [Key: [Component]],
        old: [Key],
        new: [Key],
        with component: Component
    ) {
        for key in old where !new.contains(key) {
            guard var list = index.removeValue(forKey: key) else { continue }
            let position = slot(of: component.id, in: list)
            if position < list.count, list[position].id == component.id { list.remove(at: position) }
            if !list.isEmpty { index[key] = list }
        }
        for key in new {
            let position = slot(of: component.id, in: index[key] ?? [])
            if let list = index[key], position < list.count, list[position].id == component.id {
                index[key]?[position] = component
            } else {
                index[key, default: []].insert(component, at: position)
            }
        }
    }

    /// Where a component with `id` is, or belongs, in a list sorted by id.
    private static func slot(of id: Int, in list: [Component]) -> Int {
        var low = 0
        var high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle].id < id { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The candidates for a key, in registration order.
    @inline(__always)
    func candidates(_ key: DIKey) -> [Component] {
        index[key] ?? []
    }

    /// What `many` gathers for a key, in registration order: with a name or tag, the
    /// components carrying it; without, every component of the type whatever its name or tag.
    func manyCandidates(_ key: DIKey) -> [Component] {
        key.qualifier == .none ? byType[key.type] ?? [] : index[key] ?? []
    }

    /// Chooses the component for a key, by DESIGN's priority rules.
    func select(_ key: DIKey, framework: DIScope?) -> Selection {
        guard let list = index[key] else { return .none }
        if list.count == 1 { return .one(list[0]) }
        return Selection.choose(among: list, framework: framework) { imports[$0.id] ?? [] }
    }
}

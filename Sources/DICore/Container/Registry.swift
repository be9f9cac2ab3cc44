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
        ResolvedCache.epoch.add(1)  // a new candidate may change any answer
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
        ResolvedCache.epoch.add(1)  // a modifier may change any answer
        let old = components[position]
        let new = old.with(change)
        components[position] = new
        for key in old.keys {
            index[key]?.removeAll { $0.id == id }
            if index[key]?.isEmpty == true { index[key] = nil }
        }
        for key in new.keys {
            Self.insert(new, into: &index[key, default: []])
        }
        for type in old.types {
            byType[type]?.removeAll { $0.id == id }
            if byType[type]?.isEmpty == true { byType[type] = nil }
        }
        for type in new.types {
            Self.insert(new, into: &byType[type, default: []])
        }
        return new
    }

    /// Inserts a component into a list kept in registration (id) order.
    private static func insert(_ component: Component, into list: inout [Component]) {
        let position = list.firstIndex { $0.id > component.id } ?? list.endIndex
        list.insert(component, at: position)
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
    func select(_ key: DIKey, framework: DIScope?, excluding: Int?) -> Selection {
        guard let list = index[key] else { return .none }
        if list.count == 1, list[0].id != excluding { return .one(list[0]) }
        let field = excluding.map { id in list.filter { $0.id != id } } ?? list
        return Selection.choose(among: field, framework: framework) { imports[$0.id] ?? [] }
    }
}

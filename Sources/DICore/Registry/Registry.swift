import DIRuntime

/// The registrations of one container, and what parts and frameworks have told it.
///
/// Lives inside the container's lock. Components are immutable; a builder modifier
/// changes the draft (below) or replaces a component by a changed copy everywhere it is
/// indexed.
///
/// Sized for apps with thousands of registrations: a registration appends its component
/// and adds one small index entry (a position, no list of its own), so registering and
/// tearing down stay linear in time and memory. What `many` needs by type alone is kept
/// only for types some component answers under a name or tag.
///
/// The latest registration is a draft until its builder is gone (the registration statement
/// ended; only tracked when an observer would be told) or anything else reads or changes the
/// registry:
/// the modifiers chained to its `register` (`.as(…)`, `.lifetime(…)`) change its
/// configuration in place, and its component is made once, when it is sealed. Every
/// method that looks at the components seals first (``sealed()``).
///
/// A draft registered while a part or framework loads is sealed only by the loading thread
/// (its next registration, any read, the end of its load): other threads pass it over, so
/// a resolve there sees each of the load's registrations with all its modifiers, never a
/// `perFramework(.single)` still a prototype or a tie its `.default()` has yet to break.
/// (Outside a load, nothing says when a builder kept in a variable is done with.)
struct Registry {
    /// Components by the key they answer to.
    private var index = KeyIndex()
    /// For each type some component answers with a name or tag: every component of the
    /// type whatever its name or tag — what an unqualified `many` gathers. For any other
    /// type that is just the unqualified index entry, so it is not stored twice.
    private var byType: [ObjectIdentifier: InlineList<Int>] = [:]
    /// Every component in registration order; the indexes hold positions in it. Declared
    /// after them so a dying registry releases its components in this order, the order
    /// they were allocated in.
    private var list: [Component] = []
    /// Whether ``list`` is in id order: ids are taken before the lock, so only registrations
    /// racing on several threads can append one out of order.
    private var inIDOrder = true
    /// The latest registration, not yet made into a component (see the type's documentation).
    private var draft: Draft?
    /// ``draft``'s id (`-1`: no draft), what every modifier compares: reading the id
    /// through the optional draft copies the whole draft (its configuration retained).
    private var draftID = -1
    /// The thread loading the part or framework ``draft`` is registered in: only its reads
    /// seal it. `nil`: registered outside any load, any read seals it.
    private var draftLoader: ThreadID?
    /// Whether another thread read the registry while ``draft`` was open: what it decided
    /// then, without the draft, is stale once the draft is sealed.
    private var draftWasPassedOver = false
    /// Framework → the frameworks it imports.
    var imports: [ObjectIdentifier: Set<ObjectIdentifier>] = [:]
    /// Parts and frameworks already loaded into this container (or loading right now).
    var loaded: Set<ObjectIdentifier> = []
    /// The parts and frameworks loading right now, each with the gate other appends of it
    /// wait on until its `load` returned.
    var loadingNow: [ObjectIdentifier: Gate] = [:]
    /// The origin stack of each thread that is loading a part or framework.
    var loading: [ThreadID: [DIOrigin]] = [:]
    /// Misuses noticed while loading (e.g. `import` outside a framework), for validation.
    var misuses: [String] = []
    /// Each loaded part's framework (`nil`: loaded outside any), for the misuse of a part
    /// appended by a second framework.
    var partFrameworks: [ObjectIdentifier: OriginUnit?] = [:]
    /// The frameworks named in ``imports``, for messages.
    var frameworkUnits: [ObjectIdentifier: OriginUnit] = [:]
    /// The sealed registration an observer has not been told about yet (see ``takeAnnouncement()``).
    private var announcement: Component?

    /// A registration whose modifiers may still follow.
    private struct Draft {
        let id: Int
        var config: Component.Config
        /// Whether observers are told about it once it is sealed, with its modifiers applied.
        let announce: Bool

        /// The component the draft becomes, its configuration moved into it, not copied.
        consuming func component() -> Component {
            Component(id: id, config: config)
        }
    }

    /// Every component in registration order.
    var components: [Component] {
        mutating get {
            sealed()
            return list
        }
    }

    /// Every component in registration order, and the positions in it of every key's
    /// candidates, for a graph.
    var graphSnapshot:
        (components: [Component], index: KeyIndex, byType: [ObjectIdentifier: InlineList<Int>], inIDOrder: Bool)
    {
        mutating get {
            sealed()
            return (list, index, byType, inIDOrder)
        }
    }

    /// The origin of a registration made now on this thread.
    var currentOrigin: DIOrigin {
        loading[.current]?.last ?? DIOrigin()
    }

    /// Adds a registration, as the new draft.
    ///
    /// Inlined into `register`, which makes the configuration: it is then moved into the
    /// draft, not copied.
    ///
    /// - Parameter announce: Whether to keep its description, once sealed, for observers.
    @inline(__always)
    mutating func add(id: Int, _ config: consuming Component.Config, announce: Bool) {
        // One draft at a time: another thread's, mid-statement, is sealed as it stands.
        if draftID >= 0 { seal() }
        Epochs.registryChanged()  // a new candidate may change any answer
        let inLoad = config.origin.framework != nil || config.origin.part != nil
        draft = Draft(id: id, config: config, announce: announce)
        draftID = id
        draftLoader = inLoad ? .current : nil
    }

    /// Makes the draft's component, if there is a draft, and indexes it; for a thread other
    /// than the one loading the draft's part or framework, that draft is not there yet.
    @inline(__always)
    mutating func sealed() {
        if draftID >= 0 { sealUnlessLoadingElsewhere() }
    }

    private mutating func sealUnlessLoadingElsewhere() {
        if let draftLoader, draftLoader != .current {
            draftWasPassedOver = true
            return
        }
        seal()
    }

    /// Seals the draft if it is registration `id` (its builder is gone: no modifier follows).
    mutating func seal(draftID id: Int) {
        if draftID == id { seal() }
    }

    private mutating func seal() {
        guard let draft = draft.take() else { return }
        draftID = -1
        draftLoader = nil
        if draftWasPassedOver {
            // Answers another thread settled without it are stale now.
            Epochs.registryChanged()
            draftWasPassedOver = false
        }
        let announce = draft.announce
        let component = draft.component()
        append(component)
        // Told once its modifiers are applied, so a log names the lifetime it was registered with.
        if announce { announcement = component }
    }

    /// The registration sealed since the last call that observers should be told about:
    /// the container delivers it after letting the lock go.
    @inline(__always)
    mutating func takeAnnouncement() -> Component? {
        announcement.take()
    }

    private mutating func append(_ component: Component) {
        let position = list.count
        if let last = list.last, last.id > component.id { inIDOrder = false }
        list.append(component)
        for key in component.keys {
            index.insert(position, at: key)
        }
        indexByType(component, at: position)
    }

    /// Applies a builder modifier: to the draft's configuration in place, or by replacing the
    /// component with a `change`d copy and reindexing it. Does nothing for an `id` registered
    /// elsewhere.
    mutating func update(id: Int, _ change: (inout Component.Config) -> Void) {
        if draftID == id {
            // Nothing has seen the draft (a read would have sealed it, or passed it over), so
            // no answer can depend on it yet: the change needs no new epoch.
            // swift-format-ignore: NeverForceUnwrap
            change(&draft!.config)
            return
        }
        sealed()
        guard let position = position(of: id) else { return }
        Epochs.registryChanged()  // a modifier may change any answer
        let old = list[position]
        let new = old.with(change)
        list[position] = new
        for key in old.keys where !new.keys.contains(key) {
            index.remove(position, at: key)
        }
        for key in new.keys where !old.keys.contains(key) {
            index.insert(position, at: key)
        }
        for type in old.types where !new.types.contains(type) {
            KeyIndex.remove(position, at: type, from: &byType)
        }
        indexByType(new, at: position)
    }

    #if TRANQUIL_INTERNAL_CHECKS
    /// Stops the process if the registry is inconsistent (see ``KeyIndex/checkInvariants(_:)``;
    /// also: ids unique, in order when ``inIDOrder`` says so, and the by-type entries listing
    /// only components that answer the type).
    func checkInvariants() {
        index.checkInvariants(list)
        precondition(draftID == (draft?.id ?? -1), "Registry: the draft's id is not the draft's")
        let ids = list.map(\.id)
        precondition(Set(ids).count == ids.count, "Registry: a component id twice")
        if inIDOrder { precondition(ids == ids.sorted(), "Registry: ids out of order") }
        for (type, entry) in byType {
            for position in entry {
                precondition(
                    position < list.count && list[position].types.contains(type),
                    "Registry: a by-type entry lists a component that does not answer the type"
                )
            }
        }
    }
    #endif

    /// The public description of the registration with `id`.
    mutating func info(of id: Int) -> DIComponentInfo? {
        if draftID == id, let draft { return draft.config.info(id: id) }
        sealed()
        return position(of: id).map { list[$0].info }
    }

    /// The position of the component with `id`. Ids grow in registration order, so this is
    /// the last position or a binary search; only registrations racing on several threads (an
    /// id taken before the lock, appended after another's) can leave one out of order for the
    /// scan.
    private func position(of id: Int) -> Int? {
        // Modifiers usually follow their `register` at once: the component is the last one.
        if let last = list.last, last.id == id { return list.count - 1 }
        var low = 0
        var high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle].id < id { low = middle + 1 } else { high = middle }
        }
        if low < list.count, list[low].id == id { return low }
        return list.firstIndex { $0.id == id }
    }

    /// Keeps ``byType`` up to date with a component answering its ``Component/types``:
    /// maintained for every type that has an entry, and an entry made for a type once a
    /// component answers it with a name or tag.
    private mutating func indexByType(_ component: Component, at position: Int) {
        // Most apps name or tag nothing: then there are no entries to keep up to date.
        if byType.isEmpty, component.keys.allSatisfy({ $0.qualifier == .none }) { return }
        for type in component.types {
            if byType[type] != nil {
                KeyIndex.insert(position, at: type, into: &byType)
            } else if component.keys.contains(where: { $0.type == type && $0.qualifier != .none }) {
                var all = index[DIKey(type)] ?? .empty
                all.insertSorted(position)
                byType[type] = all
            }
        }
    }

    /// The candidates for a key, in registration order.
    mutating func candidates(_ key: DIKey) -> [Component] {
        sealed()
        return components(index[key])
    }

    /// The one candidate for a key, when there is exactly one (no list is made for it).
    mutating func onlyCandidate(_ key: DIKey) -> Component? {
        sealed()
        guard case .one(let position) = index[key] else { return nil }
        return list[position]
    }

    /// Whether any component answers `key`.
    mutating func hasCandidates(_ key: DIKey) -> Bool {
        sealed()
        return index[key] != nil
    }

    /// What `many` gathers for a key, in registration order: with a name or tag, the
    /// components carrying it; without, every component of the type whatever its name or tag.
    mutating func manyCandidates(_ key: DIKey) -> [Component] {
        sealed()
        return components(Self.manyPositions(key, index: index, byType: byType))
    }

    /// The positions of what `many` gathers for `key` (``manyCandidates(_:)``), in `index`
    /// and its by-type entries: what a resolve gathers, and what a graph's edge points at.
    static func manyPositions(
        _ key: DIKey,
        index: KeyIndex,
        byType: [ObjectIdentifier: InlineList<Int>]
    ) -> InlineList<Int>? {
        key.qualifier == .none ? byType[key.type] ?? index[key] : index[key]
    }

    private mutating func components(_ candidates: InlineList<Int>?) -> [Component] {
        guard let candidates else { return [] }
        return candidates.map { list[$0] }
    }
}

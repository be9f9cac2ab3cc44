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
/// (its next registration, any read) or by the end of its statement: other threads pass it
/// over, so a resolve there sees each of the load's registrations with all its modifiers,
/// never a `perFramework(.single)` still a prototype or a tie its `.default()` has yet to
/// break. Each thread loading has a draft of its own. (Outside a load, nothing says when a
/// builder kept in a variable is done with: any read seals.)
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
    /// The registrations not yet made into components (see the type's documentation): the
    /// latest one outside any load, and the latest of each thread loading a part or framework.
    private var drafts: [Draft] = []
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
    /// The sealed registrations observers have not been told about yet (see ``takeAnnouncements()``).
    private var announcements: [Component] = []

    /// A registration whose modifiers may still follow.
    private struct Draft {
        let id: Int
        var config: Component.Config
        /// Whether observers are told about it once it is sealed, with its modifiers applied.
        let announce: Bool
        /// The thread loading the part or framework it is registered in: only its reads seal
        /// it. `nil`: registered outside any load, any read seals it.
        let loader: ThreadID?
        /// Whether another thread read the registry past it: what it settled then, without
        /// this registration, is stale once it is sealed.
        var wasPassedOver = false

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
    /// - Returns: Whether it is registered while a part or framework loads: then its
    ///   statement's end must seal it (``seal(draftID:)``), other threads waiting for that.
    @inline(__always) @discardableResult
    mutating func add(id: Int, _ config: consuming Component.Config, announce: Bool) -> Bool {
        // Only another thread's loading draft stays open: this thread's is done with, and
        // one outside any load (another thread's, mid-statement) is sealed as it stands.
        if !drafts.isEmpty { sealDraftsSeenHere() }
        Epochs.registryChanged()  // a new candidate may change any answer
        let inLoad = config.origin.isInLoad
        drafts.append(Draft(id: id, config: config, announce: announce, loader: inLoad ? .current : nil))
        return inLoad
    }

    /// Makes the drafts' components, if there are drafts, and indexes them; for a thread
    /// other than the one loading a draft's part or framework, that draft is not there yet.
    @inline(__always)
    mutating func sealed() {
        if !drafts.isEmpty { sealDraftsSeenHere() }
    }

    private mutating func sealDraftsSeenHere() {
        let here = ThreadID.current
        var index = 0
        while index < drafts.count {
            if let loader = drafts[index].loader, loader != here {
                drafts[index].wasPassedOver = true
                index += 1
            } else {
                seal(at: index)
            }
        }
    }

    /// Seals the draft of registration `id`, if it is one (its builder is gone: no modifier follows).
    mutating func seal(draftID id: Int) {
        if let index = drafts.firstIndex(where: { $0.id == id }) { seal(at: index) }
    }

    private mutating func seal(at index: Int) {
        let draft = drafts.remove(at: index)
        // Answers another thread settled without it are stale now.
        if draft.wasPassedOver { Epochs.registryChanged() }
        let announce = draft.announce
        let component = draft.component()
        append(component)
        // Told once its modifiers are applied, so a log names the lifetime it was registered with.
        if announce { announcements.append(component) }
    }

    /// The registrations sealed since the last call that observers should be told about:
    /// the container delivers them after letting the lock go.
    @inline(__always)
    mutating func takeAnnouncements() -> [Component] {
        guard !announcements.isEmpty else { return [] }
        defer { announcements.removeAll() }
        return announcements
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
        if let draft = drafts.firstIndex(where: { $0.id == id }) {
            // Nothing has seen the draft (a read would have sealed it, or passed it over), so
            // no answer can depend on it yet: the change needs no new epoch.
            change(&drafts[draft].config)
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
        precondition(
            drafts.allSatisfy { draft in !list.contains { $0.id == draft.id } },
            "Registry: a draft is also a component"
        )
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
        if let draft = drafts.first(where: { $0.id == id }) { return draft.config.info(id: id) }
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

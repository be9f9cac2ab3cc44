import DILazy

/// The positions of the components answering each key.
///
/// Nearly every key is a type without a name or tag, so those are found by type alone: a
/// smaller table (an `ObjectIdentifier` is half a ``DIKey``) that hashes one word. Keys with
/// a name or tag have a table of their own.
struct KeyIndex {
    private var plain: [ObjectIdentifier: InlineList<Int>] = [:]
    private var qualified: [DIKey: InlineList<Int>] = [:]
    /// Keys that have had several components: what looks for conflicts among candidates
    /// visits these instead of every key.
    private var shared: Set<DIKey> = []

    subscript(key: DIKey) -> InlineList<Int>? {
        switch key.qualifier {
        case .none: plain[key.type]
        case .tags(let tags): allTagged(key.type, tags)
        case .name, .tag: qualified[key]
        case .nameAndTags(let name, let tags):
            allTagged(key.type, tags).flatMap { tagged in
                qualified[DIKey(key.type, .name(name))].flatMap { named in
                    let both = tagged.filter(named.contains)
                    return both.isEmpty ? nil : InlineList(both)
                }
            }
        }
    }

    /// The positions of the components answering `type` with every one of `tags` (each
    /// tag is a key of its own: a component carries all when it is in every entry).
    private func allTagged(_ type: ObjectIdentifier, _ tags: [DIQualifier.TagType]) -> InlineList<Int>? {
        var common: [Int]?
        for tag in tags {
            guard let entry = qualified[DIKey(type, .tag(tag.id, tag))] else { return nil }
            common = common.map { found in found.filter(entry.contains) } ?? Array(entry)
        }
        guard let common, !common.isEmpty else { return nil }
        return InlineList(common)
    }

    /// Adds a position to a key's entry.
    mutating func insert(_ position: Int, at key: DIKey) {
        let count =
            if key.qualifier == .none {
                Self.insert(position, at: key.type, into: &plain)
            } else {
                Self.insert(position, at: key, into: &qualified)
            }
        if count == 2 { shared.insert(key) }
    }

    /// Takes a position out of a key's entry (the entry goes when it is empty).
    mutating func remove(_ position: Int, at key: DIKey) {
        if key.qualifier == .none {
            Self.remove(position, at: key.type, from: &plain)
        } else {
            Self.remove(position, at: key, from: &qualified)
        }
    }

    /// Calls `body` with every key that has several components and its entry, in no
    /// particular order.
    func forEachShared(_ body: (DIKey, InlineList<Int>) -> Void) {
        for key in shared {
            if let entry = self[key], entry.count > 1 { body(key, entry) }
        }
    }

    #if TRANQUIL_INTERNAL_CHECKS
    /// Stops the process unless the index holds exactly each component's keys: every key of
    /// the component at each position lists the position, every entry lists positions in
    /// order, each of a component carrying the key, and no entry is empty.
    func checkInvariants(_ components: [Component]) {
        for (position, component) in components.enumerated() {
            for key in component.keys {
                precondition(self[key]?.contains(position) == true, "KeyIndex: \(key) misses position \(position)")
            }
        }
        func check(_ key: DIKey, _ entry: InlineList<Int>) {
            precondition(!entry.isEmpty, "KeyIndex: an empty entry for \(key)")
            precondition(zip(entry, entry.dropFirst()).allSatisfy { $0 < $1 }, "KeyIndex: an entry out of order")
            for position in entry {
                precondition(
                    position < components.count && components[position].keys.contains(key),
                    "KeyIndex: \(key) lists position \(position), which does not carry it"
                )
            }
        }
        for (type, entry) in plain { check(DIKey(type), entry) }
        for (key, entry) in qualified { check(key, entry) }
    }
    #endif

    /// Adds a position to the entry for `key`.
    ///
    /// - Returns: How many positions the entry has now.
    @discardableResult
    static func insert<Key: Hashable>(_ position: Int, at key: Key, into table: inout [Key: InlineList<Int>]) -> Int {
        // Not `table[key]?.insertSorted(…)`: that subscript's coroutine frame is allocated.
        var entry = table.removeValue(forKey: key) ?? .empty
        entry.insertSorted(position)
        table[key] = entry
        return entry.count
    }

    static func remove<Key: Hashable>(_ position: Int, at key: Key, from table: inout [Key: InlineList<Int>]) {
        guard var entry = table.removeValue(forKey: key) else { return }
        if entry.removeSorted(position) { table[key] = entry }
    }
}

extension KeyIndex: Sendable {}

/// Values by component id: a resolve's private `objectGraph` instances of the components
/// its plan does not reach (those it reaches have slots, see `ResolvePlan`), and the cells
/// of a shared graph (`ObjectGraph`, under its lock). Plain storage, no locks.
///
/// A few values are kept in a list, searched from the newest; past ``listLimit`` they move
/// to an ``IdentityTable`` keyed by component id, so a graph of hundreds of types stays
/// linear to build.
struct ComponentTable<Value> {
    private struct Entry {
        let id: Int
        let value: Value
    }

    private static var listLimit: Int { 16 }
    private var list: [Entry] = []
    private var table: IdentityTable<Int, Value>?

    /// The value of component `id`, if there is one.
    func value(of id: Int) -> Value? {
        if let table { return table[id] }
        var index = list.count
        while index > 0 {
            index -= 1
            if list[index].id == id { return list[index].value }
        }
        return nil
    }

    /// Keeps the value of component `id`.
    mutating func store(_ value: Value, of id: Int) {
        if table != nil {
            table?.set(value, for: id)
            return
        }
        if list.count < Self.listLimit {
            // Room for a typical graph at once, not grown 1 → 2 → 4 → 8.
            if list.capacity == 0 { list.reserveCapacity(8) }
            list.append(Entry(id: id, value: value))
            return
        }
        var table = IdentityTable<Int, Value>(capacity: Self.listLimit * 8)
        for entry in list { table.set(entry.value, for: entry.id) }
        table.set(value, for: id)
        self.table = table
        list.removeAll()
    }

    /// Forgets the value of component `id`, if there is one. Linear in the values kept; for
    /// the undoing of a failed making.
    mutating func remove(_ id: Int) {
        guard let table else {
            list.removeAll { $0.id == id }
            return
        }
        var kept = IdentityTable<Int, Value>(capacity: Self.listLimit * 8)
        for entry in table.all where entry.key != id { kept.set(entry.value, for: entry.key) }
        self.table = kept
    }

    /// Whether no value is kept.
    var isEmpty: Bool {
        list.isEmpty && table == nil
    }

    /// Forgets every value, keeping the list's capacity for the next resolve.
    mutating func removeAll() {
        // One by one: `removeAll(keepingCapacity:)` goes through the generic range
        // replacement, which costs several times the few entries of a typical resolve.
        while !list.isEmpty { list.removeLast() }
        table = nil
    }

    /// Every value with its component's id.
    var all: [(id: Int, value: Value)] {
        if let table { return table.all.map { ($0.key, $0.value) } }
        return list.map { ($0.id, $0.value) }
    }
}

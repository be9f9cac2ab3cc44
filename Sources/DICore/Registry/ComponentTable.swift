/// Values by component id, for one resolve (its private `objectGraph` instances). Plain
/// storage, no locks.
///
/// A few values are kept in a list, searched from the newest; past ``listLimit`` they move
/// to an open-addressing table keyed by component id, so a graph of hundreds of types stays
/// linear to build.
struct ComponentTable<Value> {
    private struct Entry {
        let id: Int
        let value: Value
    }

    private static var listLimit: Int { 16 }
    private var list: [Entry] = []
    private var table: Table?

    /// The value of component `id`, if there is one.
    func value(of id: Int) -> Value? {
        if let table { return table.value(of: id) }
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
            table?.store(value, of: id)
            return
        }
        if list.count < Self.listLimit {
            // Room for a typical graph at once, not grown 1 → 2 → 4 → 8.
            if list.capacity == 0 { list.reserveCapacity(8) }
            list.append(Entry(id: id, value: value))
            return
        }
        var table = Table(capacity: Self.listLimit * 8)
        for entry in list { table.store(entry.value, of: entry.id) }
        table.store(value, of: id)
        self.table = table
        list.removeAll()
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
        if let table { return table.all }
        return list.map { ($0.id, $0.value) }
    }

    /// Open addressing with linear probing over a power-of-two array of ids (0: empty;
    /// component ids start at 1) beside an array of values, and a Fibonacci hash of the id.
    private struct Table {
        private var ids: [Int]
        private var values: [Value?]
        private var count = 0
        private var shift: Int

        init(capacity: Int) {
            ids = Array(repeating: 0, count: capacity)
            values = Array(repeating: nil, count: capacity)
            shift = 64 - capacity.trailingZeroBitCount
        }

        private func home(_ id: Int) -> Int {
            Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(id)) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
        }

        func value(of id: Int) -> Value? {
            let mask = ids.count - 1
            var index = home(id)
            while true {
                let found = ids[index]
                if found == id { return values[index] }
                if found == 0 { return nil }
                index = (index + 1) & mask
            }
        }

        mutating func store(_ value: Value, of id: Int) {
            if (count + 1) * 2 > ids.count { grow() }
            let mask = ids.count - 1
            var index = home(id)
            while ids[index] != 0, ids[index] != id {
                index = (index + 1) & mask
            }
            if ids[index] == 0 {
                ids[index] = id
                count += 1
            }
            values[index] = value
        }

        private mutating func grow() {
            var larger = Table(capacity: ids.count * 4)
            for index in ids.indices {
                if ids[index] != 0, let value = values[index] { larger.store(value, of: ids[index]) }
            }
            self = larger
        }

        var all: [(id: Int, value: Value)] {
            ids.indices.compactMap { index in values[index].map { (ids[index], $0) } }
        }
    }
}

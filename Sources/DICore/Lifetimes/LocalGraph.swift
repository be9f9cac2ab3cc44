/// The `objectGraph` instances of a resolve whose graph nothing outside it can see yet:
/// plain storage, no locks (an ``ObjectGraph`` takes over once a `Lazy` or `Provider`
/// captures the graph).
///
/// A few instances are kept in a list, searched from the newest; past ``listLimit`` they
/// move to an open-addressing table keyed by component id, so a graph of hundreds of types
/// stays linear to build.
struct LocalGraph {
    private struct Entry {
        let id: Int
        let value: Any
    }

    private static let listLimit = 16
    private var list: [Entry] = []
    private var table: Table?

    /// The instance of component `id`, if this resolve made one.
    func instance(of id: Int) -> Any? {
        if let table { return table.value(of: id) }
        var index = list.count
        while index > 0 {
            index -= 1
            if list[index].id == id { return list[index].value }
        }
        return nil
    }

    /// Keeps the instance of component `id` for the rest of the resolve.
    mutating func store(_ value: Any, of id: Int) {
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

    /// Forgets every instance, keeping the list's capacity for the next resolve.
    mutating func removeAll() {
        list.removeAll(keepingCapacity: true)
        table = nil
    }

    /// Every instance, for the ``ObjectGraph`` that takes over.
    var all: [(id: Int, value: Any)] {
        if let table { return table.all }
        return list.map { ($0.id, $0.value) }
    }

    /// Open addressing with linear probing over a power-of-two array of ids (0: empty;
    /// component ids start at 1) beside an array of values, and a Fibonacci hash of the id.
    private struct Table {
        private var ids: [Int]
        private var values: [Any]
        private var count = 0
        private var shift: Int

        init(capacity: Int) {
            ids = Array(repeating: 0, count: capacity)
            values = Array(repeating: (), count: capacity)
            shift = 64 - capacity.trailingZeroBitCount
        }

        private func home(_ id: Int) -> Int {
            Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(id)) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
        }

        func value(of id: Int) -> Any? {
            let mask = ids.count - 1
            var index = home(id)
            while true {
                let found = ids[index]
                if found == id { return values[index] }
                if found == 0 { return nil }
                index = (index + 1) & mask
            }
        }

        mutating func store(_ value: Any, of id: Int) {
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
            for index in ids.indices where ids[index] != 0 {
                larger.store(values[index], of: ids[index])
            }
            self = larger
        }

        var all: [(id: Int, value: Any)] {
            ids.indices.compactMap { ids[$0] == 0 ? nil : (ids[$0], values[$0]) }
        }
    }
}

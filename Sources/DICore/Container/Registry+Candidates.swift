import DILazy

extension Registry {
    /// The components answering one key (or type): their positions in the registry's list,
    /// ascending (registration order).
    ///
    /// Almost every key has one component, held inline: a registration then costs no list
    /// of its own. Positions rather than references: tearing down the index touches no
    /// component, and a modifier that keeps a key leaves its entry alone.
    enum Candidates: RandomAccessCollection {
        case one(Int)
        /// Ascending; never a single position (that is ``one(_:)``).
        case many([Int])

        var startIndex: Int { 0 }

        var endIndex: Int {
            switch self {
            case .one: 1
            case .many(let positions): positions.count
            }
        }

        subscript(offset: Int) -> Int {
            switch self {
            case .one(let position): position
            case .many(let positions): positions[offset]
            }
        }

        /// Adds a position (once).
        mutating func insert(_ position: Int) {
            switch self {
            case .one(let existing):
                guard existing != position else { return }
                self = .many(existing < position ? [existing, position] : [position, existing])
            case .many(var positions):
                self = .many([])  // lets `positions` be changed in place
                let slot = Self.slot(of: position, in: positions)
                if slot == positions.count || positions[slot] != position { positions.insert(position, at: slot) }
                self = positions.count == 1 ? .one(positions[0]) : .many(positions)
            }
        }

        /// Takes out a position.
        ///
        /// - Returns: Whether any position is left.
        mutating func remove(_ position: Int) -> Bool {
            switch self {
            case .one(let existing):
                return existing != position
            case .many(var positions):
                self = .many([])  // lets `positions` be changed in place
                let slot = Self.slot(of: position, in: positions)
                if slot < positions.count, positions[slot] == position { positions.remove(at: slot) }
                self = positions.count == 1 ? .one(positions[0]) : .many(positions)
                return !positions.isEmpty
            }
        }

        /// Where `position` is, or belongs, in ascending `positions` (binary search: a
        /// modifier costs O(log n) however many components share a key).
        private static func slot(of position: Int, in positions: [Int]) -> Int {
            var low = 0
            var high = positions.count
            while low < high {
                let middle = (low + high) / 2
                if positions[middle] < position { low = middle + 1 } else { high = middle }
            }
            return low
        }
    }
}

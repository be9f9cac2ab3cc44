/// The hash table of DICore, keyed by an identity (a type's, or a component's id): the
/// storage of a container's ``AnswerCache`` and ``PlanCache``, of a plan's steps by component
/// (``ResolvePlan``), and of a resolve's private object graph for the components its plan does
/// not reach, once it outgrows a list (``ComponentTable``).
///
/// Open addressing with linear probing over a power-of-two array, and a Fibonacci hash of
/// the key's address: a lookup is a multiply, a shift and usually one comparison, with no
/// `Hasher` and no eviction. (A direct-mapped table of fixed size was cheaper still, until
/// an app resolved more types than it had entries: then types that shared an entry pushed
/// each other out on every resolve.) It only grows; the owner empties it by replacing it.
///
/// Not thread-safe: the owner keeps it under its lock.
struct IdentityTable<Key: IdentityKey, Value> {
    /// The keys, `nil` where empty, beside their values: two arrays rather than one of
    /// pairs, so a probe reads keys only and nothing copies a pair.
    private var keys: ContiguousArray<Key?>
    private var values: ContiguousArray<Value?>
    /// `64 - log2(keys.count)`: the hash's top bits are the index.
    private var shift: UInt64
    /// The number of keys held.
    private(set) var count = 0

    /// Whether no key is held.
    var isEmpty: Bool { count == 0 }

    /// An empty table with room for `capacity` entries (a power of two, at least 2).
    init(capacity: Int = 16) {
        precondition(capacity >= 2 && capacity.nonzeroBitCount == 1, "capacity must be a power of two")
        keys = ContiguousArray(repeating: nil, count: capacity)
        values = ContiguousArray(repeating: nil, count: capacity)
        shift = UInt64(64 - capacity.trailingZeroBitCount)
    }

    /// Where the probe for `key` starts: the top bits of the Fibonacci-hashed address, so
    /// that metadata laid out at a regular stride spreads over the whole array.
    @inline(__always)
    private func home(_ key: Key) -> Int {
        let address = key.identityBits
        return Int(truncatingIfNeeded: (address &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// The index of `key`, or of the empty entry where it would go.
    @inline(__always)
    private func slot(of key: Key) -> Int {
        let mask = keys.count - 1
        var index = home(key)
        while let found = keys[index], found != key {
            index = (index + 1) & mask
        }
        return index
    }

    /// The value stored under `key`, if any.
    @inline(__always)
    subscript(key: Key) -> Value? {
        values[slot(of: key)]
    }

    /// Stores `value` under `key`, replacing what was there.
    ///
    /// - Returns: The value replaced, for the caller to let go of outside its lock.
    @discardableResult
    mutating func store(_ value: Value, for key: Key) -> Value? {
        let index = claim(key)
        let replaced = values[index]
        values[index] = value
        return replaced
    }

    /// Stores `value` under `key`, letting go of what was there: for a table no lock guards.
    mutating func set(_ value: Value, for key: Key) {
        values[claim(key)] = value
    }

    /// The index holding `key`, taken (and the table grown) if it was not there.
    @inline(__always)
    private mutating func claim(_ key: Key) -> Int {
        // At most half full: probes stay short, and one empty entry always ends them.
        if (count + 1) * 2 > keys.count { grow() }
        let index = slot(of: key)
        if keys[index] == nil {
            keys[index] = key
            count += 1
        }
        return index
    }

    /// An empty table with room for `count` keys without growing.
    init(capacityFor count: Int) {
        var capacity = 16
        while capacity < count * 2 + 2 { capacity *= 2 }
        self.init(capacity: capacity)
    }

    /// Every key with its value, in no particular order.
    var all: [(key: Key, value: Value)] {
        keys.indices.compactMap { index in keys[index].flatMap { key in values[index].map { (key, $0) } } }
    }

    /// A table of the keys whose values pass `isIncluded`, with room for as many keys as
    /// this one holds (an owner that empties it fills it the same again).
    func filter(_ isIncluded: (Value) -> Bool) -> IdentityTable {
        var kept = IdentityTable(capacityFor: count)
        for index in keys.indices {
            if let key = keys[index], let value = values[index], isIncluded(value) { kept.set(value, for: key) }
        }
        return kept
    }

    #if TRANQUIL_INTERNAL_CHECKS
    /// Stops the process if the table is inconsistent: a count that is not the number of
    /// keys, a table more than half full, a key without a value (or the reverse), a key its
    /// probe would not reach (an empty entry between its home and it), a key twice.
    func checkInvariants() {
        let held = keys.indices.filter { keys[$0] != nil }
        precondition(held.count == count, "IdentityTable: count \(count) but \(held.count) keys")
        precondition(count * 2 <= keys.count, "IdentityTable: more than half full")
        let mask = keys.count - 1
        for index in keys.indices {
            precondition((keys[index] == nil) == (values[index] == nil), "IdentityTable: a key without its value")
            guard let key = keys[index] else { continue }
            var probe = home(key)
            while probe != index {
                guard let found = keys[probe] else { preconditionFailure("IdentityTable: a key its probe misses") }
                precondition(found != key, "IdentityTable: a key held twice")
                probe = (probe + 1) & mask
            }
        }
    }
    #endif

    /// Quadruples the arrays and places every key again: a table that grows once (a large
    /// object graph) grows far, not step by step.
    private mutating func grow() {
        var larger = IdentityTable(capacity: keys.count * 4)
        for index in keys.indices {
            if let key = keys[index], let value = values[index] { larger.set(value, for: key) }
        }
        self = larger
    }
}

extension ObjectIdentifier: IdentityKey {
    var identityBits: UInt64 { UInt64(UInt(bitPattern: self)) }
}

extension Int: IdentityKey {
    var identityBits: UInt64 { UInt64(bitPattern: Int64(self)) }
}

/// A table of `Sendable` keys and values is a value of `Sendable` arrays.
extension IdentityTable: Sendable where Key: Sendable, Value: Sendable {}

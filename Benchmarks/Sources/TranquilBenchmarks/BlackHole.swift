/// Where benchmark results go so the optimizer cannot drop the work that made them.
///
/// Every result is folded into ``checksum``, which the run prints at the end. Folding the
/// object's address (not its `hashValue`, which runs SipHash) keeps the sink itself cheap
/// next to a ~1 ns hand-written property read.
enum BlackHole {
    /// The fold of everything consumed so far.
    nonisolated(unsafe) static var checksum: UInt = 0

    /// Consumes an object.
    @inline(never)
    static func consume(_ object: AnyObject) {
        checksum = checksum &* 31 &+ UInt(bitPattern: ObjectIdentifier(object).hashValueBits)
    }

    /// Consumes a number.
    @inline(never)
    static func consume(_ value: Int) {
        checksum = checksum &* 31 &+ UInt(bitPattern: value)
    }

    /// Consumes an optional object (a failed optional resolve folds in a marker).
    @inline(never)
    static func consume(_ object: AnyObject?) {
        if let object { consume(object) } else { consume(-1) }
    }
}

extension ObjectIdentifier {
    /// The identifier's bits: unique while the object lives, free to compute.
    fileprivate var hashValueBits: Int { Int(bitPattern: UInt(bitPattern: self)) }
}

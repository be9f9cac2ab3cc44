/// What the answer to a top-level request with a name or tags (`resolve(name:)`,
/// `resolve(tag:)`) is remembered under in the ``AnswerCache``: the requested type and the
/// qualifier. A plain request's key is its type alone.
struct QualifiedRequestKey: IdentityKey {
    let type: ObjectIdentifier
    let qualifier: DIQualifier
    /// The type and the qualifier mixed together, once, when the key is made.
    let identityBits: UInt64

    init(_ type: Any.Type, _ qualifier: DIQualifier) {
        self.type = ObjectIdentifier(type)
        self.qualifier = qualifier
        identityBits = Self.bits(self.type, qualifier)
    }

    /// Equal when they ask for the same type with the same qualifier and their bits are
    /// equal: two spellings of a name that `String` calls equal ("é" composed or not) but
    /// whose bytes differ are two keys (almost always: their bits differ), each remembering
    /// the same answer. Equal keys have equal bits, as the table needs.
    ///
    /// Inlined into the table's probe: `String`'s equality is decided in place for two
    /// names with the same bits (the same small string, or the same storage), so a lookup
    /// calls nothing that could let go of the table's storage, which it then borrows.
    @inline(__always)
    static func == (lhs: QualifiedRequestKey, rhs: QualifiedRequestKey) -> Bool {
        lhs.identityBits == rhs.identityBits && lhs.type == rhs.type && lhs.qualifier == rhs.qualifier
    }

    /// Bits equal for equal keys, which the table spreads: FNV-1a over the type, the name's
    /// bytes or the tags (`Hasher` cost a request by name a tenth of its resolve).
    private static func bits(_ type: ObjectIdentifier, _ qualifier: DIQualifier) -> UInt64 {
        let prime: UInt64 = 0x100_0000_01B3
        var bits = (0xCBF2_9CE4_8422_2325 ^ UInt64(UInt(bitPattern: type))) &* prime
        func mix(_ name: String) {
            withBytes(of: name) { bytes in
                for byte in bytes { bits = (bits ^ UInt64(byte)) &* prime }
            }
        }
        switch qualifier {
        case .none:
            break
        case .name(let name):
            mix(name)
        case .tag(let id, _):
            bits = (bits ^ UInt64(UInt(bitPattern: id))) &* prime
        case .tags(let tags):
            for tag in tags { bits = (bits ^ UInt64(UInt(bitPattern: tag.id))) &* prime }
        case .nameAndTags(let name, let tags):
            mix(name)
            for tag in tags { bits = (bits ^ UInt64(UInt(bitPattern: tag.id))) &* prime }
        }
        return bits
    }

    /// Runs `body` with the UTF-8 bytes of `name`: in place for a native string, copied for
    /// one that keeps them otherwise (a bridged one).
    private static func withBytes<Result>(of name: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = name.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(name.utf8).withUnsafeBufferPointer(body)
    }
}

/// What the answer to a top-level request with a name or tags (`resolve(name:)`,
/// `resolve(tag:)`) is remembered under in the ``AnswerCache``: the requested type and the
/// qualifier. A plain request's key is its type alone.
struct QualifiedRequestKey: IdentityKey {
    let type: ObjectIdentifier
    let qualifier: DIQualifier
    /// The type and the qualifier hashed together, once, when the key is made.
    let identityBits: UInt64

    init(_ type: Any.Type, _ qualifier: DIQualifier) {
        self.type = ObjectIdentifier(type)
        self.qualifier = qualifier
        var hasher = Hasher()
        hasher.combine(self.type)
        hasher.combine(qualifier)
        identityBits = UInt64(truncatingIfNeeded: hasher.finalize())
    }

    static func == (lhs: QualifiedRequestKey, rhs: QualifiedRequestKey) -> Bool {
        lhs.identityBits == rhs.identityBits && lhs.type == rhs.type && lhs.qualifier == rhs.qualifier
    }
}

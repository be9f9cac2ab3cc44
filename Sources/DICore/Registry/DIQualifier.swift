import DILazy

/// Which registrations a request matches besides its type: none, a name, a tag, several
/// tags that must all be carried (nested `by(tag:on:)`, `by(tags:on:)`), or a name with
/// tags (`by(name:on:)` on a tagged parameter), which a component matches when it carries
/// the name and every tag — as in DITranquillity.
package enum DIQualifier: Hashable, Sendable {
    case none
    case name(String)
    case tag(ObjectIdentifier, TagType)
    /// Two or more distinct tags, sorted by identity: a component matches when it carries
    /// every one of them for the type.
    case tags([TagType])
    /// A name and one or more distinct tags, sorted by identity: a component matches when
    /// it carries the name and every tag for the type. Boxed (`indirect`): unboxed, its
    /// two fields made every qualifier, and every request that holds one, a word larger.
    indirect case nameAndTags(String, [TagType])

    /// A tag type, named only when shown (no string is built on the resolve path).
    package struct TagType: Sendable {
        let type: Any.Type
        /// The tag type's name.
        package var name: String { typeName(type) }
        var id: ObjectIdentifier { ObjectIdentifier(type) }
    }

    /// The qualifier of tag `Tag`.
    package static func tag<Tag>(_ tag: Tag.Type) -> DIQualifier {
        .tag(ObjectIdentifier(Tag.self), TagType(type: Tag.self))
    }

    /// This qualifier with tag `Tag` required too: how nested `by(tag:on:)` combine, and a
    /// tag with a name.
    package func adding<Tag>(_ tag: Tag.Type) -> DIQualifier {
        let added = TagType(type: Tag.self)
        switch self {
        // The usual request, one tag: no list made.
        case .none: return .tag(added.id, added)
        case .tag(let id, _) where id == added.id: return self
        default:
            let tags = self.tags
            if tags.contains(where: { $0.id == added.id }) { return self }
            return Self(name: name, tags: (tags + [added]).sorted { $0.id < $1.id })
        }
    }

    /// This qualifier with `name` required too (a name given to a tagged request), in place
    /// of the name it had.
    package func naming(_ name: String) -> DIQualifier {
        Self(name: name, tags: tags)
    }

    /// The name asked for, if any.
    package var name: String? {
        switch self {
        case .name(let name), .nameAndTags(let name, _): name
        case .none, .tag, .tags: nil
        }
    }

    /// The tags asked for, sorted by identity.
    package var tags: [TagType] {
        switch self {
        case .none, .name: []
        case .tag(_, let tag): [tag]
        case .tags(let tags), .nameAndTags(_, let tags): tags
        }
    }

    /// The qualifier of `name` (if any) and `tags` (sorted by identity, distinct).
    private init(name: String?, tags: [TagType]) {
        switch (name, tags.count) {
        case (nil, 0): self = .none
        case (let name?, 0): self = .name(name)
        case (nil, 1): self = .tag(tags[0].id, tags[0])
        case (nil, _): self = .tags(tags)
        case (let name?, _): self = .nameAndTags(name, tags)
        }
    }

    /// Inlined, so that a table of qualified keys compares names in place (see
    /// `QualifiedRequestKey`); the rest of the cases are a call.
    @inline(__always)
    package static func == (lhs: DIQualifier, rhs: DIQualifier) -> Bool {
        if case .name(let a) = lhs, case .name(let b) = rhs { return a == b }
        return equalUnlessNames(lhs, rhs)
    }

    private static func equalUnlessNames(_ lhs: DIQualifier, _ rhs: DIQualifier) -> Bool {
        switch (lhs, rhs) {
        case (.none, .none): true
        case (.name(let a), .name(let b)): a == b
        case (.tag(let a, _), .tag(let b, _)): a == b
        case (.tags(let a), .tags(let b)): a.map(\.id) == b.map(\.id)
        case (.nameAndTags(let a, let aTags), .nameAndTags(let b, let bTags)):
            a == b && aTags.map(\.id) == bTags.map(\.id)
        default: false
        }
    }

    package func hash(into hasher: inout Hasher) {
        switch self {
        case .none: hasher.combine(0)
        case .name(let name): hasher.combine(name)
        case .tag(let id, _): hasher.combine(id)
        case .tags(let list): for tag in list { hasher.combine(tag.id) }
        case .nameAndTags(let name, let list):
            hasher.combine(name)
            for tag in list { hasher.combine(tag.id) }
        }
    }

    /// `name: "tom"`, `tag: HouseTag`, `tags: HouseTag, FarmTag`, or empty. A name is
    /// spelled as a Swift string literal, so a quote or a line break in it stays on the line.
    package var label: String {
        switch self {
        case .none: ""
        case .name(let name): "name: \(stringLiteral(name))"
        case .tag(_, let tag): "tag: \(tag.name)"
        case .tags(let list): "tags: \(list.map(\.name).joined(separator: ", "))"
        case .nameAndTags(let name, let list):
            "name: \(stringLiteral(name)), \(list.count == 1 ? "tag" : "tags"): \(list.map(\.name).joined(separator: ", "))"
        }
    }
}

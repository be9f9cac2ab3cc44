import DILazy

/// Which registrations a request matches besides its type: none, a name, a tag, or several
/// tags that must all be carried (nested `by(tag:on:)`, `by(tags:on:)`).
package enum DIQualifier: Hashable, Sendable {
    case none
    case name(String)
    case tag(ObjectIdentifier, TagType)
    /// Two or more distinct tags, sorted by identity: a component matches when it carries
    /// every one of them for the type.
    case tags([TagType])

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

    /// This qualifier with tag `Tag` required too: how nested `by(tag:on:)` combine. A
    /// name gives way to the tag (a request has a name or tags, not both).
    package func adding<Tag>(_ tag: Tag.Type) -> DIQualifier {
        let added = TagType(type: Tag.self)
        switch self {
        case .none, .name: return .tag(added.id, added)
        case .tag(let id, let existing):
            return id == added.id ? self : .tags([existing, added].sorted { $0.id < $1.id })
        case .tags(let list):
            return list.contains { $0.id == added.id } ? self : .tags((list + [added]).sorted { $0.id < $1.id })
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
        default: false
        }
    }

    package func hash(into hasher: inout Hasher) {
        switch self {
        case .none: hasher.combine(0)
        case .name(let name): hasher.combine(name)
        case .tag(let id, _): hasher.combine(id)
        case .tags(let list): for tag in list { hasher.combine(tag.id) }
        }
    }

    /// `name: "tom"`, `tag: HouseTag`, `tags: HouseTag, FarmTag`, or empty. A name is
    /// spelled as a Swift string literal, so a quote or a line break in it stays on the line.
    package var label: String {
        switch self {
        case .none: ""
        case .name(let name): "name: \(String(reflecting: name))"
        case .tag(_, let tag): "tag: \(tag.name)"
        case .tags(let list): "tags: \(list.map(\.name).joined(separator: ", "))"
        }
    }
}

import DILazy

/// A framework or part type, identified for lookups and named for people.
///
/// Only the type is stored (no string): scopes are copied on every resolve step.
package struct OriginUnit: Hashable, Sendable {
    package let id: ObjectIdentifier
    private let type: Any.Type

    package init(_ type: Any.Type) {
        id = ObjectIdentifier(type)
        self.type = type
    }

    /// The framework or part type's name, for people.
    package var name: String { typeName(type) }

    package static func == (lhs: OriginUnit, rhs: OriginUnit) -> Bool { lhs.id == rhs.id }
    package func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

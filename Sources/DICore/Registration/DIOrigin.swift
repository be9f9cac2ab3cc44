import DILazy

/// A framework or part type, identified for lookups and named for people.
///
/// Only the type is stored (no string): scopes are copied on every resolve step.
package struct DIScope: Hashable, Sendable {
    package let id: ObjectIdentifier
    private let type: Any.Type

    package init(_ type: Any.Type) {
        id = ObjectIdentifier(type)
        self.type = type
    }

    /// The framework or part type's name, for people.
    package var name: String { typeName(type) }

    package static func == (lhs: DIScope, rhs: DIScope) -> Bool { lhs.id == rhs.id }
    package func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// Where a registration came from: the framework and part being loaded when it was made.
package struct DIOrigin: Hashable, Sendable {
    package var framework: DIScope?
    package var part: DIScope?

    package init(framework: DIScope? = nil, part: DIScope? = nil) {
        self.framework = framework
        self.part = part
    }
}

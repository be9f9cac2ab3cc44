import DIRuntime

/// The key of the registry's index: a type and its qualifier.
package struct DIKey: Hashable, Sendable {
    let type: ObjectIdentifier
    let qualifier: DIQualifier

    init(_ type: ObjectIdentifier, _ qualifier: DIQualifier = .none) {
        self.type = type
        self.qualifier = qualifier
    }
}

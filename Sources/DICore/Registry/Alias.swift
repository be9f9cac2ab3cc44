import DIRuntime

/// Another type (with a name or tag) a component answers to.
package struct Alias: Sendable {
    let type: Any.Type
    let qualifier: DIQualifier

    var key: DIKey { DIKey(ObjectIdentifier(type), qualifier) }

    /// `Animal`, `Animal (name: "tom")`.
    var label: String {
        qualifier.label.isEmpty ? typeName(type) : "\(typeName(type)) (\(qualifier.label))"
    }
}

/// Another type (with a name or tag) a component answers to.
package struct Alias: Sendable {
    let type: Any.Type
    let qualifier: DIQualifier
    /// How a compiled step of the component's registered type answers ``type``.
    let conversion: AliasConversion

    var key: DIKey { DIKey(ObjectIdentifier(type), qualifier) }

    /// `Animal`, `Animal (name: "tom")`.
    var label: String {
        qualifier.label.isEmpty ? typeName(type) : "\(typeName(type)) (\(qualifier.label))"
    }
}

extension Component {
    /// `compiled`, a step of this component's registered type, as a step of `P`: the step
    /// itself when `P` is that type, else its alias `P`'s conversion (``AliasConversion``);
    /// `nil` when `P` is neither.
    func step<P>(_ compiled: any AnyTypedStep, as type: P.Type) -> TypedStep<P>? {
        if let typed = compiled as? TypedStep<P> { return typed }
        let wanted = ObjectIdentifier(P.self)
        guard let alias = config.aliases.first(where: { ObjectIdentifier($0.type) == wanted }) else { return nil }
        return alias.conversion.step(compiled) as? TypedStep<P>
    }
}

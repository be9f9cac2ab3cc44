/// The runtime arguments of one call to a `Provider1` … `Provider5`, `Lazy1` … `Lazy5` or
/// `AsyncProvider1` … `AsyncProvider5`, in order: what a container receives, whatever the arity.
package struct ArgumentPack {
    /// The arguments, in order.
    package let values: [Any]
    /// The type of each argument as it was passed: its dynamic type, or for an existential
    /// (`any P`) the existential, as `type(of:)` tells in a generic context.
    package let types: [Any.Type]

    /// Packs `value`, in order.
    package init<each A>(_ value: repeat each A) {
        // Sized first: grown one append at a time, each array was allocated twice.
        var count = 0
        for _ in repeat (each A).self { count += 1 }
        var values: [Any] = []
        values.reserveCapacity(count)
        var types: [Any.Type] = []
        types.reserveCapacity(count)
        for element in repeat each value {
            values.append(element)
            types.append(type(of: element))
        }
        self.values = values
        self.types = types
    }
}

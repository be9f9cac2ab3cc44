import DILazy

/// Runtime arguments passed with `resolve(args:)`, or with a call of a `Provider1` … or
/// `Lazy1` … the container made.
///
/// A class so that the request carrying it copies one reference, not two arrays.
package final class Arguments {
    let values: [Any]
    let types: [Any.Type]

    package convenience init<each A>(_ value: repeat each A) {
        self.init(packed: ArgumentPack(repeat each value))
    }

    /// The arguments of one call of a `Provider1` … `Provider5`, `Lazy1` … `Lazy5` or
    /// `AsyncProvider1` … `AsyncProvider5`.
    init(packed pack: ArgumentPack) {
        values = pack.values
        types = pack.types
    }

    /// Arguments written as `Any?` (`resolve(args: nil, 22.2)`): a `nil` fits any `Optional`
    /// `arg` parameter and no other.
    init(optionals: [Any?]) {
        var values: [Any] = []
        var types: [Any.Type] = []
        for element in optionals {
            if let element {
                values.append(element)
                types.append(type(of: element))
            } else {
                values.append(Optional<Any>.none as Any)
                types.append(NilArgument.self)
            }
        }
        self.values = values
        self.types = types
    }

    /// `Int, nil`: argument types as errors show them.
    static func typeList(_ types: [Any.Type]) -> String {
        types.map { $0 == NilArgument.self ? "nil" : typeName($0) }.joined(separator: ", ")
    }
}

import DILazy

/// Runtime arguments passed with `resolve(args:)`, or with a call of a `Provider1` … or
/// `Lazy1` … the container made.
///
/// One array of values with their types: a request carrying it copies one reference, and
/// packing the arguments of a call allocates once.
@usableFromInline
package struct Arguments {
    package typealias Entry = ArgumentPack.Entry

    let entries: [Entry]

    @inline(__always)
    package init<each A>(_ value: repeat each A) {
        self.init(packed: ArgumentPack(repeat each value))
    }

    /// The arguments of one call of a `Provider1` … `Provider5`, `Lazy1` … `Lazy5` or
    /// `AsyncProvider1` … `AsyncProvider5`.
    @usableFromInline
    init(packed pack: ArgumentPack) {
        entries = pack.entries
    }

    /// Arguments written as `Any?` (`resolve(args: nil, 22.2)`): a `nil` fits any `Optional`
    /// `arg` parameter and no other.
    init(optionals: [Any?]) {
        entries = optionals.map { element in
            if let element {
                Entry(element, type(of: element))
            } else {
                Entry(Optional<Any>.none as Any, NilArgument.self)
            }
        }
    }

    /// The types of the arguments, in order (for errors and traces).
    var types: [Any.Type] { entries.map(\.type) }

    /// The types of the values themselves: what an error names when a value was checked
    /// because it was passed as an existential (`Provider1<Drawer, Any>` given `5` is `Int`),
    /// or as an optional (a `String?` holding `"a"` is `String`). A `nil` is named by the
    /// type it was passed as (`String?`), which decides where it fits; one of an existential
    /// (`Any?`) is `nil`.
    var valueTypes: [Any.Type] {
        entries.map { entry in
            var value = entry.value
            while let optional = value as? any OptionalRequest {
                guard let wrapped = optional.unwrapped else {
                    return Swift.type(of: optional).wrapsExistential ? NilArgument.self : Swift.type(of: value)
                }
                value = wrapped
            }
            return entry.type == NilArgument.self ? NilArgument.self : Swift.type(of: value)
        }
    }

    /// `Int, nil`: argument types as errors show them.
    static func typeList(_ types: [Any.Type]) -> String {
        types.map { $0 == NilArgument.self ? "nil" : typeName($0) }.joined(separator: ", ")
    }
}

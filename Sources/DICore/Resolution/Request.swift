import DILazy

/// What one step of a resolve asks for, besides the type.
package struct Request {
    /// A name or tag the candidates must carry.
    var qualifier: DIQualifier = .none
    /// A component already chosen (by `many`, or when a `Lazy` was handed out).
    var pinned: Component?
    /// Runtime arguments for the chosen component's `arg` parameters.
    var arguments: Arguments?
    /// The framework whose registrations win ties (`resolve(from:)`, or the requester's).
    var framework: OriginUnit?

    init(
        qualifier: DIQualifier = .none,
        arguments: Arguments? = nil,
        framework: OriginUnit? = nil
    ) {
        self.qualifier = qualifier
        self.arguments = arguments
        self.framework = framework
    }
}

/// Runtime arguments passed with `resolve(args:)` or a `ProviderN`/`LazyN`.
///
/// A class so that the request carrying it copies one reference, not two arrays.
package final class Arguments {
    let values: [Any]
    let types: [Any.Type]

    init<each A>(_ value: repeat each A) {
        var values: [Any] = []
        var types: [Any.Type] = []
        for element in repeat each value {
            values.append(element)
            types.append(type(of: element))
        }
        self.values = values
        self.types = types
    }
}

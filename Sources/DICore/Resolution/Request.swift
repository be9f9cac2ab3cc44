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

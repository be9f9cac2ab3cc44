import DILazy

/// What one step of a resolve asks for, besides the type.
package struct Request {
    /// A name or tag the candidates must carry.
    var qualifier: DIQualifier = .none
    /// A component already chosen (by `many`, or when a `Lazy` was handed out).
    var pinned: Component?
    /// The registry count (``Epochs/registryNow``) read before ``pinned`` was chosen for the
    /// request, when it was chosen rather than given (as `many` gives each of its members):
    /// a `Lazy`/`Provider` of the request chooses again after a registration.
    var choiceEpoch: Int?
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

/// Runtime arguments for components deeper in the graph, by the type they are registered as.
///
/// `resolve(args:)` feeds the `arg` parameters of the component asked for. When a component
/// further down needs them, name it:
///
/// ```swift
/// container.register { Leaf(size: arg($0)) }
/// container.register(Deep.init)          // Deep(leaf: Leaf)
/// let deep: Deep = container.resolve(arguments: AnyArguments(for: Leaf.self, args: 7))
/// ```
///
/// Every build of a component of that type (or with that `.as` alias) in the resolve takes
/// the arguments; its `arg` parameters are type-checked as with `resolve(args:)`.
public struct AnyArguments {
    /// The arguments given for each type.
    private var byType: [ObjectIdentifier: Arguments] = [:]
    /// Which arguments these are: a copy is the same, a change (``addArgs(for:args:)``) makes
    /// others. The `objectGraph` instances they make are the graph's (see
    /// ``ResolveContext/sharesGraphInstance(of:ownArguments:in:)``).
    private(set) var identity = Identity()

    /// The identity of one set of arguments (compared with `===`).
    final class Identity: Sendable {}

    /// No arguments yet; add some with ``addArgs(for:args:)``.
    public init() {}

    /// Arguments for the component registered as `type`.
    ///
    /// - Parameters:
    ///   - type: The component's type, or a type it is resolvable as (`.as`).
    ///   - args: The values of its `arg` parameters in order; `nil` for an `Optional` one.
    public init(for type: Any.Type, args: Any?...) {
        byType[ObjectIdentifier(type)] = Arguments(optionals: args)
    }

    /// Adds (or replaces) the arguments for the component registered as `type`.
    public mutating func addArgs(for type: Any.Type, args: Any?...) {
        byType[ObjectIdentifier(type)] = Arguments(optionals: args)
        identity = Identity()
    }

    /// The arguments given for a component: for its own type, else for one of its aliases.
    func arguments(for component: Component) -> Arguments? {
        for type in component.types {
            if let arguments = byType[type] { return arguments }
        }
        return nil
    }
}

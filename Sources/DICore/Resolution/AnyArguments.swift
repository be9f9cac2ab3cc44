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
/// the arguments; its `arg` parameters are type-checked as with `resolve(args:)`. Those for
/// its own type win over an alias's; those for two of its aliases, and none for its own
/// type, are an `.argumentMismatch`.
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

    /// The aliases of `component` that arguments were given for, when there are several and
    /// none for its own type: no rule says whose it takes. `nil` otherwise.
    func aliasesGivenArguments(of component: Component) -> [Any.Type]? {
        guard component.types.count > 2, byType[component.types[0]] == nil else { return nil }
        var given: [Any.Type] = []
        for alias in component.config.aliases
        where byType[ObjectIdentifier(alias.type)] != nil && !given.contains(where: { $0 == alias.type }) {
            given.append(alias.type)
        }
        return given.count > 1 ? given : nil
    }
}

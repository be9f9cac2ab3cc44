import DILazy

extension DIGraph {
    /// One registered component.
    public struct Vertex {
        /// The component's ``DIComponentInfo/id``: unique in the process, in registration order.
        public var id: Int { component.id }
        /// What the component is and where it was registered.
        ///
        /// Texts are made when asked for, so building and validating a graph formats no
        /// type names for components without problems.
        public var info: DIComponentInfo { component.info }
        /// The names the component answers to (`.as(Animal.self, name: "tom")` gives `"tom"`).
        public var names: [String] {
            component.config.aliases.compactMap { alias in
                if case .name(let name) = alias.qualifier { return name }
                return nil
            }
        }
        /// The tags the component answers to, as type names.
        public var tags: [String] {
            component.config.aliases.compactMap { alias in
                if case .tag(_, let tag) = alias.qualifier { return tag.name }
                return nil
            }
        }
        /// Whether the registration has an initializer (`register(T.self)` has none).
        public var hasInitializer: Bool { component.config.hasInitializer }
        /// Whether its initializer is `async` or `@MainActor`: only `await` resolves it.
        public var isAsync: Bool { component.config.isAsync }
        /// The types of the component's `arg` parameters, in order.
        public var argumentTypes: [String] { component.config.arguments.map { DICore.typeName($0.leaf) } }
        /// How far up the parent chain the component lives: 0 in the graph's container,
        /// 1 in its parent, and so on.
        public let containerLevel: Int

        /// The registered component itself (for the checks that need its types).
        let component: Component
        /// The vertex's position in ``DIGraph/vertices``.
        let index: Int
        /// The positions of its edges in ``DIGraph/edges``.
        let edgeRange: Range<Int>

        /// The registered type's name.
        public var typeName: String { info.typeName }
        /// The component's lifetime.
        public var lifetime: DILifeTime { component.config.lifetime }
        /// The framework that registered it, if any.
        public var framework: String? { component.config.origin.framework?.name }
        /// The part that registered it, if any.
        public var part: String? { component.config.origin.part?.name }
    }
}

extension DIGraph.Vertex: Sendable {}

import DILazy

extension DIGraph {
    /// One registered component.
    public struct Vertex {
        /// The component's ``DIComponentInfo/id``: unique in the process, in registration order.
        public var id: Int { info.id }
        /// What the component is and where it was registered.
        public let info: DIComponentInfo
        /// The names the component answers to (`.as(Animal.self, name: "tom")` gives `"tom"`).
        public let names: [String]
        /// The tags the component answers to, as type names.
        public let tags: [String]
        /// Whether the registration has an initializer (`register(T.self)` has none).
        public let hasInitializer: Bool
        /// The types of the component's `arg` parameters, in order.
        public let argumentTypes: [String]
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
        public var lifetime: DILifeTime { info.lifetime }
        /// The framework that registered it, if any.
        public var framework: String? { info.framework }
        /// The part that registered it, if any.
        public var part: String? { info.part }
    }
}

extension DIGraph.Vertex: Sendable {}

import DILazy

extension DIGraph {
    /// One registered component.
    public struct Vertex {
        /// The component's ``DIComponentInfo/id``: unique in the process, in registration order.
        public let id: Int
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
        public let hasInitializer: Bool
        /// Whether its initializer is `async`: only `await` resolves it.
        public let isAsync: Bool
        /// Whether some of its code (initializer, injection, `postInit`) runs on the main
        /// actor: off the main actor, only `await` resolves it.
        public let runsOnMainActor: Bool
        /// The types of the component's `arg` parameters, in order.
        public var argumentTypes: [String] { arguments.map { DICore.typeName($0) } }
        /// How far up the parent chain the component lives: 0 in the graph's container,
        /// 1 in its parent, and so on.
        public let containerLevel: Int
        /// The component the vertex describes.
        let component: Component
        /// The vertex's position in ``DIGraph/vertices``.
        let index: Int
        /// The positions of its edges in ``DIGraph/edges``.
        let edgeRange: Range<Int>
        /// The types of its `arg` parameters, in order.
        var arguments: [Any.Type] {
            component.config.arguments.map(\.leaf)
        }
        /// How many `arg` parameters it has (most have none, and then nothing is compared).
        let argumentCount: Int
        /// How many of them must be given (trailing `Optional` ones may be left out).
        let requiredArgumentCount: Int
        /// Whether it answers other types too (`.as`): only then validation checks them.
        let hasAliases: Bool
        /// Whether its lifetime is ``DILifeTime/prototype`` (what the loop checks ask most).
        let isPrototype: Bool
        /// Whether its lifetime keeps instances in a cell, past a resolve (what the captive
        /// check asks first).
        let isCached: Bool

        /// What validation reads of a component, copied once when the graph is built so
        /// checking thousands of vertices reads the graph's arrays, not every component.
        init(containerLevel: Int, component: Component, index: Int, edgeRange: Range<Int>) {
            id = component.id
            hasInitializer = component.hasInitializer
            // The component's flags, beside its id: not its configuration's factory.
            isAsync = hasInitializer && !component.makesSynchronously
            runsOnMainActor = component.needsMainActor
            hasAliases = !component.config.aliases.isEmpty
            if case .none = component.storage { isPrototype = true } else { isPrototype = false }
            if case .cell = component.storage { isCached = true } else { isCached = false }
            argumentCount = component.takesArguments ? component.argumentChecks.count : 0
            requiredArgumentCount = component.requiredArgumentCount
            self.containerLevel = containerLevel
            self.component = component
            self.index = index
            self.edgeRange = edgeRange
        }

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

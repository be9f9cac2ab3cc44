import DILazy

extension DIGraph {
    /// One dependency of a component: an initializer parameter, a property or a method
    /// injection argument, with the components the resolver would answer it with.
    public struct Edge {
        /// Where a dependency is used.
        public enum Role: Sendable, Equatable {
            /// An initializer (factory) parameter: needed before the instance exists.
            case parameter
            /// A property injection (`.injection(\.owner)`).
            case property
            /// An argument of a method injection (`.injection { $0.owner = $1 }`).
            case method
        }

        /// What the resolver would do with the request.
        public enum Resolution: Sendable, Equatable {
            /// One component answers it (or, for `many`, every candidate does — maybe none).
            case resolved
            /// Nothing is registered for it.
            case nothing
            /// Several components match and no priority rule picks one (``Edge/to`` lists them).
            case ambiguous
            /// It is an `arg` parameter, fed by runtime arguments.
            case runtimeArgument
            /// It asks for the resolving `DIContainer` itself.
            case container
        }

        // Stored fields are ordered to pack into one cache line: a large graph's edges are
        // walked several times per validation. The plan is read from the owner when needed.

        /// The component that has the dependency.
        let owner: Component
        /// The id of the vertex that has the dependency.
        public let from: Int
        /// Positions in ``DIGraph/vertices`` of the source and of the targets.
        let source: Int
        let targets: InlineList<Int>
        /// Where the dependency is used.
        public let role: Role
        /// What the resolver would do with it.
        public let resolution: Resolution
        /// The wrappers around the requested type.
        let wrappers: DIDependency.Wrappers
        /// Whether it is a `cycle: true` injection, made after the outer resolve.
        public let isCycle: Bool
        /// Whether it is awaited: it reaches an `async` component, or is an
        /// `AsyncLazy`/`AsyncProvider`.
        public internal(set) var isAsync: Bool
        /// Whether it passes runtime arguments (a `Provider1` …, `Lazy1` … or `AsyncProvider1` …).
        let passesArguments: Bool
        /// Which of the owner's dependencies it is: its parameters, then its injections'.
        let planIndex: Int32
        /// The targets' ids (what ``to`` lists). Inline lists: most edges have one target, and
        /// a graph of thousands of edges should not allocate two arrays for each.
        let targetIDs: InlineList<Int>

        /// The ids of the vertices that answer it: one, every candidate of `many`, or the
        /// tied candidates of an ambiguous request.
        public var to: [Int] { Array(targetIDs) }
        /// The request as written: `Lazy<Animal>? (name: "tom")`.
        public var request: String { plan.label }
        /// The requested type once wrappers are taken off.
        public var typeName: String { DICore.typeName(plan.leaf) }
        /// Whether it is `Optional` (`nil` when nothing or several match).
        public var isOptional: Bool { wrappers.contains(.optional) }
        /// Whether it is `many`: every matching component.
        public var isMany: Bool { wrappers.contains(.many) }
        /// Whether it is a `Lazy` (or `Lazy1` … `Lazy5`).
        public var isLazy: Bool { wrappers.contains(.lazy) }
        /// Whether it is a `Provider` (or `Provider1` … `Provider5`, or an async one).
        public var isProvider: Bool { wrappers.contains(.provider) }
        /// Whether it is an `AsyncLazy`/`AsyncProvider` (a delayed value that is awaited).
        public var isAsyncDelayed: Bool { wrappers.contains(.async) }
        /// The name it asks for, if any.
        public var name: String? { plan.qualifier.name }
        /// The tag it asks for, as a type name, if it asks for one (see ``tags``).
        public var tag: String? {
            let tags = plan.qualifier.tags
            return tags.count == 1 ? tags[0].name : nil
        }
        /// Every tag it asks for, as type names (a component must carry them all), sorted
        /// by the tags' identity; empty for none.
        public var tags: [String] { plan.qualifier.tags.map(\.name) }
        /// For `Provider1` …, `Lazy1` … and `AsyncProvider1` …: the types of the arguments it passes.
        public var argumentTypes: [String]? { plan.providedArguments?.map { DICore.typeName($0) } }

        /// The plan the resolver follows for the dependency.
        var plan: DIDependency {
            var index = Int(planIndex)
            let parameters = owner.config.parameters
            if index < parameters.count { return parameters[index] }
            index -= parameters.count
            for injection in owner.config.injections {
                if index < injection.dependencies.count { return injection.dependencies[index] }
                index -= injection.dependencies.count
            }
            preconditionFailure("an edge's plan is one of its owner's dependencies")
        }

        /// Whether the dependency is resolved later (`Lazy`/`Provider`), not while the
        /// component is being made.
        public var isDelayed: Bool { isLazy || isProvider }

        /// Whether its owner's instance holds its targets' instances: resolved, and neither a
        /// `Lazy` nor a `Provider`, which ask again instead of holding.
        var holdsItsTargets: Bool { resolution == .resolved && !isDelayed }

        /// Whether nothing answering the dependency is an error: validation reports it, and a
        /// picture draws the edge to a red node. An optional may be absent, but not under a
        /// name or tag nothing answers (a typo far more often than an intended absence), nor
        /// tied.
        var isUnansweredError: Bool {
            switch resolution {
            case .nothing: !isOptional || plan.qualifier != .none
            // An optional tie would be `nil` every time until a registration picks one.
            case .ambiguous: true
            case .resolved, .runtimeArgument, .container: false
            }
        }

        /// The edge of `owner`'s dependency number `planIndex`, a dependency with `role`,
        /// `wrappers`, `isCycle` and `passesArguments`.
        init(
            role: DIDependency.Role,
            wrappers: DIDependency.Wrappers,
            isCycle: Bool,
            passesArguments: Bool,
            planIndex: Int,
            owner: Component,
            source: Vertex.Source,
            targets: InlineList<Int>,
            ids: InlineList<Int>,
            resolution: Resolution
        ) {
            self.owner = owner
            self.planIndex = Int32(planIndex)
            self.source = source.index
            self.targets = targets
            from = source.id
            targetIDs = ids
            switch role {
            case .parameter: self.role = .parameter
            case .property: self.role = .property
            case .method: self.role = .method
            }
            self.resolution = resolution
            self.wrappers = wrappers
            self.isCycle = isCycle
            self.passesArguments = passesArguments
            isAsync = wrappers.contains(.async)  // and, once all vertices are made, async targets
        }
    }
}

extension DIGraph.Vertex {
    /// The id and position of a vertex whose edges are being built.
    struct Source {
        let id: Int
        let index: Int
    }
}

extension DIGraph.Edge: Sendable {}

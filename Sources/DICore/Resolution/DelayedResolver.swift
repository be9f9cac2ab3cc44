import DIRuntime

/// What a container-made `Lazy`/`Provider` keeps: its request, the object graph it was
/// handed out in, and a weak reference to the container.
///
/// It does not keep the container alive; once the container is gone, using the `Lazy`
/// traps with a ``DIError`` of kind ``DIError/Kind/containerReleased``.
final class DelayedResolver: Sendable {
    /// Read from any thread without a lock: it is written only by `init`, and the runtime
    /// loads and zeroes a weak reference atomically (a lock around it was one more lock pair,
    /// and one more object, for every use of a `Lazy` or `Provider`). `nonisolated(unsafe)`
    /// says no more than a `weak let` would, which Swift 6.2 compilers do not all accept.
    private nonisolated(unsafe) weak var container: DIContainer?
    private let graph: ObjectGraph
    // Sendable: a delayed request never carries runtime arguments; the rest is Sendable.
    private nonisolated(unsafe) let request: Request
    /// Whether the delayed type is a registered type, no wrapper (known when it was handed out).
    private let registered: Bool
    /// The registry count (``Epochs/registryNow``) read before the request's component was
    /// chosen for it: a `.value` after a registration (a `.test()` override, a framework
    /// appended) asks the container again. `nil` when the component was given, not chosen:
    /// a `many` hands out one `Lazy`/`Provider` per component, each of which keeps its own.
    private let choiceEpoch: Int?

    /// The id of the component whose parameter or injection it is: its `many` leaves it out.
    /// (An id: the component may keep the instance that holds this.)
    private let holder: Int?

    init(
        container: DIContainer,
        graph: ObjectGraph,
        request: Request,
        holder: Int?,
        registered: Bool,
        choiceEpoch: Int?
    ) {
        self.container = container
        self.graph = graph
        self.request = request
        self.holder = holder
        self.registered = registered
        self.choiceEpoch = choiceEpoch
    }

    /// Resolves now, in the captured graph, optionally with runtime arguments.
    func resolve<T>(_ type: T.Type, arguments: Arguments? = nil) throws(DIError) -> T {
        let (container, request) = try prepare(T.self, arguments)
        // What this resolve makes in the graph lives until it returns, then as long as
        // someone holds it (the graph's own resolve may still be running: see `ObjectGraph`).
        graph.enterDelayedResolve()
        defer { graph.leaveDelayedResolve() }
        // Outside any resolve, a registered type with the compiled root of its pinned
        // component's plan, when the root compiles (see `resolveCompiled`). A component with
        // no dependencies has nothing to settle, as in `ResolveContext.step(for:)`: the
        // general way builds it as fast as its root would, without the plan's lookup.
        if registered, arguments == nil, let pinned = request.pinned, pinned.dependencyCount > 0,
            !ResolveLink.isInProgress
        {
            let (plan, root) = container.plans.delayedRoot(of: pinned, in: container, as: T.self)
            if let root { return try resolveCompiled(T.self, root, plan, container, request, pinned) }
        }
        return try container.contextPool.withContext(for: container, graph: graph) { context throws(DIError) in
            // Read inside a factory: a loop through the factories on the way here is a cycle.
            if let outer = ResolveLink.inProgress { context.join(outer, sharingGraph: false) }
            context.makesDelayedValue()
            context.holdsDelayed(holder)
            return try container.run(context, qualifier: request.qualifier) { context throws(DIError) in
                try context.resolve(T.self, request, registered: registered)
            }
        }
    }

    /// Resolves now with `root`, the compiled root of `plan` (``PlanCache/delayedRoot(of:in:as:)``),
    /// the plan of `pinned`, the component the request was pinned to when the
    /// `Lazy`/`Provider` was handed out: in the captured graph, whose `objectGraph` instances
    /// the root's steps share. From outside any resolve only: inside a factory, the general
    /// way joins the resolve in progress.
    private func resolveCompiled<T>(
        _ type: T.Type,
        _ root: any AnyTypedStep,
        _ plan: ResolvePlan,
        _ container: DIContainer,
        _ request: Request,
        _ pinned: Component
    ) throws(DIError) -> T {
        try container.contextPool.withContext(for: container, graph: graph) { context throws(DIError) in
            context.makesDelayedValue()
            // Owned by the resolve: a registration elsewhere may retire the plan meanwhile.
            context.take(plan, owned: true)
            return try container.run(context, qualifier: request.qualifier) { context throws(DIError) in
                try context.runRoot(classInstance(root, as: TypedStep<T>.self), answering: request, with: pinned)
            }
        }
    }

    /// Resolves now in an async resolve, in the captured graph.
    func resolveAsync<T>(_ type: T.Type, arguments: Arguments? = nil) async throws(DIError) -> T {
        let (container, request) = try prepare(T.self, arguments)
        graph.enterDelayedResolve()
        defer { graph.leaveDelayedResolve() }
        let context = ResolveContext(container: container, graph: graph)
        if let outer = ResolveLink.inProgress { context.join(outer, sharingGraph: false) }
        context.holdsDelayed(holder)
        return try await container.runAsync(context, qualifier: request.qualifier) { context throws(DIError) in
            try await context.resolveAsync(T.self, request, registered: registered)
        }
    }

    /// The container (if it still exists) and the request with `arguments`.
    private func prepare<T>(_ type: T.Type, _ arguments: Arguments?) throws(DIError) -> (DIContainer, Request) {
        guard let container else {
            throw DIError(
                kind: .containerReleased,
                requested: typeName(T.self),
                path: [typeName(T.self)],
                reason: "the container that made this Lazy/Provider has been released"
            )
        }
        var request = request
        request.arguments = arguments
        // The choice made when it was handed out, unless the registry changed since (in any
        // container: the count is the process's): then the container chooses again, with
        // the requester's framework as before. A wrapper (a `Provider` of a `Provider`) is
        // resolved unpinned, so that a `Lazy`/`Provider` it makes chooses for itself.
        if let choiceEpoch, request.pinned != nil, !registered || Epochs.registryNow != choiceEpoch {
            request.pinned = registered ? container.onlyChoice(for: T.self, request) : nil
        }
        return (container, request)
    }

}

extension DIContainer {
    /// The one component a request for the registered type `T` would choose now, if the
    /// rules leave exactly one (a delayed request choosing again keeps its compiled way);
    /// `nil` otherwise: the resolve chooses, and reports what fails.
    fileprivate func onlyChoice<T>(for type: T.Type, _ request: Request) -> Component? {
        guard
            case .one(let component, _) = select(
                DIKey(ObjectIdentifier(T.self), request.qualifier),
                framework: request.framework
            )
        else { return nil }
        return component
    }
}

extension ResolveContext {
    /// Starts the synchronous resolve of a `Lazy`'s or `Provider`'s value (see
    /// ``ResolveState/makesDelayedValue``).
    func makesDelayedValue() {
        state.value.makesDelayedValue = true
    }

    /// Starts the resolve of a `Lazy`/`Provider` that `holder` holds (see
    /// ``ResolveState/delayedHolder``).
    func holdsDelayed(_ holder: Int?) {
        guard let holder else { return }
        state.value.usedGeneralWay = true
        state.value.delayedHolder = holder
    }
}

import DIRuntime

/// The resolve in progress that a resolve made from inside one of its factories joins:
/// its object graph, the components it is making (outermost first), and who makes them.
///
/// A factory cannot be handed its resolve (a captured container, or the `DIContainer`
/// parameter, is the same object for every resolve), so the resolve in progress is found
/// where the factory runs:
/// - a synchronous resolve binds its context to its thread (``ThreadSlot``) while it runs:
///   synchronous code cannot move to another thread, so the binding is exact, and reading
///   it costs one `pthread_getspecific` per uncached top-level resolve (a remembered answer
///   never looks);
/// - an async resolve binds a link in a task-local while its factories and injections run.
///   Task-locals are inherited by child tasks (`async let`, task groups, `Task {}`); a
///   child is told apart by its task (``inProgress``): it shares the graph and the chain,
///   but makes instances as itself. Around an async factory's own code the outer context
///   does nothing until the factory returns: the first resolve that joins takes the graph
///   (a locked ``ObjectGraph`` from then on) and the chain out of it, and later ones get
///   the same, under the link's lock, so children that run at the same time cannot corrupt
///   anything. Around injections, whose dependencies the outer context resolves between
///   the user's closures, the graph is shared from the start. The link is switched off
///   when the user code returns, so a task that outlives it starts resolves of its own.
///
/// A joined resolve gets a context of its own that starts from ``OuterResolve``: it shares the
/// graph, sees the outer chain (a loop through it is `.cycle` naming the whole chain), and
/// makes instances as the same party (re-entering what the outer resolve is making is
/// re-entry, not a wait), though the makings it opens are its own: a child task waits for
/// them, where it refuses to wait for what the suspended outer resolve holds (a cycle
/// across tasks, see ``MakingHolder``). It finishes and undoes only its own work.
final class ResolveLink: Sendable {
    /// The link of the async resolve whose user code runs in the current task, if any.
    @TaskLocal static var current: ResolveLink?

    /// Who the outer resolve makes instances as, and the outer resolve.
    private let holder: MakingHolder
    /// The resolves that may be awaiting the outer one.
    private let awaitingResolves: [MakingHolder]
    /// The task whose user code it was bound for (``ResolveTask/currentTaskKey``).
    private let task: Int?
    /// 1 while the user code it was bound for runs, then 0.
    private let isActive = AtomicWord(1)
    /// The outer resolve's graph and chain, taken from its context when a resolve first
    /// joins it. Most user code resolves nothing, and sharing the graph costs what the rest
    /// of a small resolve does (a locked table, a cell per instance); a resolve with a
    /// private graph is faster to the end too.
    private let shared: Locked<Shared>

    private enum Shared {
        /// Nothing joined yet: the outer resolve, whose context does nothing while it awaits
        /// the user code, so a joining resolve may take the graph out of it (under the lock).
        case waiting(ResolveContext)
        /// A resolve joined: the graph, shared from then on, the chain then, and the outer
        /// resolve's context while its user code runs (a resolve of the same task reports
        /// through it: see ``joined(fromTask:)``).
        case taken(ObjectGraph, [Component], ResolveContext?)
        /// The user code returned before any resolve joined.
        case ended
    }

    /// A link for the user code `context` runs now, in the task `task`; `idle`: the context
    /// does nothing until that code returns, so its graph is taken only if a resolve joins.
    init(bindingUserCodeOf context: ResolveContext, idle: Bool, task: Int?) {
        holder = context.holder
        awaitingResolves = context.awaitingResolves
        self.task = task
        shared = Locked(idle ? .waiting(context) : .taken(context.graph, context.wholeChain, context))
    }

    /// Whether its resolve still runs the user code it was bound for.
    var isLive: Bool { isActive.loadAcquiring() == 1 }

    /// Called when the user code it was bound for returned. A graph taken meanwhile stays
    /// the outer context's (taking it set the context's graph).
    func end() {
        isActive.storeReleasing(0)
        let released = shared.withLock { shared in
            let old = shared
            switch old {
            case .waiting: shared = .ended
            case .taken(let graph, let chain, _): shared = .taken(graph, chain, nil)
            case .ended: break
            }
            return old
        }
        // Let go of after the lock (see `Locked`).
        withExtendedLifetime(released) {}
    }

    /// Whether a resolve starting now is nested in one in progress (``inProgress`` is not
    /// `nil`), without making its link.
    static var isInProgress: Bool {
        if ThreadSlot.isBound { return true }
        guard ResolveTask.isAnyRunning, let link = current else { return false }
        return link.isLive
    }

    /// The resolve in progress on this thread or task, as a resolve starting now joins it,
    /// if it is nested in one. Costs one thread-slot read outside async resolves.
    ///
    /// In a child task of the user code (`async let`, a task group, or a `Task {}` started
    /// while that code runs), the answer is the outer resolve as a child sees it: the same
    /// graph and chain (a loop through them is `.cycle`), but not its maker — the child makes
    /// instances as itself, so siblings wait for each other's unfinished instances instead
    /// of sharing them — and with the outer resolve among those that may await the child.
    static var inProgress: OuterResolve? {
        if let object = ThreadSlot.current, let outer = object as? ResolveContext {
            return OuterResolve(of: outer)
        }
        guard ResolveTask.isAnyRunning, let link = current, link.isLive else { return nil }
        return link.joined(fromTask: ResolveTask.currentTaskKey)
    }

    /// The outer resolve as a resolve starting in `task` joins it; `nil` when the user code
    /// returned before any resolve joined (then one starting now is on its own, as if it
    /// started a moment later).
    ///
    /// In the task of the user code itself, the outer resolve awaits that code, so the
    /// joining resolve is its ``OuterResolve/suspended`` resolve, as a synchronous factory's
    /// is: it is a part of its trace. A child task runs beside it and starts a trace of its own.
    private func joined(fromTask task: Int?) -> OuterResolve? {
        let taken: (graph: ObjectGraph, chain: [Component], outer: ResolveContext?)? = shared.withLock { shared in
            switch shared {
            case .taken(let graph, let chain, let outer):
                return (graph, chain, outer)
            case .waiting(let context):
                let graph = context.graph
                let chain = context.wholeChain
                shared = .taken(graph, chain, context)
                return (graph, chain, context)
            case .ended:
                return nil
            }
        }
        guard let (graph, chain, outer) = taken else { return nil }
        guard task != self.task else {
            return OuterResolve(
                graph: graph,
                chain: chain,
                maker: holder.maker,
                awaitingResolves: awaitingResolves + [holder],
                suspended: outer
            )
        }
        return OuterResolve(graph: graph, chain: chain, maker: nil, awaitingResolves: awaitingResolves + [holder])
    }
}

extension ResolveContext {
    /// Starts this resolve inside `outer`: its chain, maker and (if `sharingGraph`) graph.
    /// A trace of its own (a child task's, an observer's) is linked to the trace of the
    /// graph it shares, as a `Lazy`'s later resolve is.
    func join(_ outer: OuterResolve, sharingGraph: Bool) {
        state.value.usedGeneralWay = true
        state.value.outerChain = outer.chain
        state.value.joinedFromObserver = outer.suspended?.tracer?.isDelivering == true
        frame.state.value.outerDepth = outer.chain.count
        if let maker = outer.maker { state.value.knownMaker = maker }
        if let suspended = outer.suspended {
            state.value.nestedIn = suspended
            let outerInjects = !suspended.state.value.injectedObjects.isEmpty
            state.value.injectingOuter = outerInjects ? suspended : suspended.state.value.injectingOuter
            if suspended.holdsHalfMade { state.value.pendsInto = suspended }
        }
        state.value.awaitingResolves = outer.awaitingResolves
        // Its errors start with the outer chain: so does what its trace records of them.
        if !outer.chain.isEmpty { tracer?.follows(outer.chain.map { typeName($0.config.type) }) }
        guard sharingGraph else { return }
        // A resolve a factory makes from its container is a part of the outer one: so are the
        // outer one's `AnyArguments`, unless it gives its own. (Not one from another container,
        // whose components they were not given for; nor a `Lazy`'s resolve, which does not
        // share the graph, whenever it is read.)
        if argumentsByType == nil, let suspended = outer.suspended, suspended.container === container,
            let arguments = suspended.argumentsByType
        {
            argumentsByType = arguments
        }
        graphStorage = outer.graph
        outer.graph.enterDelayedResolve()
        state.value.joinedGraph = true
        if outer.graph.traceID != 0 { tracer?.link(to: outer.graph.traceID) }
    }

    /// The object an `inject(into:)` of this resolve, or of one it is nested in, fills as
    /// `component`'s instance, if any.
    func injectedObject(of component: Component) -> Any? {
        var context: ResolveContext? = self
        while let current = context {
            if let found = current.state.value.injectedObjects.first(where: { $0.component === component }) {
                return found.object
            }
            context = current.state.value.injectingOuter
        }
        return nil
    }

    /// The components being made on the way here, the outer resolves' first.
    var wholeChain: [Component] {
        outerChain.isEmpty ? chainToHere : outerChain + chainToHere
    }

    /// Runs `body` with this resolve bound to the calling thread (see ``ThreadSlot``), where
    /// a resolve made from inside it finds it: a whole synchronous resolve
    /// (`DIContainer.run`), or the synchronous user code of an async one.
    ///
    /// Synchronous code is found on its thread, never through an async factory's link: a
    /// task it starts is on its own, also while a live link is inherited here (an async
    /// factory's, whose resolve this one is a part of; or an async resolve's own, around
    /// its injections), which would make the task that factory's child.
    @inline(__always)
    func boundToThread<R>(_ body: () throws(DIError) -> R) throws(DIError) -> R {
        if ResolveTask.isAnyRunning, ResolveLink.current != nil { return try boundUnlinked(body) }
        return try bound(body)
    }

    /// ``bound(_:)`` with no link inherited by the tasks `body` starts. Apart, and not
    /// inlined: its `Result` type's metadata was looked up on every resolve otherwise.
    @inline(never)
    private func boundUnlinked<R>(_ body: () throws(DIError) -> R) throws(DIError) -> R {
        try ResolveLink.$current.withValue(nil) { () -> Result<R, DIError> in
            Result { () throws(DIError) in try bound(body) }
        }.get()
    }

    @inline(__always)
    private func bound<R>(_ body: () throws(DIError) -> R) throws(DIError) -> R {
        let binding = ThreadSlot.bind(self)
        defer {
            ThreadSlot.unbind(binding)
            // Bound until here (see `ThreadSlot`).
            withExtendedLifetime(self) {}
        }
        return try body()
    }

    /// Runs user code of an async resolve (a factory, injection, `postInit`) with this
    /// resolve linked for the resolves it makes (see ``ResolveLink``).
    ///
    /// `idle`: this resolve does nothing until `body` returns (an async factory's own code,
    /// its parameters resolved before), so the link takes the graph out of it only if a
    /// resolve joins. Otherwise (injections, which resolve their dependencies through this
    /// context between the user's closures) the graph is shared from the start.
    nonisolated(nonsending) func joinable<R>(
        idle: Bool = false,
        _ body: () async throws(DIError) -> R
    ) async throws(DIError) -> R {
        let link = ResolveLink(bindingUserCodeOf: self, idle: idle, task: ResolveTask.currentTaskKey)
        defer { link.end() }
        let result: Result<R, DIError> = await ResolveLink.$current.withValue(link) {
            do throws(DIError) {
                return .success(try await body())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

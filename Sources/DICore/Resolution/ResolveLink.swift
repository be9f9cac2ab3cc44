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
///   but makes instances as itself. The link is immutable (a snapshot of the chain and the
///   shared, locked ``ObjectGraph``), so children that run at the same time cannot corrupt
///   anything, and it is switched off when the factory returns, so a task that outlives the
///   factory starts resolves of its own.
///
/// A joined resolve gets a context of its own that starts from the link: it shares the
/// graph, sees the outer chain (a loop through it is `.cycle` naming the whole chain), and
/// makes instances as the same party (re-entering what the outer resolve is making is
/// re-entry, not a wait). It finishes and undoes only its own work.
final class ResolveLink: Sendable {
    /// The link of the async resolve whose user code runs in the current task, if any.
    @TaskLocal static var current: ResolveLink?

    let graph: ObjectGraph
    let chain: [Component]
    /// Who the outer resolve makes instances as; `nil` for a child task's view of it, which
    /// makes instances as itself.
    let maker: MakerID?
    /// The makers of the resolves that may be awaiting this one: for a child task of a
    /// factory, the resolve that runs the factory (and those it is nested in). Waiting for
    /// an instance one of them is still making would wait for the waiter itself.
    let awaitingMakers: [MakerID]
    /// The task whose user code it was bound for (``ResolveTask/currentTaskKey``).
    private let task: Int?
    /// 1 while the user code it was bound for runs, then 0.
    private let isActive = AtomicWord(1)

    init(graph: ObjectGraph, chain: [Component], maker: MakerID?, awaitingMakers: [MakerID], task: Int?) {
        self.graph = graph
        self.chain = chain
        self.maker = maker
        self.awaitingMakers = awaitingMakers
        self.task = task
    }

    /// The outer resolve as `context` is now; `task` is the task its user code runs in, for
    /// a link bound in a task-local (a synchronous resolve's is found on its thread instead).
    convenience init(of context: ResolveContext, task: Int? = nil) {
        self.init(
            graph: context.graph,
            chain: context.wholeChain,
            maker: context.maker,
            awaitingMakers: context.awaitingMakers,
            task: task
        )
    }

    /// Whether its resolve still runs the user code it was bound for.
    var isLive: Bool { isActive.loadAcquiring() == 1 }

    /// Called when the user code it was bound for returned.
    func end() { isActive.storeReleasing(0) }

    /// Whether a resolve starting now is nested in one in progress (``inProgress`` is not
    /// `nil`), without making its link.
    static var isInProgress: Bool {
        if ThreadSlot.isBound { return true }
        guard ResolveTask.isAnyRunning, let link = current else { return false }
        return link.isLive
    }

    /// The resolve in progress on this thread or task, if a resolve starting now is nested
    /// in one. Costs one thread-slot read outside async resolves.
    ///
    /// In a child task of the user code (`async let`, a task group, or a `Task {}` started
    /// while that code runs), the answer is the outer resolve as a child sees it: the same
    /// graph and chain (a loop through them is `.cycle`), but not its maker — the child makes
    /// instances as itself, so siblings wait for each other's unfinished instances instead
    /// of sharing them — and with the outer resolve among those that may await the child.
    static var inProgress: ResolveLink? {
        if let object = ThreadSlot.current, let outer = object as? ResolveContext {
            return ResolveLink(of: outer)
        }
        guard ResolveTask.isAnyRunning, let link = current, link.isLive else { return nil }
        let task = ResolveTask.currentTaskKey
        guard task != link.task, let maker = link.maker else { return link }
        return ResolveLink(
            graph: link.graph,
            chain: link.chain,
            maker: nil,
            awaitingMakers: link.awaitingMakers + [maker],
            task: task
        )
    }
}

extension ResolveContext {
    /// Starts this resolve inside `outer`: its chain, maker and (if `sharingGraph`) graph.
    func join(_ outer: ResolveLink, sharingGraph: Bool) {
        state.value.usedGeneralWay = true
        state.value.outerChain = outer.chain
        frame.state.value.outerDepth = outer.chain.count
        if let maker = outer.maker { state.value.knownMaker = maker }
        state.value.awaitingMakers = outer.awaitingMakers
        if sharingGraph { graphStorage = outer.graph }
    }

    /// The components being made on the way here, the outer resolves' first.
    var wholeChain: [Component] {
        outerChain.isEmpty ? chainToHere : outerChain + chainToHere
    }

    /// Runs `body` with this resolve bound to the calling thread (see ``ThreadSlot``), where
    /// a resolve made from inside it finds it: a whole synchronous resolve
    /// (`DIContainer.run`), or the synchronous user code of an async one.
    @inline(__always)
    func boundToThread<R>(_ body: () throws(DIError) -> R) throws(DIError) -> R {
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
    func joinable<R>(_ body: () async throws(DIError) -> R) async throws(DIError) -> R {
        let link = ResolveLink(of: self, task: ResolveTask.currentTaskKey)
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

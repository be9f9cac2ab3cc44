import DIRuntime

/// The resolve in progress, as a resolve made from inside one of its factories joins it
/// (``ResolveLink/inProgress``): the object graph it shares, the components being made on
/// the way (outermost first), and who makes them.
struct OuterResolve {
    let graph: ObjectGraph
    let chain: [Component]
    /// Who the outer resolve makes instances as; `nil` for a child task's view of it, which
    /// makes instances as itself.
    let maker: MakerID?
    /// The resolves that may be awaiting the joining one: the resolve that runs the user code
    /// (and those it is nested in), for a child task of that code as for the code's own
    /// resolves. Waiting for an instance one of them holds would wait for the waiter itself;
    /// an instance the code's own resolves hold is no such loop (see ``MakingHolder``).
    let awaitingResolves: [MakingHolder]
    /// The outer resolve itself, when it waits for the user code that started the joining
    /// one: a synchronous resolve's on this thread, or an async one's in this task (not in
    /// a child task, which runs beside it). Its events are the joining resolve's too.
    let suspended: ResolveContext?

    init(
        graph: ObjectGraph,
        chain: [Component],
        maker: MakerID?,
        awaitingResolves: [MakingHolder],
        suspended: ResolveContext? = nil
    ) {
        self.graph = graph
        self.chain = chain
        self.maker = maker
        self.awaitingResolves = awaitingResolves
        self.suspended = suspended
    }

    /// `context`, bound to this thread while its synchronous user code runs: nothing else
    /// runs it meanwhile, so its graph (shared from now on) and chain are read here.
    init(of context: ResolveContext) {
        self.init(
            graph: context.graph,
            chain: context.wholeChain,
            maker: context.maker,
            awaitingResolves: context.awaitingResolves,
            suspended: context
        )
    }
}

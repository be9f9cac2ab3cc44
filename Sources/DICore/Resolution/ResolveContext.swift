import DIRuntime

/// The state of one top-level resolve: its object graph, the components being built, the
/// work left for its end. Passed down the resolve, never stored in a thread-local, and used
/// by one thread (or task) at a time.
///
/// The steps live in extensions named after them: requests (`+Requests`), instances and
/// builds (`+Instances`), the async twins (`+Async`), the end of a resolve (`+Finish`) and
/// errors (`+Errors`). A `Lazy` resolved later gets a context of its own that shares only
/// the (locked) ``ObjectGraph``.
package final class ResolveContext {
    /// A component waiting for its `cycle:` injections and `postInit`.
    struct Deferred {
        let component: Component
        let instance: Any
        /// The components whose making led here, across earlier `cycle:` rounds: how a
        /// round that only makes fresh prototypes again is recognized as a loop.
        let chain: [Component]
    }

    /// A cell whose instance is made but not yet complete (deferred injections pending).
    struct Pending {
        let cell: InstanceCell
        let ticket: InstanceCell.Ticket
        let value: Any
    }

    /// An `objectGraph` instance of a graph nothing outside this resolve can see yet.
    struct GraphEntry {
        let id: Int
        let value: Any
    }

    /// The runtime arguments of a component being built, for its `arg` parameters.
    struct ArgumentFrame {
        /// The component's position in ``building``.
        let level: Int
        let values: [Any]
        var next = 0
    }

    /// The container `resolve` was called on; a `DIContainer` parameter receives it.
    let container: DIContainer
    /// The events of this resolve; `nil` when nobody observes.
    let tracer: ResolveTracer?
    /// The shared object graph, once a `Lazy`/`Provider` captured it (or given by one).
    var graphStorage: ObjectGraph?
    /// `objectGraph` instances while the graph is private: no locks. Moved into an
    /// ``ObjectGraph`` when a `Lazy`/`Provider` captures the graph.
    var localGraph: [GraphEntry] = []
    /// The components being made, outermost first: requesters, and how loops are seen.
    var building: [Component] = []
    /// The runtime arguments of the components on ``building`` that were given some.
    var argumentFrames: [ArgumentFrame] = []
    /// Components waiting for their `cycle:` injections, in the order they were made.
    var deferred: [Deferred] = []
    /// The next deferred item ``finish()`` runs.
    var deferredIndex = 0
    /// While ``finish()`` runs a deferred item: the ``Deferred/chain`` that led to it.
    var deferredChain: [Component] = []
    var pending: [Pending] = []
    /// Whether a `Lazy`/`Provider` captured the graph (so its objects are let go at the end).
    var graphEscaped = false
    /// How the last answered component was obtained, for the events of an observed request.
    var lastOutcome = DIEvent.Outcome.made
    /// Whether the top-level optional request found nothing (or more than one thing) to
    /// answer with: a `nil` that stays right until the registry changes.
    var answeredAbsent = false
    /// Who this resolve makes instances as, once looked up.
    private var knownMaker: MakerID?

    init(container: DIContainer, graph: ObjectGraph? = nil) {
        self.container = container
        graphStorage = graph
        tracer =
            container.isObserved
            ? ResolveTracer(container: container, linkedTraceID: graph.flatMap { $0.traceID == 0 ? nil : $0.traceID })
            : nil
    }

    /// Who this resolve makes instances as: its thread, or its async resolve.
    var maker: MakerID {
        if let knownMaker { return knownMaker }
        let maker = MakerID.current
        knownMaker = maker
        return maker
    }

    /// The component being built right now, whose dependencies are being resolved.
    var requester: Component? { building.last }

    /// This resolve's object graph, shared from now on.
    var graph: ObjectGraph {
        if let graphStorage { return graphStorage }
        let graph = ObjectGraph(traceID: tracer?.traceID ?? 0)
        for entry in localGraph {
            graph.store(entry.value, for: entry.id)
        }
        localGraph = []
        graphStorage = graph
        return graph
    }
}

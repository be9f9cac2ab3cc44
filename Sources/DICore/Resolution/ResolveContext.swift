import DIRuntime

/// The state of one top-level resolve: its object graph, the components being built, the
/// work left for its end. Passed down the resolve, and used by one thread (or task) at a
/// time; bound to its thread while it runs only so that a resolve started from inside one
/// of its factories can join it (see ``ResolveLink``).
///
/// The steps live in extensions named after them: requests (`+Requests`), instances and
/// builds (`+Instances`), the plan and its compiled steps (`+Plan`), the async twins
/// (`+Async`) and errors (`+Errors`); the end of a resolve is below. A `Lazy` resolved
/// later gets a context of its own that shares only the (locked) ``ObjectGraph``.
package final class ResolveContext {
    /// A component waiting for its `cycle:` injections and `postInit`.
    struct Deferred {
        let component: Component
        let instance: Any
        /// The components whose making led here, across earlier `cycle:` rounds: how a
        /// round that only makes fresh prototypes again is recognized as a loop.
        let chain: [Component]
        /// The trace span and depth of the request that made the instance (0 unobserved):
        /// where the injections' requests show in the trace.
        var traceSpan: (id: UInt64, depth: Int) = (0, 0)
        /// Whether the optional request whose branch left it answered `nil`: nothing runs.
        var isAbandoned = false
    }

    /// A cell whose instance is made but not yet complete (deferred injections pending).
    struct Pending {
        let cell: InstanceCell
        let ticket: InstanceCell.Ticket
        let value: Any
        /// What was half made when it was held back (see ``HoldPoint``).
        var heldAt: HoldPoint
    }

    /// What was half made when an instance was held back, for an optional request's branch
    /// to tell whether the instance may hold something the branch leaves half made
    /// (``abandonBranch(since:)``): how many instances were being shown to their injections,
    /// how much `cycle:` work was left, and the instance's place among those held back.
    struct HoldPoint {
        let showing: Int
        let deferred: Int
        let order: Int
        /// For instances a nested resolve handed over: taken as made in any branch.
        static var unknown: HoldPoint { HoldPoint(showing: .max, deferred: .max, order: 0) }
    }

    /// A making of another resolve that this one was let through (a loop of waits broken
    /// here) with its unfinished instance: what this resolve keeps waits for its outcome.
    struct PassedMaking {
        let cell: InstanceCell
        let flight: InstanceCell.Flight
        let component: Component
    }

    /// An `objectGraph` instance made while the resolve held a half-made one (see
    /// ``ResolveState/heldBackInGraph``): its component and its private-graph slot.
    struct HeldBackInGraph {
        let component: Component
        let slot: Int
        let heldAt: HoldPoint
    }

    /// The runtime arguments of a component being built, for its `arg` parameters.
    struct ArgumentFrame {
        /// The component's position in ``building``.
        let level: Int
        let values: [Arguments.Entry]
        var next = 0
    }

    /// The mutable state of the resolve, fields of ``ResolveState`` (see there): kept in
    /// one ``ExclusiveState`` because it is owned by one resolve at a time.
    let state: ExclusiveState<ResolveState>

    /// The chain being built, the private graph's slots and the flags compiled steps read
    /// (see ``StepFrame``), kept in step with ``state`` by the accessors below.
    package let frame = StepFrame()

    init(container: DIContainer, graph: ObjectGraph? = nil) {
        state = ExclusiveState(ResolveState(container: container, graph: graph))
        startFrame()
    }

    /// One of ``ContextPool``'s contexts, waiting for its first resolve.
    init() {
        state = ExclusiveState(ResolveState())
    }

    /// Readies a context taken from ``ContextPool`` for a resolve from `container`, in
    /// `graph` when a `Lazy`/`Provider` shares one.
    func start(from container: DIContainer, graph: ObjectGraph?) {
        state.value.start(from: container, graph: graph)
        startFrame()
    }

    /// Sets the flags of ``frame`` from the state a resolve starts with.
    private func startFrame() {
        frame.state.value.isTraced = state.value.tracer != nil
        frame.state.value.sharesGraph = state.value.graphStorage != nil
    }

    /// Lets go of everything the finished resolve kept (its container, its instances),
    /// keeping the storage's capacity.
    func clearForPool() {
        frame.clear()
        state.value.clear()
    }

    /// Who this resolve makes instances as: its thread, or its async resolve.
    var maker: MakerID {
        if let known = state.value.knownMaker { return known }
        let maker = MakerID.current
        makes(as: maker)
        return maker
    }

    /// This resolve as the holder of the makings it opens. Only an async resolve's makings
    /// are told apart by resolve (the resolves of a thread are never awaited by a task, see
    /// ``ResolveLink``): its number is drawn the first time it is needed.
    var holder: MakingHolder {
        let maker = maker
        return MakingHolder(maker: maker, resolve: holderNumber(as: maker))
    }

    /// The number of ``holder``, drawn the first time an async resolve needs it.
    func holderNumber(as maker: MakerID) -> UInt64 {
        guard maker.isAsyncResolve else { return 0 }
        if state.value.holderNumber == 0 {
            state.value.usedGeneralWay = true
            state.value.holderNumber = ResolveTask.nextToken()
        }
        return state.value.holderNumber
    }

    /// Makes instances as `maker` from now on, unless a maker is known already (the outer
    /// resolve's, for a joined one). An async resolve gives its identity's here: what
    /// `MakerID.current` would read back from the task-local.
    func makes(as maker: MakerID) {
        guard state.value.knownMaker == nil else { return }
        state.value.usedGeneralWay = true
        state.value.knownMaker = maker
    }

    // The state's fields, read and changed in place.
    var container: DIContainer {
        guard let container = state.value.container else { preconditionFailure("a pooled context was used") }
        return container
    }
    var tracer: ResolveTracer? {
        _read { yield state.value.tracer }
    }
    /// Calls `body` with the resolve's tracer when someone observes, lent without a retain
    /// (the state holds the tracer until the resolve ends): the calls that report each
    /// request and instance.
    @inline(__always)
    func traced(_ body: (ResolveTracer) -> Void) {
        // Read out first: `body` runs user code, which may use the state.
        let reference = state.value.tracerReference
        reference.borrowing(body)
    }
    var graphStorage: ObjectGraph? {
        // A getter: as a `_read` coroutine, called where it was not inlined, its frame (with
        // the state's coroutine inside) outgrew the caller's buffer and was allocated, a
        // malloc and a free per read.
        get { state.value.graphStorage }
        _modify {
            yield &state.value.graphStorage
            frame.state.value.sharesGraph = state.value.graphStorage != nil
        }
    }
    var localGraph: ComponentTable<Any> {
        _read { yield state.value.localGraph }
        _modify {
            state.value.usedGeneralWay = true
            yield &state.value.localGraph
        }
    }
    var building: UnretainedStack<Component> {
        _read { yield frame.state.value.building }
        _modify { yield &frame.state.value.building }
    }
    var argumentFrames: [ArgumentFrame] {
        _read { yield state.value.argumentFrames }
        _modify {
            state.value.usedGeneralWay = true
            yield &state.value.argumentFrames
        }
    }
    var deferred: [Deferred] {
        _read { yield state.value.deferred }
        _modify {
            mayHoldHalfMade()
            yield &state.value.deferred
        }
    }
    var deferredIndex: Int {
        _read { yield state.value.deferredIndex }
        _modify {
            state.value.usedGeneralWay = true
            yield &state.value.deferredIndex
        }
    }
    var deferredChain: [Component] {
        _read { yield state.value.deferredChain }
        _modify {
            state.value.usedGeneralWay = true
            yield &state.value.deferredChain
        }
    }
    var outerChain: [Component] {
        _read { yield state.value.outerChain }
    }
    var awaitingResolves: [MakingHolder] {
        _read { yield state.value.awaitingResolves }
    }
    // What ``holdsHalfMade`` reads: a change tells the compiled steps to ask it too.
    var pending: [Pending] {
        _read { yield state.value.pending }
        _modify {
            mayHoldHalfMade()
            yield &state.value.pending
        }
    }
    var passedMakings: [PassedMaking] {
        _read { yield state.value.passedMakings }
        _modify {
            mayHoldHalfMade()
            yield &state.value.passedMakings
        }
    }
    var heldBackInGraph: [HeldBackInGraph] {
        _read { yield state.value.heldBackInGraph }
        _modify {
            mayHoldHalfMade()
            yield &state.value.heldBackInGraph
        }
    }
    var showing: Int {
        _read { yield state.value.showing }
        _modify {
            frame.state.value.mayHoldHalfMade = true
            yield &state.value.showing
        }
    }
    var metCutLooseInstance: Bool {
        _read { yield state.value.metCutLooseInstance }
        _modify {
            state.value.usedGeneralWay = true
            yield &state.value.metCutLooseInstance
        }
    }
    var graphEscaped: Bool {
        _read { yield state.value.graphEscaped }
        _modify {
            state.value.usedGeneralWay = true
            yield &state.value.graphEscaped
        }
    }
    var lastOutcome: DIEvent.Outcome {
        _read { yield state.value.lastOutcome }
        _modify { yield &state.value.lastOutcome }
    }
    var argumentsByType: AnyArguments? {
        _read { yield state.value.argumentsByType }
        _modify {
            state.value.usedGeneralWay = true
            yield &state.value.argumentsByType
        }
    }
    var rootArguments: Arguments? {
        _read { yield state.value.rootArguments }
        _modify {
            state.value.usedGeneralWay = true
            yield &state.value.rootArguments
        }
    }
    var answeredAbsent: Bool {
        _read { yield state.value.answeredAbsent }
        _modify {
            state.value.usedGeneralWay = true
            yield &state.value.answeredAbsent
        }
    }
    var ambiguousCandidates: [Component] {
        _read { yield state.value.ambiguousCandidates }
        _modify {
            state.value.usedGeneralWay = true
            yield &state.value.ambiguousCandidates
        }
    }
    var pinReason: Selection.Reason {
        _read { yield state.value.pinReason }
        _modify {
            state.value.usedGeneralWay = true
            yield &state.value.pinReason
        }
    }
    var callerOnMainActor: Bool {
        _read { yield state.value.callerOnMainActor }
        _modify { yield &state.value.callerOnMainActor }
    }
    var call: ResolveCall {
        _read { yield state.value.call }
        _modify { yield &state.value.call }
    }
    /// Whether the resolve runs synchronously for a caller that awaits it (``ResolveCall/awaited``).
    var callerAwaits: Bool { state.value.call == .awaited }

    /// Whether main-actor code can run here, now: the caller is isolated to the main
    /// actor, or this is the main thread.
    var isOnMainActor: Bool {
        callerOnMainActor || MainActorCall.isMainThread
    }

    /// The component being built right now, whose dependencies are being resolved.
    var requester: Component? { building.last }

    /// This resolve's object graph, shared from now on.
    var graph: ObjectGraph {
        if let graphStorage { return graphStorage }
        let graph = ObjectGraph(traceID: tracer?.traceID ?? 0, arguments: argumentsByType?.identity)
        movePrivateGraph(into: graph)
        graphStorage = graph
        state.value.ownsGraph = true
        // Shared from now on: its end releases it (see `finish(_:)`).
        graphEscaped = true
        return graph
    }
}

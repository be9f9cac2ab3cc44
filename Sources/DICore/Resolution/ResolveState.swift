import DIRuntime

/// The mutable state of one resolve (see ``ResolveContext``).
struct ResolveState {
    typealias ArgumentFrame = ResolveContext.ArgumentFrame
    typealias Deferred = ResolveContext.Deferred
    typealias Pending = ResolveContext.Pending

    /// The container `resolve` was called on; a `DIContainer` parameter receives it.
    /// (`nil` only while the context waits in ``ContextPool``.) Not retained: whoever starts
    /// a resolve holds its container until the resolve's context is cleared or let go of
    /// (a method of the container, or a `Lazy`'s resolve, which holds it meanwhile).
    var container: DIContainer? {
        get { containerReference.object }
        set { containerReference.object = newValue }
    }
    /// ``container``, lent for a read without a retain (see ``ResolveContext/keptObject(of:)``).
    private(set) var containerReference = UnretainedReference<DIContainer>()
    /// The events of this resolve; `nil` when nobody observes.
    var tracer: ResolveTracer? {
        get { ownedTracer }
        set {
            ownedTracer = newValue
            tracerReference.object = newValue
        }
    }
    private var ownedTracer: ResolveTracer?
    /// ``tracer``, lent for a call without a retain (see ``ResolveContext/traced(_:)``):
    /// the state holds it until the resolve is cleared, and only ``start(from:graph:)`` and
    /// ``clear()`` change it.
    private(set) var tracerReference = UnretainedReference<ResolveTracer>()
    /// The shared object graph, once a `Lazy`/`Provider` captured it (or given by one).
    var graphStorage: ObjectGraph?
    /// Whether this resolve made ``graphStorage`` (rather than sharing another resolve's):
    /// only the resolve that made a graph releases it (`ObjectGraph.release()`), when it
    /// ends, finished or undone.
    var ownsGraph = false
    /// Whether this resolve joined another's graph (``ResolveContext/join(_:sharingGraph:)``),
    /// entering it as a delayed resolve does: it leaves when it is cleared, so a resolve that
    /// outlives the graph's own (a `Task` its factory started) keeps what it makes alive.
    var joinedGraph = false
    /// The class instances this resolve found made in the shared graph, kept alive until it
    /// ends: the graph may hold them only weakly, and every request of one resolve for an
    /// `objectGraph` component gets the same instance (see `ObjectGraph`).
    var foundInSharedGraph: [AnyObject] = []
    /// The resolve's plan: the plan of the first component it met (see ``ResolvePlan``), or
    /// of the remembered answer that pinned its request. Not retained: the answer holds it,
    /// which the resolve's caller holds, or else ``ownedPlan``.
    var plan: ResolvePlan? { planReference.object }
    private var planReference = UnretainedReference<ResolvePlan>()
    /// The plan, when the resolve looked it up itself: nothing else may hold it meanwhile.
    private var ownedPlan: ResolvePlan?
    /// Whether the resolve has taken its plan (or met a component without taking one).
    var planTaken = false
    /// The plan step of the component whose factory runs next, for its ``ParameterCursor``.
    var makingStep = -1
    /// The private graph's instances of components ``plan`` does not reach.
    var localGraph = ComponentTable<Any>()
    /// The runtime arguments of the components on ``building`` that were given some.
    var argumentFrames: [ArgumentFrame] = []
    /// Components waiting for their `cycle:` injections, in the order they were made.
    var deferred: [Deferred] = []
    /// The next deferred item ``ResolveContext/finish(_:)`` runs.
    var deferredIndex = 0
    /// While ``ResolveContext/finish(_:)`` runs a deferred item: the ``Deferred/chain`` that led to it.
    var deferredChain: [Component] = []
    var pending: [Pending] = []
    /// How many makings on the way here have made their instance and run its injections or
    /// `postInit` now: that instance is shown to what they make, which may hold it, so a
    /// cached instance made meanwhile is pending (a failure would leave it holding a
    /// half-made one).
    var showing = 0
    /// Whether the graph is shared — a `Lazy`/`Provider` captured it, or a resolve joined it —
    /// so the end of the resolve has work: releasing it (its maker), leaving it (a joiner).
    var graphEscaped = false
    /// How the last answered component was obtained, for the events of an observed request.
    var lastOutcome = DIEvent.Outcome.made
    /// Whether the top-level optional request found nothing (or more than one thing) to
    /// answer with: a `nil` that stays right until the registry changes.
    var answeredAbsent = false
    /// For a top-level optional request answered `nil` because several components match:
    /// those components, so that the `nil` is remembered with the warning it reports.
    var ambiguousCandidates: [Component] = []
    /// Why the top-level request's component won, when it was pinned to it (see `resolveRoot`).
    var pinReason = Selection.Reason.only
    /// Who this resolve makes instances as, once looked up.
    var knownMaker: MakerID?
    /// The number that tells this resolve's makings from other resolves' of its maker
    /// (``ResolveContext/holder``); 0 until it is needed.
    var holderNumber: UInt64 = 0
    /// The resolves that may be awaiting this one, outermost first (see ``ResolveLink``).
    var awaitingResolves: [MakingHolder] = []
    /// For a resolve made from inside a factory: the components the resolves it is nested
    /// in are making, outermost first (see ``ResolveLink``).
    var outerChain: [Component] = []
    /// Whether an observer made this resolve while handling an event of the one it joined.
    var joinedFromObserver = false
    /// Whether the resolve was handed an instance whose making a clean cut loose
    /// (``ResolveContext/reusedCutLoose(_:_:)``): no cell keeps what it makes from then on.
    var metCutLooseInstance = false
    /// For a resolve made from inside user code of one that holds half-made instances (it
    /// runs an injection or `postInit`, or has `cycle:` work left): that resolve. What this
    /// one makes may hold those instances, so its cached instances are handed to that
    /// resolve's pending ones, to be published or abandoned with them.
    var pendsInto: ResolveContext?
    /// For a resolve made from inside the user code of another on the same thread or task
    /// (a factory's `container.resolve()`): that resolve, which goes on with what this one
    /// returns (see ``ResolveContext/cutLooseFromNowOn()``).
    var nestedIn: ResolveContext?
    /// The nearest resolve this one is nested in whose `inject(into:)` fills objects
    /// (``injectedObjects``), if any: those answer here too.
    var injectingOuter: ResolveContext?
    /// Makings of other resolves this one was let through with unfinished instances of.
    var passedMakings: [ResolveContext.PassedMaking] = []
    /// The `objectGraph` instances made (outside a cell) while the resolve held half-made
    /// ones, which they may hold: an optional request whose branch answers `nil` forgets
    /// those its branch made (``ResolveContext/abandonBranch(since:)``).
    var heldBackInGraph: [ResolveContext.HeldBackInGraph] = []
    /// How many instances the resolve held back so far (``ResolveContext/HoldPoint/order``).
    var heldCount = 0
    /// Runtime arguments for deeper components (`resolve(arguments:)`).
    var argumentsByType: AnyArguments?
    /// The top-level request's runtime arguments, for a compiled root to bind
    /// (``ResolveContext/bindArguments(of:)``; the general way reads them from the request),
    /// and to tell the root's instance from the shared graph's
    /// (``ResolveContext/sharesGraphInstance(of:ownArguments:in:)``).
    var rootArguments: Arguments?
    /// For an ancestor's making of what it keeps, asked for from a descendant
    /// (``DIContainer/makeOwned(_:_:for:)``): the descendant, whose registrations it does not see.
    var madeFor: DIContainer?
    /// The objects `inject(into:)` fills that no graph keeps (their components have an
    /// initializer and a lifetime other than `objectGraph`): this resolve's instances of
    /// those components, which a loop back to them closes on.
    var injectedObjects: [(component: Component, object: Any)] = []
    /// For the resolve of a `Lazy`/`Provider`: the id of the component that holds it, which
    /// its `many` leaves out as a parameter's leaves out its requester.
    var delayedHolder: Int?
    /// The last tracer, emptied, for the next observed resolve of a pooled context (see
    /// ``ResolveTracer/handOver()``).
    var spareTracer: ResolveTracer?
    /// While the resolve reports through another one's tracer (see
    /// ``ResolveContext/reportsThrough(_:)``): that tracer as it was then.
    var lentTracerMark: ResolveTracer.Mark?
    /// Whether the resolve's caller is isolated to the main actor (its `#isolation`), so
    /// main-actor code runs here in place.
    var callerOnMainActor = false
    /// How the resolve's caller called it (see ``ResolveCall``).
    var call = ResolveCall.synchronous
    /// Whether the resolve makes a `Lazy`'s or `Provider`'s value, which is synchronous:
    /// what needs `await` on its way says to hold an `AsyncLazy` or `AsyncProvider`.
    var makesDelayedValue = false
    /// Whether the resolve changed any field that only the general way changes (the private
    /// graph by component, arguments, deferred work, the pin, the maker, a join's chain:
    /// see ``clearGeneralWay()``), through ``ResolveContext``'s accessors or a join. A
    /// compiled resolve changes none, and ``clear()`` then leaves them as they are.
    var usedGeneralWay = false

    /// Follows `plan` from now on; `owned`: the resolve looked it up, so it keeps it.
    mutating func take(_ plan: ResolvePlan, owned: Bool) {
        planTaken = true
        planReference.object = plan
        if owned { ownedPlan = plan }
    }

    init(container: DIContainer, graph: ObjectGraph?) {
        start(from: container, graph: graph)
    }

    /// Starts a new resolve in the storage of a finished one (see ``clear()``), in `graph`
    /// when a `Lazy`/`Provider` shares one.
    ///
    /// Inlined into the pool's `take`; what an observed resolve adds is a call of its own.
    @inline(__always)
    mutating func start(from container: DIContainer, graph: ObjectGraph? = nil) {
        #if TRANQUIL_INTERNAL_CHECKS
        precondition(
            graphStorage == nil && tracer == nil,
            "Tranquil internal check: a resolve started in uncleared state"
        )
        #endif
        self.container = container
        // Set only when given: a cleared state holds none, and assigning `nil` over `nil`
        // still calls the runtime twice.
        if let graph { graphStorage = graph }
        // One look at the observers, which also tells whether anyone observes.
        guard container.mayBeObserved else { return }
        startTracing(from: container, graph: graph)
    }

    /// Gives the resolve a tracer when anyone observes `container`.
    ///
    /// The observer list and the tracer are moved, not copied, into place: each copy is a
    /// retain and a release, on objects every observed resolve of the process shares.
    private mutating func startTracing(from container: DIContainer, graph: ObjectGraph?) {
        guard let observers = container.observersNow else { return }
        let linked = graph.flatMap { $0.traceID == 0 ? nil : $0.traceID }
        let started: ResolveTracer
        if let spare = spareTracer.take() {
            spare.restart(observing: consume observers, linkedTraceID: linked)
            started = consume spare
        } else {
            started = ResolveTracer(observing: consume observers, linkedTraceID: linked)
        }
        tracerReference.object = started
        ownedTracer = consume started
    }

    /// A state with no resolve yet (a pooled context's).
    init() {}

    /// Forgets the finished resolve (whatever it left), keeping the arrays' capacity.
    @inline(__always)
    mutating func clear() {
        container = nil
        if let tracer = tracer.take() {
            tracer.handOver()
            spareTracer = consume tracer
            #if TRANQUIL_INTERNAL_CHECKS
            // The next observed resolve's: nothing else may hold it now.
            precondition(
                isKnownUniquelyReferenced(&spareTracer),
                "Tranquil internal check: a resolve's tracer outlived it"
            )
            #endif
        }
        // Each reference set only if the resolve set it: assigning `nil` over `nil` still
        // calls the runtime to release the old one.
        if let graph = graphStorage {
            if joinedGraph { graph.leaveDelayedResolve() }
            graphStorage = nil
            ownsGraph = false
            joinedGraph = false
        }
        if !foundInSharedGraph.isEmpty { foundInSharedGraph.removeAll(keepingCapacity: true) }
        if planTaken {
            planReference.object = nil
            if ownedPlan != nil { ownedPlan = nil }
            planTaken = false
            makingStep = -1
        }
        lastOutcome = .made
        callerOnMainActor = false
        call = .synchronous
        if makesDelayedValue { makesDelayedValue = false }
        if usedGeneralWay {
            clearGeneralWay()
        } else {
            checkGeneralWayUntouched()
        }
    }

    /// Resets what only the general way changes (``usedGeneralWay``).
    private mutating func clearGeneralWay() {
        // A finished resolve leaves these empty; an undone one may not.
        if !argumentFrames.isEmpty { argumentFrames.removeAll(keepingCapacity: true) }
        if !deferred.isEmpty { deferred.removeAll(keepingCapacity: true) }
        if !deferredChain.isEmpty { deferredChain.removeAll(keepingCapacity: true) }
        if !pending.isEmpty { pending.removeAll(keepingCapacity: true) }
        if !outerChain.isEmpty { outerChain = [] }
        joinedFromObserver = false
        metCutLooseInstance = false
        if pendsInto != nil { pendsInto = nil }
        if nestedIn != nil { nestedIn = nil }
        if injectingOuter != nil { injectingOuter = nil }
        if !passedMakings.isEmpty { passedMakings = [] }
        if !heldBackInGraph.isEmpty { heldBackInGraph.removeAll(keepingCapacity: true) }
        heldCount = 0
        if !localGraph.isEmpty { localGraph.removeAll() }
        deferredIndex = 0
        graphEscaped = false
        answeredAbsent = false
        if !ambiguousCandidates.isEmpty { ambiguousCandidates = [] }
        if !pinReason.isOnly { pinReason = .only }
        if knownMaker != nil { knownMaker = nil }
        if !awaitingResolves.isEmpty { awaitingResolves = [] }
        holderNumber = 0
        if argumentsByType != nil { argumentsByType = nil }
        if rootArguments != nil { rootArguments = nil }
        if madeFor != nil { madeFor = nil }
        if delayedHolder != nil { delayedHolder = nil }
        if !injectedObjects.isEmpty { injectedObjects = [] }
        usedGeneralWay = false
    }

    /// Stops the process, in builds with `TRANQUIL_INTERNAL_CHECKS`, if a field only the
    /// general way changes was changed without ``usedGeneralWay`` saying so: the next
    /// resolve would start from it.
    private func checkGeneralWayUntouched() {
        #if TRANQUIL_INTERNAL_CHECKS
        precondition(
            argumentFrames.isEmpty && deferred.isEmpty && deferredChain.isEmpty && pending.isEmpty
                && outerChain.isEmpty && localGraph.isEmpty && deferredIndex == 0 && !graphEscaped
                && !answeredAbsent && ambiguousCandidates.isEmpty && pinReason.isOnly && knownMaker == nil
                && holderNumber == 0 && awaitingResolves.isEmpty && argumentsByType == nil && rootArguments == nil
                && madeFor == nil && delayedHolder == nil && injectedObjects.isEmpty && !metCutLooseInstance
                && showing == 0
                && pendsInto == nil && nestedIn == nil && injectingOuter == nil && passedMakings.isEmpty
                && heldBackInGraph.isEmpty
                && heldCount == 0,
            "Tranquil internal check: a resolve changed the general way's state without saying so"
        )
        #endif
    }
}

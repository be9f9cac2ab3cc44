import DIRuntime

/// The events of one observed resolve: which request is being answered, by what, and how.
///
/// A resolve nobody observes has no tracer and does no event work. An observed one keeps a
/// frame per open request, so each event knows its span, its parent and its depth, and a
/// failure can report the whole chain of requests that led to it.
final class ResolveTracer {
    /// What the tracer changes as the resolve goes: owned by the one resolve it traces, so
    /// its accesses need no run-time exclusivity check (see ``ExclusiveState``).
    struct State {
        /// The top-level resolve's trace.
        var traceID: UInt64 = 0
        /// For a delayed resolve: the trace of the graph its `Lazy`/`Provider` came from.
        var linkedTraceID: UInt64?
        /// For a resolve in a child task of another resolve: the components that resolve was
        /// making, which its errors' paths start with (see ``follows(_:)``).
        var outerPath: [String] = []
        /// The observers of the container, its ancestors and the process when the resolve
        /// started: one look for all of a resolve's events. An observer added meanwhile sees
        /// the resolves that start after; one removed meanwhile sees this one to its end.
        var observers: ObserverList?
        /// ``observers``, lent to each delivery without a retain: the state holds the list
        /// from ``restart(observing:linkedTraceID:)`` to ``handOver()``, and nothing else
        /// changes it.
        var observerReference = UnretainedReference<ObserverList>()
        var frames: [Frame] = []
        /// The depth of the request a deferred `cycle:` injection's frame reopens (0 otherwise).
        var reopenedDepth = 0
        /// The request whose end waits for its resolve's deferred `cycle:` injections
        /// (see ``holdRootUntilDeferredWork(above:)``): how many requests are open below it
        /// (0 for a top-level request; more for a resolve that reports through another
        /// one's tracer, a factory's resolve), and its end once its instance was made or
        /// found. Apart: every request's end compares the count, and reading the end would
        /// copy a frame.
        var heldBelow: Int?
        var heldEnd: (frame: Frame, outcome: DIEvent.Outcome)?
        /// A choice made before its request's frame opened (the top-level request's pin, a
        /// remembered answer): reported when the request takes the pinned component.
        var pinnedChoice: (component: Component, reason: Selection.Reason)?
        /// When the innermost request's instance was made or found, and how many frames
        /// were open then: the time of its `resolveFinished`, unless a request opened since.
        var instanceTime: (time: EventClock.Time, frames: Int)?
        /// The trace and span numbers the tracer hands out: kept from one resolve to the next.
        var ids = EventIDs()
        /// Whether observers are handling one of its events now (see ``isDelivering``).
        var delivering = false
    }

    private let state: ExclusiveState<State>

    /// The top-level resolve's trace.
    var traceID: UInt64 { state.value.traceID }
    /// Whether an observer is handling an event now: a resolve it makes is no part of this one.
    var isDelivering: Bool { state.value.delivering }
    private var linkedTraceID: UInt64? { state.value.linkedTraceID }
    private(set) var frames: [Frame] {
        _read { yield state.value.frames }
        _modify { yield &state.value.frames }
    }
    var reopenedDepth: Int {
        _read { yield state.value.reopenedDepth }
        _modify { yield &state.value.reopenedDepth }
    }
    var heldBelow: Int? {
        _read { yield state.value.heldBelow }
        _modify { yield &state.value.heldBelow }
    }
    var heldEnd: (frame: Frame, outcome: DIEvent.Outcome)? {
        _read { yield state.value.heldEnd }
        _modify { yield &state.value.heldEnd }
    }
    var pinnedChoice: (component: Component, reason: Selection.Reason)? {
        _read { yield state.value.pinnedChoice }
        _modify { yield &state.value.pinnedChoice }
    }
    private var instanceTime: (time: EventClock.Time, frames: Int)? {
        _read { yield state.value.instanceTime }
        _modify { yield &state.value.instanceTime }
    }

    /// A tracer for a resolve that `observers` observe (`DIContainer.observersNow`).
    init(observing observers: consuming ObserverList?, linkedTraceID: UInt64?) {
        state = ExclusiveState(State())
        // Room for a typical graph's depth at once, not grown 1 → 2 → 4 → 8.
        state.value.frames.reserveCapacity(8)
        restart(observing: consume observers, linkedTraceID: linkedTraceID)
    }

    /// Starts tracing a new resolve that `observers` observe, in a tracer handed on (``handOver()``).
    func restart(observing observers: consuming ObserverList?, linkedTraceID: UInt64?) {
        state.value.observerReference.object = observers
        state.value.observers = consume observers
        state.value.traceID = state.value.ids.next()
        state.value.linkedTraceID = linkedTraceID
    }

    /// Links the trace to `traceID`, the trace of the object graph the resolve works in
    /// (one it joined, when it started before it knew): unless it is linked already.
    func link(to traceID: UInt64) {
        if state.value.linkedTraceID == nil { state.value.linkedTraceID = traceID }
    }

    /// Starts the paths of the errors it reports with `outerPath`: the components the
    /// resolve this one joined was making, as the error it throws does.
    func follows(_ outerPath: [String]) {
        state.value.outerPath = outerPath
    }

    /// Empties the tracer of a resolve that is over, for the next observed resolve of its
    /// pooled context (see `ResolveState.clear()`), keeping nothing alive but its storage.
    func handOver() {
        state.value.observers = nil
        state.value.observerReference.object = nil
        // Each cleared only if set: clearing what is empty costs generic calls.
        if !state.value.frames.isEmpty { state.value.frames.removeAll(keepingCapacity: true) }
        state.value.reopenedDepth = 0
        state.value.heldBelow = nil
        if case .some = state.value.heldEnd { state.value.heldEnd = nil }
        if case .some = state.value.pinnedChoice { state.value.pinnedChoice = nil }
        state.value.instanceTime = nil
        if !state.value.outerPath.isEmpty { state.value.outerPath = [] }
    }

    /// The requests open now, outermost first, as errors show them (after the components
    /// an outer resolve was making, for a resolve that joined it).
    var path: [String] { outerPath + frames.map(\.label) }

    /// The components the resolve this one joined was making (see ``follows(_:)``).
    var outerPath: [String] { state.value.outerPath }

    private var depth: Int { max(frames.count - 1, 0) + reopenedDepth }

    /// The span and depth of the innermost request: where a `cycle:` injection deferred now
    /// shows its requests once it runs.
    var currentSpan: (id: UInt64, depth: Int) { (frames.last?.spanID ?? 0, depth) }

    // MARK: Requests

    /// Opens the frame of a request for `requested` and reports it, with the types of the
    /// runtime arguments it passes (`nil`: none) and, when it is known already, the component
    /// `chosen` to answer it (see ``chose(_:)``).
    func beginRequest(
        _ requested: Any.Type,
        _ qualifier: DIQualifier,
        passing arguments: [Any.Type]?,
        chosen: Component? = nil
    ) {
        let now = EventClock.now
        let span = state.value.ids.next()
        let count = frames.count
        open(
            Frame(
                requested: requested,
                details: .of(qualifier),
                component: chosen,
                spanID: span,
                nearestSpan: span,
                started: now,
                isDeferred: count > 0 && frames[count - 1].reopened
            )
        )
        emit(
            .resolveStarted,
            at: now,
            argumentTypes: arguments
        )
    }

    /// Pushes `frame` as the innermost request: the instance time kept for the request
    /// that was innermost is no longer its end.
    @inline(__always)
    func open(_ frame: consuming Frame) {
        instanceTime = nil
        frames.append(frame)
    }

    /// Records the component chosen for the innermost request.
    func chose(_ component: Component) {
        guard !frames.isEmpty else { return }
        frames[frames.count - 1].component = component
    }

    /// Closes the innermost request, reporting how it ended and which component answered
    /// (the one it ``chose(_:)``, if any).
    func finishRequest(_ outcome: DIEvent.Outcome, error: DIError? = nil) {
        // The request ended when its instance was made or found, if nothing opened since:
        // one reading of the clock for both events.
        let ended = instanceTime.flatMap { $0.frames == frames.count ? $0.time : nil }
        instanceTime = nil
        let frame = frames.removeLast()
        if heldBelow == frames.count, outcome != .failed {
            heldEnd = (frame, outcome)
            return
        }
        deliverFinished(frame, outcome, error: error, at: ended ?? EventClock.now)
    }

    // The frame's component and qualifier move into the event instead of being copied;
    // inlined where the frame came off the stack (as a call, it copied them generically).
    @inline(__always)
    func deliverFinished(
        _ frame: consuming Frame,
        _ outcome: DIEvent.Outcome,
        error: DIError?,
        at now: EventClock.Time = EventClock.now
    ) {
        let event = DIEvent(
            kind: .resolveFinished,
            moment: now,
            traceID: traceID,
            spanID: frame.spanID,
            parentSpanID: parentSpan(below: frames.count),
            linkedTraceID: linkedTraceID,
            depth: frames.count + reopenedDepth,
            requested: frame.requested,
            details: frame.details.take(),
            component: frame.component.take(),
            showsStorage: true,
            outcome: outcome,
            elapsed: frame.started.map { now.nanoseconds(since: $0) },
            isDeferredInjection: frame.isDeferred
        )
        if let error {
            deliver(event.carrying(error: error, diagnostic: nil))
        } else {
            deliver(event)
        }
    }

    /// Closes the innermost request as failed, reporting the whole chain of requests.
    func failRequest(_ error: DIError) {
        let whole = error.along(outerPath + frames.dropLast().map(\.label))
        emitCarrying(.failed, component: frames.last?.component, error: whole)
        finishRequest(.failed, error: whole)
    }

    /// Opens a frame with no span, for requests that are not resolves of their own.
    func pushBookkeeping(_ requested: Any.Type, _ qualifier: DIQualifier, component: Component?) {
        open(
            Frame(
                requested: requested,
                details: .of(qualifier),
                component: component,
                spanID: 0,
                nearestSpan: frames.last?.nearestSpan,
                started: nil
            )
        )
    }

    /// Closes what ``pushBookkeeping(_:_:component:)`` or ``reopen(_:span:depth:)`` opened;
    /// a reopened frame gives back the depth the requests had before it.
    func popBookkeeping() {
        if let outer = frames.last?.depthBeforeReopening { reopenedDepth = outer }
        frames.removeLast()
    }

    /// Forgets every open frame (a failed resolve unwinding).
    func reset() {
        unwind(to: Mark(frames: 0, reopenedDepth: 0, heldBelow: nil, heldEnd: nil, pinnedChoice: nil))
    }

    /// Where a resolve that reports through another one's tracer took it up (see
    /// `ResolveContext.reportsThrough(_:)`): what it leaves the tracer as when it ends,
    /// finished or failed, for the other resolve to go on with.
    struct Mark {
        /// The requests open then: the resolve's own requests open above them.
        let frames: Int
        fileprivate let reopenedDepth: Int
        fileprivate let heldBelow: Int?
        fileprivate let heldEnd: (frame: Frame, outcome: DIEvent.Outcome)?
        fileprivate let pinnedChoice: (component: Component, reason: Selection.Reason)?
    }

    /// The tracer as it is now, for ``unwind(to:)``.
    var mark: Mark {
        Mark(
            frames: frames.count,
            reopenedDepth: reopenedDepth,
            heldBelow: heldBelow,
            heldEnd: heldEnd,
            pinnedChoice: pinnedChoice
        )
    }

    /// Forgets the frames opened since `mark` (a resolve that took the tracer up then ends),
    /// leaving the ones open before it as they were.
    func unwind(to mark: Mark) {
        instanceTime = nil
        precondition(frames.count >= mark.frames, "a resolve closed requests it did not open")
        if frames.count > mark.frames { frames.removeLast(frames.count - mark.frames) }
        reopenedDepth = mark.reopenedDepth
        heldBelow = mark.heldBelow
        heldEnd = mark.heldEnd
        pinnedChoice = mark.pinnedChoice
    }

    // MARK: Instances

    /// Reports an instance made by its factory.
    func made(_ component: Component) {
        emitInstance(.made, component)
    }

    /// Reports a cached (or graph) instance reused.
    func reused(_ component: Component) {
        emitInstance(.reused, component)
    }

    /// Reports the innermost request's instance made or reused: the moment the request
    /// ends, which its `resolveFinished` reports too unless a request opens meanwhile.
    private func emitInstance(_ kind: DIEvent.Kind, _ component: Component) {
        let now = EventClock.now
        instanceTime = (now, frames.count)
        emit(kind, at: now, component: component)
    }

    // MARK: Delivery

    /// The span of the nearest enclosing request that has one.
    private func parentSpan(below index: Int) -> UInt64? {
        index > 0 ? frames[index - 1].nearestSpan : nil
    }

    /// Delivers an event about the innermost request.
    private func emit(
        _ kind: DIEvent.Kind,
        at time: EventClock.Time = EventClock.now,
        component: Component? = nil,
        storage: Bool = true,
        argumentTypes: [any Any.Type]? = nil
    ) {
        guard let event = event(kind, at: time, component, storage, argumentTypes) else { return }
        // Delivered after every access to the state ended: observers are user code.
        deliver(event)
    }

    /// Delivers an event about the innermost request that carries a failure or a
    /// diagnostic (with no storage shown).
    func emitCarrying(
        _ kind: DIEvent.Kind,
        component: Component? = nil,
        error: DIError? = nil,
        diagnostic: DIDiagnostic? = nil
    ) {
        guard let event = event(kind, at: EventClock.now, component, false, nil) else { return }
        deliver(event.carrying(error: error, diagnostic: diagnostic))
    }

    /// An event about the innermost request, if one is open.
    private func event(
        _ kind: DIEvent.Kind,
        at time: EventClock.Time,
        _ component: Component?,
        _ storage: Bool,
        _ argumentTypes: [any Any.Type]?
    ) -> DIEvent? {
        let last = frames.count - 1
        guard last >= 0 else { return nil }
        // Read by field: `frames.last` would copy the whole frame.
        return DIEvent(
            kind: kind,
            moment: time,
            traceID: traceID,
            spanID: frames[last].spanID,
            parentSpanID: parentSpan(below: last),
            linkedTraceID: linkedTraceID,
            depth: depth,
            requested: frames[last].requested,
            details: frames[last].details.passing(argumentTypes),
            component: component,
            showsStorage: storage,
            isDeferredInjection: frames[last].isDeferred
        )
    }

    /// Hands an event to the observers the resolve started with (``observers``).
    private func deliver(_ event: DIEvent) {
        // Lent, not retained: no resolve changes the list before this one ends.
        let observers = state.value.observerReference
        state.value.delivering = true
        observers.borrowing { $0.deliver(event) }
        state.value.delivering = false
    }
}

@_spi(Tranquil) import DILazy

/// The state of one top-level resolve: its object graph, the chain of requests, the work
/// left for its end. Passed down the resolve, never stored in a thread-local.
///
/// Used by one thread at a time: a `Lazy` resolved later gets a context of its own that
/// shares only the (locked) ``ObjectGraph``.
@usableFromInline
package final class ResolveContext {
    /// One request on the chain.
    struct Frame {
        let requested: Any.Type
        let qualifier: DIQualifier
        var component: Component?
        let spanID: UInt64
        let started: ContinuousClock.Instant?
    }

    /// A component waiting for its `cycle:` injections and `postInit`.
    struct Deferred {
        let component: Component
        let instance: Any
        /// The components whose making led here, across earlier `cycle:` rounds: how a
        /// round that only makes fresh prototypes again is recognized as a loop.
        let chain: [Component]
    }

    /// A slot whose instance is made but not yet complete (deferred injections pending).
    struct Pending {
        let slot: Slot
        let ticket: Slot.Ticket
        let value: Any
        /// `value` as a class reference, when its component keeps objects.
        let object: AnyObject?
    }

    /// An `objectGraph` instance of a private graph.
    ///
    /// A struct, not a tuple: the array's storage then destroys its elements with a
    /// compiled value witness instead of the runtime's generic tuple one.
    struct GraphEntry {
        let id: Int
        let value: Any
    }

    /// The runtime arguments of a component being built, for its `arg` parameters.
    struct ArgumentFrame {
        /// The component's position in ``building``.
        let level: Int
        /// The arguments, in order.
        let values: [Any]
        var next = 0
    }

    // The per-resolve state below is used by one thread at a time (a context is never
    // shared), so the runtime's dynamic exclusivity checks on it only cost time.

    /// The container `resolve` was called on; a `DIContainer` parameter receives it.
    /// (Stale, and never read, while the context waits in ``ContextPool``.)
    ///
    /// Not retained: every context lives inside one call on its container (a `resolve`, an
    /// `inject(into:)`, a `Lazy`'s `value` holding the container it found), which keeps the
    /// container alive for as long; retaining it again, and letting go of it for the pool,
    /// was two reference-count round trips per top-level resolve.
    @exclusivity(unchecked) unowned(unsafe) var container: DIContainer
    /// The shared object graph, once a `Lazy`/`Provider` captured it (or given by one).
    @exclusivity(unchecked) var graphStorage: ObjectGraph?
    /// `objectGraph` instances while nothing outside this resolve can see the graph: a plain
    /// dictionary, no locks. Moved into an ``ObjectGraph`` when the graph escapes.
    @exclusivity(unchecked) var localGraph: [GraphEntry] = []
    /// The requests being answered, outermost first (the error path).
    @exclusivity(unchecked) var frames: [Frame] = []
    /// The components being made, outermost first: requesters, and how loops are seen.
    @exclusivity(unchecked) var building = BuildStack()
    /// The runtime arguments of the components on ``building`` that were given some
    /// (most are not: they then cost the stack nothing).
    @exclusivity(unchecked) var argumentFrames: [ArgumentFrame] = []
    @exclusivity(unchecked) var deferred: [Deferred] = []
    /// The next deferred item `finish` runs.
    @exclusivity(unchecked) var deferredIndex = 0
    /// While `finish` runs a deferred item: the ``Deferred/chain`` that led to it.
    @exclusivity(unchecked) var deferredChain: [Component] = []
    @exclusivity(unchecked) var pending: [Pending] = []
    /// Whether a `Lazy`/`Provider` captured the graph (so it must let go of objects at the end).
    @exclusivity(unchecked) var graphEscaped = false
    /// The parameters of the synchronous factory being made in an async resolve, awaited
    /// before it runs (see ``makeAwaitingParameters(_:)``).
    @exclusivity(unchecked) var awaitedParameters: [Any] = []
    /// How the last answered component was obtained (made or reused): read by the events of
    /// an observed request, kept out of return values so that instances move without copies.
    @exclusivity(unchecked) var lastOutcome = DIEvent.Outcome.made

    /// ``ResolvedCache/registryEpoch``, reachable without the lazy-global check a static
    /// costs on every parameter.
    let registryEpoch = ResolvedCache.registryEpoch

    /// Event delivery; `false` when nobody observes, so the resolve does no event work.
    @exclusivity(unchecked) var observed: Bool
    @exclusivity(unchecked) var traceID: UInt64
    /// Set only for a context made for a given graph, which never goes to the pool.
    let linkedTraceID: UInt64?

    /// Room for one `Any` through which ``taking(_:as:)``, ``parameter(_:of:at:)`` and
    /// ``direct(_:_:)`` move a reference out as a generic type without reference counting.
    /// Only a pooled context has it (made once, reused by every resolve that takes the
    /// context); a context made for a `Lazy`, a `Provider` or an async resolve takes the
    /// ordinary route rather than allocate it for one resolve.
    private let handOver: UnsafeMutableRawPointer?

    /// ``maker``, once looked up.
    @exclusivity(unchecked) private var knownMaker: MakerID?

    /// Who this resolve makes instances as: its thread, or its async resolve. Looked up on
    /// first need (a task-local read and a thread ID), then reused for every slot it claims.
    var maker: MakerID {
        if let knownMaker { return knownMaker }
        let maker = MakerID.current(running: container.resolveTasksRunning)
        knownMaker = maker
        return maker
    }

    init(container: DIContainer, graph: ObjectGraph? = nil, pooled: Bool = false) {
        self.container = container
        handOver =
            pooled ? .allocate(byteCount: MemoryLayout<Any>.size, alignment: MemoryLayout<Any>.alignment) : nil
        graphStorage = graph
        observed = container.isObserved
        traceID = observed ? EventIDs.next() : 0
        // A graph made while nobody observed has no trace to link to.
        linkedTraceID = graph.flatMap { $0.traceID == 0 ? nil : $0.traceID }
    }

    deinit {
        building.deallocate()
        handOver?.deallocate()
    }

    /// Readies a pooled context for a new top-level resolve from `container`.
    func start(from container: DIContainer) {
        self.container = container
        observed = container.isObserved
        traceID = observed ? EventIDs.next() : 0
        // The next resolve may run on another thread.
        knownMaker = nil
    }

    /// Whether a finished resolve left the context as a new one would be (bar capacity):
    /// only such a context goes back to the pool.
    var isReusable: Bool {
        graphStorage == nil && frames.isEmpty && building.isEmpty && deferred.isEmpty && pending.isEmpty
            && deferredChain.isEmpty && argumentFrames.isEmpty
    }

    /// Lets go of everything a finished resolve kept, keeping the arrays' storage.
    func clearForPool() {
        // One by one: `removeAll(keepingCapacity:)` goes through the generic range
        // replacement, which costs several times the few entries a graph has.
        while !localGraph.isEmpty { localGraph.removeLast() }
        deferredIndex = 0
        graphEscaped = false
    }

    /// The component being built right now, whose parameters are being resolved.
    var requester: Component? { building.last }

    /// This resolve's object graph, made on first need.
    var graph: ObjectGraph {
        if let graphStorage { return graphStorage }
        let graph = ObjectGraph(traceID: traceID)
        for entry in localGraph {
            graph.store(entry.value, for: entry.id)
        }
        localGraph = []
        graphStorage = graph
        return graph
    }

    // MARK: Requests

    /// Resolves any request type: wrappers (`Optional`, `Lazy`, `DIMany`, …) or a registered type.
    package func value<P>(_ type: P.Type, _ request: Request) throws(DIError) -> P {
        if let shape = P.self as? any DIShape.Type {
            let value = try Self.resolveShape(shape, in: self, request)
            return try typed(value, P.self)
        }
        return try direct(P.self, request)
    }

    /// Resolves `Wrapped?`: `nil` when nothing, or more than one thing, matches.
    func optionalValue<Wrapped>(_ type: Wrapped.Type, _ request: Request) throws(DIError) -> Wrapped? {
        switch try optionalPlan(Wrapped.self, request) {
        case .none: return nil
        case .value(let request): return try value(Wrapped.self, request)
        case .direct: return try directOptional(Wrapped.self, request)
        case .tryValue: return try? value(Wrapped.self, request)
        }
    }

    /// How to answer an optional request.
    enum OptionalPlan {
        /// Nothing (or more than one thing) matches.
        case none
        /// Resolve the wrapped type with this request (a component may be pinned).
        case value(Request)
        /// Resolve the registered type directly, as an optional request.
        case direct
        /// Resolve, and answer `nil` on failure (an optional runtime argument).
        case tryValue
    }

    /// Decides how to answer `Wrapped?`, choosing the component of a wrapped request now.
    func optionalPlan<Wrapped>(_ type: Wrapped.Type, _ request: Request) throws(DIError) -> OptionalPlan {
        var dependency = DIDependency()
        DIDependency.describe(Wrapped.self, into: &dependency)
        if dependency.wrappers.contains(.many) || dependency.wrappers.contains(.container) {
            return .value(request)
        }
        if dependency.wrappers.contains(.argument) { return .tryValue }
        if request.pinned != nil { return .value(request) }
        guard Wrapped.self is any DIShape.Type else { return .direct }
        guard let component = try choose(dependency.leaf, request, optional: true) else { return .none }
        var pinned = request
        pinned.pinned = component
        return .value(pinned)
    }

    /// Resolves every component of `Element` (parent container's first), in registration order.
    func resolveAll<Element>(_ type: Element.Type, _ request: Request) throws(DIError) -> [Element] {
        var values: [Element] = []
        for pinned in manyRequests(Element.self, request) {
            values.append(try value(Element.self, pinned))
        }
        return values
    }

    /// One request per component of `Element`, in order, leaving out the requester itself.
    func manyRequests<Element>(_ type: Element.Type, _ request: Request) -> [Request] {
        var dependency = DIDependency()
        DIDependency.describe(Element.self, into: &dependency)
        let excluded = requester?.id
        return container.allCandidates(DIKey(ObjectIdentifier(dependency.leaf), request.qualifier)).compactMap {
            component in
            guard component.id != excluded else { return nil }
            var pinned = request
            pinned.pinned = component
            return pinned
        }
    }

    /// Takes the next runtime argument of the component being built.
    func nextArgument<Value>(_ type: Value.Type) throws(DIError) -> Value {
        guard !building.isEmpty else {
            throw error(.argumentMismatch, "arg(\(typeName(Value.self))) used outside a registration")
        }
        // The innermost component's frame, if it was given arguments at all.
        let index = argumentFrames.count - 1
        let given = index >= 0 && argumentFrames[index].level == building.count - 1
        let position = given ? argumentFrames[index].next : 0
        guard given, position < argumentFrames[index].values.count,
            let value = argumentFrames[index].values[position] as? Value
        else {
            throw error(
                .argumentMismatch,
                "no runtime argument of type \(typeName(Value.self)) at position \(position + 1)"
            )
        }
        argumentFrames[index].next += 1
        return value
    }

    /// Resolves parameter `position` of `owner`'s factory (and moves `position` on), by its
    /// plan: a plain registered type skips the wrapper check.
    ///
    /// The factory passes its component and a counter of its own: nothing on the build
    /// stack is read or written per parameter, and the component is not retained for it.
    @usableFromInline
    func parameter<P>(_ type: P.Type, of owner: Component, at position: inout Int) throws(DIError) -> P {
        let position = next(&position)
        guard owner.directParameters[position] else {
            if owner === Component.awaitedParameters { return try typed(awaitedParameters[position], P.self) }
            return try value(P.self, Request())
        }
        guard let remembered = plainChoice(for: owner, at: position, P.self) else {
            return try direct(P.self, Request())
        }
        // An object of exactly `P` that its slot already keeps: no `Any` to unpack, no cast.
        if let object = cachedObject(of: remembered, exactly: P.self) { return taking(object, as: P.self) }
        let chosen = remembered.takeUnretainedValue()
        // An instance of the class `P` (or a subclass): the `Any` it comes in is made in the
        // hand-over words and never deinitialized, and its reference moves out as a `P`
        // with the retain it came with (a cast would copy it out and let go of the `Any`).
        if chosen.makes(P.self), let handOver {
            let made = handOver.assumingMemoryBound(to: Any.self)
            do throws(DIError) {
                made.initialize(to: try pinnedInstance(of: chosen))
            } catch {
                throw error.within(label(P.self, .none))
            }
            return Self.object(in: made, as: P.self)
        }
        let value: Any
        do throws(DIError) {
            value = try pinnedInstance(of: chosen)
        } catch {
            throw error.within(label(P.self, .none))
        }
        return try typed(value, P.self)
    }

    /// The object in the `Any` just made at `made` (an instance of the class `P` or of a
    /// subclass), moved out as a `P` with the retain it came with; the `Any` is never
    /// deinitialized. A cast would copy the reference out and let go of the `Any`.
    @inline(__always)
    static func object<P>(in made: UnsafeMutablePointer<Any>, as type: P.Type) -> P {
        referenceWord(of: made).assumingMemoryBound(to: P.self).move()
    }

    /// Where the `Any` at `made`, which holds a class instance, keeps its reference: an
    /// `Any` keeps a class reference inline, first in its three-word buffer (the Swift
    /// ABI's existential container layout). Every hand-over of a reference out of an `Any`
    /// goes through here, and debug builds check it against the opened value.
    @inline(__always)
    static func referenceWord(of made: UnsafeMutablePointer<Any>) -> UnsafeMutableRawPointer {
        let word = UnsafeMutableRawPointer(made)
        assert(
            Swift.type(of: made.pointee) is AnyClass
                && word.load(as: UnsafeRawPointer.self)
                    == UnsafeRawPointer(Unmanaged.passUnretained(Slot.object(of: made.pointee)).toOpaque()),
            "not the instance made"
        )
        return word
    }

    /// What `direct` does with `chosen` pinned for a plain parameter, without the steps that
    /// only choose or report (there is nothing to choose, and nobody observes).
    @inline(__always)
    func pinnedInstance(of chosen: Component) throws(DIError) -> Any {
        if chosen.isPlainBuild {
            try plainInstance(of: chosen)
        } else if chosen.storage == .slot {
            try cachedInstance(of: chosen)
        } else {
            try instance(of: chosen, Request())
        }
    }

    /// The object the slot of `component` keeps for this resolve, retained for the caller, if
    /// it keeps objects (``Component/keepsObjects``) and has one of exactly type `requested`
    /// (not a subclass: the caller takes it as one without a cast).
    ///
    /// The component is only borrowed (see ``plainChoice(for:at:_:)``), and this is not
    /// generic: a generic caller's closure would not be inlined.
    @inline(__always)
    func cachedObject(of component: Unmanaged<Component>, exactly requested: Any.Type) -> Unmanaged<AnyObject>? {
        let object = component._withUnsafeGuaranteedRef { component -> Unmanaged<AnyObject>? in
            guard component.keepsObjects else { return nil }
            // In place, not through `container.slot(for:)`, which would retain a copy: only an
            // isolating container keeps slots of its own for its ancestors' components.
            return container.isolatesInstances
                ? container.slot(for: component)?.retainedObject() : component.config.slot?.retainedObject()
        }
        guard let object else { return nil }
        guard ObjectIdentifier(type(of: object.takeUnretainedValue())) == ObjectIdentifier(requested) else {
            object.release()
            return nil
        }
        return object
    }

    /// ``Unmanaged/taken(as:)`` through ``handOver`` (or, without it, a cast): its callers
    /// then have no local whose address is taken, which would cost every call of theirs a
    /// stack-protector check.
    @inline(__always)
    func taking<P>(_ object: Unmanaged<AnyObject>, as type: P.Type) -> P {
        guard let handOver else { return unsafeBitCast(object.takeRetainedValue(), to: P.self) }
        handOver.storeBytes(of: object.toOpaque(), as: UnsafeMutableRawPointer.self)
        return handOver.assumingMemoryBound(to: P.self).move()
    }

    /// ``instance(of:_:)`` for a component built by its factory alone (see
    /// ``Component/isPlainBuild``) in an unobserved resolve, with just the steps such a build
    /// takes: reuse from the private graph, the loop check, the factory, keeping the instance.
    ///
    /// Anything else (a graph a `Lazy` shares, a loop to report) takes the general path.
    @inline(__always)
    func plainInstance(of component: Component) throws(DIError) -> Any {
        let isGraph = component.storage == .graph
        if isGraph, let value = localInstance(of: component) { return value }
        guard !(isGraph && graphStorage != nil), deferredChain.isEmpty, !building.contains(component.id) else {
            return try instance(of: component, Request())
        }
        building.push(component)
        defer { building.pop() }
        let value = try component.make(self, component)
        if isGraph { keepInGraph(value, of: component) }
        lastOutcome = .made
        return value
    }

    /// ``instance(of:_:)`` for a cached component in an unobserved resolve: an instance the
    /// slot holds is taken with one look, without claiming the slot.
    func cachedInstance(of component: Component) throws(DIError) -> Any {
        guard let slot = container.slot(for: component) else { return try instance(of: component, Request()) }
        let value = slot.instance()
        if !Slot.isAbsent(value) {
            lastOutcome = .reused
            return value
        }
        return try obtain(slot, component, Request())
    }

    /// A top-level request for a cached, factory-only component in an unobserved resolve:
    /// what ``direct(_:_:)`` answers, without the steps that choose, report or look for a
    /// private graph's instance.
    func madeOnTop<T>(_ type: T.Type, of component: Component, _ request: Request) throws(DIError) -> T {
        try typed(try obtainRequested(T.self, of: component, request), T.self)
    }

    /// Makes the instance of `component` for its slot, which the caller claimed with
    /// ``Slot/claimObject(by:)``, commits it, and hands it over retained: the top-level path
    /// of a plain request for exactly the class a factory-only, cached component makes.
    ///
    /// `maker` is who claimed the slot (the calling thread or async resolve): the
    /// parameters' claims reuse it.
    func madeObject(
        of component: Component,
        _ ticket: Slot.Ticket,
        maker: MakerID,
        requested: Any.Type
    ) throws(DIError) -> Unmanaged<AnyObject> {
        knownMaker = maker
        building.push(component)
        defer { building.pop() }
        // The factory's `Any` is made in stack memory that is never deinitialized: the
        // reference it holds (a class instance: the component keeps objects) passes to the
        // caller with the retain it came with, rather than being copied out and let go of.
        let object = try withUnsafeTemporaryAllocation(of: Any.self, capacity: 1) {
            buffer throws(DIError) -> Unmanaged<AnyObject> in
            let made = buffer.baseAddress.unsafelyUnwrapped
            do throws(DIError) {
                made.initialize(to: try component.make(self, component))
            } catch {
                component.config.slot?.abandon(ticket)
                throw error.within(label(requested, .none))
            }
            // Read in place, not copied.
            return Unmanaged.fromOpaque(Self.referenceWord(of: made).load(as: UnsafeRawPointer.self))
        }
        component.config.slot?.commit(ticket, object: object)
        lastOutcome = .made
        return object
    }

    /// The instance of a cached component for a request for `requested`, with the request on
    /// the path of any error (as ``component(_:_:)`` puts it).
    func obtainRequested(_ requested: Any.Type, of component: Component, _ request: Request) throws(DIError) -> Any {
        do throws(DIError) {
            guard let slot = container.slot(for: component) else { return try instance(of: component, request) }
            return try obtain(slot, component, request)
        } catch {
            throw failed(error, requested, request)
        }
    }

    /// `position`, moving it on to the next parameter.
    @inline(__always)
    func next(_ position: inout Int) -> Int {
        defer { position += 1 }
        return position
    }

    /// The request for a plain parameter: with the component it chose last time pinned, or
    /// (choosing now, quietly) with the one it chooses now remembered for next time. Anything
    /// but one clear choice takes the ordinary path, which reports it.
    func plainRequest(for owner: Component, at position: Int, _ requested: Any.Type) -> Request {
        var request = Request()
        request.pinned = plainChoice(for: owner, at: position, requested)?.takeUnretainedValue()
        return request
    }

    /// The component a plain parameter resolves to when nobody observes and exactly one
    /// answers: the one remembered from last time, or the one chosen now (remembered for
    /// next time). `nil` otherwise: the ordinary path then chooses, and reports.
    ///
    /// Not retained: the resolving container keeps every component it ever chose alive
    /// (see ``ChoiceMemo``), so a caller that only looks at it retains nothing.
    @inline(__always)
    func plainChoice(for owner: Component, at position: Int, _ requested: Any.Type) -> Unmanaged<Component>? {
        guard !observed else { return nil }
        let epoch = registryEpoch.value
        // By identity: passing the container itself would retain it for the call.
        let resolving = ObjectIdentifier(container)
        if let chosen = owner.choices.choice(at: position, in: resolving, epoch: epoch) { return chosen }
        guard
            case .one(let chosen) = container.select(
                DIKey(ObjectIdentifier(requested)),
                framework: owner.config.origin.framework
            )
        else { return nil }
        owner.choices.remember(chosen, at: position, in: resolving, epoch: epoch)
        return Unmanaged.passUnretained(chosen)
    }

    /// Chooses the component a delayed request will use now (so a missing or ambiguous
    /// registration fails the outer resolve, not a later `.value`), and captures the graph.
    ///
    /// A `ProviderN`/`LazyN` passing a different number of arguments than the component has
    /// `arg` parameters can never work, so that too fails now; the types are checked on use.
    func delayedPinned<Value>(
        _ type: Value.Type,
        _ request: Request,
        passing argumentTypes: [Any.Type] = []
    ) throws(DIError) -> DelayedResolver {
        var dependency = DIDependency()
        DIDependency.describe(Value.self, into: &dependency)
        var request = request
        let needsComponent = dependency.wrappers.isDisjoint(with: [.optional, .many, .container])
        guard needsComponent else { return delayed(request) }
        pushBookkeeping(dependency.leaf, request.qualifier, component: nil)
        defer { popBookkeeping() }
        do throws(DIError) {
            if request.pinned == nil {
                request.pinned = try choose(dependency.leaf, request, optional: false)
            }
            if !dependency.isDelayed, let component = request.pinned,
                component.config.arguments.count != argumentTypes.count
            {
                throw argumentMismatch(component, given: argumentTypes)
            }
        } catch {
            throw error.within(label(dependency.leaf, request.qualifier))
        }
        return delayed(request)
    }

    /// A handle a `Lazy`/`Provider` keeps to resolve later in this resolve's graph.
    func delayed(_ request: Request) -> DelayedResolver {
        graphEscaped = true
        var request = request
        request.framework = request.framework ?? requester?.config.origin.framework
        return DelayedResolver(container: container, graph: graph, request: request)
    }

    // MARK: Components

    /// Resolves a registered type: choose the component, get or make its instance.
    func direct<P>(_ type: P.Type, _ request: Request) throws(DIError) -> P {
        // A pinned component of exactly the class `P`: its instance's reference is taken over.
        if let pinned = request.pinned, pinned.makes(P.self), let handOver {
            let made = handOver.assumingMemoryBound(to: Any.self)
            made.initialize(to: try component(P.self, request))
            return Self.object(in: made, as: P.self)
        }
        return try typed(try component(P.self, request), P.self)
    }

    /// Resolves a registered type as an optional request.
    func directOptional<P>(_ type: P.Type, _ request: Request) throws(DIError) -> P? {
        guard let value = try optionalComponent(P.self, request) else { return nil }
        return try typed(value, P.self)
    }

    /// The instance answering a request for `requested` (not generic, so no type metadata
    /// is built per call).
    ///
    /// Errors get their path as they unwind: each request adds its own label on the way
    /// out, so a successful resolve keeps no request chain at all (unless observed).
    func component(_ requested: Any.Type, _ request: Request) throws(DIError) -> Any {
        if observed { beginRequest(requested, request) }
        do throws(DIError) {
            // A required request chooses one component or throws.
            let component = try choose(requested, request, optional: false).unsafelyUnwrapped
            return try answer(component, request)
        } catch {
            throw failed(error, requested, request)
        }
    }

    /// The instance answering an optional request for `requested`: `nil` when nothing, or
    /// more than one thing, matches.
    func optionalComponent(_ requested: Any.Type, _ request: Request) throws(DIError) -> Any? {
        if observed { beginRequest(requested, request) }
        do throws(DIError) {
            guard let component = try choose(requested, request, optional: true) else {
                if observed { finishFrame(.skipped, component: nil) }
                return nil
            }
            return try answer(component, request)
        } catch {
            throw failed(error, requested, request)
        }
    }

    /// The instance of the component chosen for the current request, with its events.
    @inline(__always)
    private func answer(_ component: Component, _ request: Request) throws(DIError) -> Any {
        guard observed else {
            let isPlain = component.isPlainBuild && request.arguments == nil
            return isPlain ? try plainInstance(of: component) : try instance(of: component, request)
        }
        frames[frames.count - 1].component = component
        let value = try instance(of: component, request)
        finishFrame(lastOutcome, component: component)
        return value
    }

    /// `error` with this request on its path (and reported, if observed).
    func failed(_ error: DIError, _ requested: Any.Type, _ request: Request) -> DIError {
        let located = error.within(label(requested, request.qualifier))
        if observed { failRequest(located) }
        return located
    }

    /// Pushes the frame of an observed request and reports it.
    func beginRequest(_ requested: Any.Type, _ request: Request) {
        frames.append(
            Frame(
                requested: requested,
                qualifier: request.qualifier,
                spanID: EventIDs.next(),
                started: .now
            )
        )
        emitStarted(request)
    }

    /// Pops the frame of an observed failed request and reports it, with the whole chain
    /// of requests (the error itself only knows the part it has unwound through).
    func failRequest(_ error: DIError) {
        let whole = error.along(frames.dropLast().map { label($0.requested, $0.qualifier) })
        emitFailed(whole)
        finishFrame(.failed, component: frames.last?.component, error: whole)
    }

    /// An observed bookkeeping frame (no span): `inject(into:)`, a deferred injection, a
    /// `Lazy`'s choice. Unobserved resolves keep no frames.
    func pushBookkeeping(_ requested: Any.Type, _ qualifier: DIQualifier, component: Component?) {
        guard observed else { return }
        frames.append(Frame(requested: requested, qualifier: qualifier, component: component, spanID: 0, started: nil))
    }

    func popBookkeeping() {
        if observed { frames.removeLast() }
    }

    /// `Cat`, `Animal (name: "tom")`: a request as errors and traces show it.
    func label(_ requested: Any.Type, _ qualifier: DIQualifier) -> String {
        qualifier.label.isEmpty ? typeName(requested) : "\(typeName(requested)) (\(qualifier.label))"
    }

    /// The component answering a request, by the priority rules.
    func choose(_ leaf: Any.Type, _ request: Request, optional: Bool) throws(DIError) -> Component? {
        if let pinned = request.pinned { return pinned }
        let key = DIKey(ObjectIdentifier(leaf), request.qualifier)
        let framework = request.framework ?? requester?.config.origin.framework
        switch container.select(key, framework: framework) {
        case .one(let component):
            if observed { noteChoice(component, key) }
            return component
        case .none:
            if optional { return nil }
            throw error(.notRegistered, "nothing is registered for it")
        case .ambiguous(let candidates):
            if optional { return nil }
            throw error(
                .ambiguous,
                "\(candidates.count) components match and no .test(), framework or .default() rule picks one",
                candidates: candidates.map(\.info)
            )
        }
    }

    /// The instance of a chosen component, by its lifetime.
    ///
    /// Sets ``lastOutcome``.
    func instance(of component: Component, _ request: Request) throws(DIError) -> Any {
        if let value = localInstance(of: component) { return value }
        guard let slot = slot(for: component) else {
            let value = try build(component, request, making: nil)
            lastOutcome = .made  // after the build: its own requests set it too
            return value
        }
        return try obtain(slot, component, request)
    }

    /// An `objectGraph` instance this resolve already made (while the graph is private).
    /// Sets ``lastOutcome`` when it finds one.
    @inline(__always)
    func localInstance(of component: Component) -> Any? {
        guard component.storage == .graph, graphStorage == nil else { return nil }
        let id = component.id
        // By index, comparing ids only: `last(where:)` would copy every entry's value.
        var index = localGraph.endIndex
        while index > localGraph.startIndex {
            index -= 1
            guard localGraph[index].id == id else { continue }
            lastOutcome = .reused
            if observed { emit(.reused, component: component) }
            return localGraph[index].value
        }
        return nil
    }

    /// Where a component's instance is kept for this resolve, by its lifetime (`nil`: nowhere).
    func slot(for component: Component) -> Slot? {
        switch component.storage {
        case .none: nil
        // A private graph keeps instances in `localGraph`: built like a prototype, kept by `madeInstance`.
        case .graph: graphStorage?.slot(for: component.id)
        case .slot: container.slot(for: component)
        }
    }

    /// Gets a cached instance, or makes it exactly once however many threads ask.
    func obtain(_ slot: Slot, _ component: Component, _ request: Request) throws(DIError) -> Any {
        while true {
            switch slot.claim(by: maker) {
            case .ready(let value):
                return reused(value, component)
            case .reentered:
                throw cycleError(component)
            case .wait(let flight):
                guard flight.gate.waitUnlessDeadlocked() else { throw crossThreadCycle(component) }
                if let value = slot.result(of: flight) { return reused(value, component) }
            // The maker failed; claim again (and maybe make it here).
            case .make(let ticket):
                let value: Any
                do {
                    value = try build(component, request, making: (slot, ticket))
                } catch {
                    slot.abandon(ticket)
                    throw error
                }
                settle(slot, ticket, component, value)
                lastOutcome = .made
                return value
            }
        }
    }

    /// A cached instance answering a request (reported, if observed).
    func reused(_ value: Any, _ component: Component) -> Any {
        lastOutcome = .reused
        if observed { emit(.reused, component: component) }
        return value
    }

    /// Publishes a made instance, or keeps it pending until its deferred injections ran
    /// (see ``deferIfNeeded(_:_:)``).
    func settle(_ slot: Slot, _ ticket: Slot.Ticket, _ component: Component, _ value: Any) {
        let object = component.keepsObjects ? Slot.object(of: value) : nil
        if component.hasCycleInjections {
            pending.append(Pending(slot: slot, ticket: ticket, value: value, object: object))
        } else {
            slot.commit(ticket, value, object: object)
        }
    }

    /// The error for an instance being made by another thread (or task) that waits for this one.
    func crossThreadCycle(_ component: Component) -> DIError {
        error(
            .cycle,
            "\(typeName(component.config.type)) is being made by another thread that waits for this one",
            candidates: [component.info]
        )
    }

    /// Runs a component's factory, then its injections and `postInit`.
    func build(
        _ component: Component,
        _ request: Request,
        making: (Slot, Slot.Ticket)?
    ) throws(DIError) -> Any {
        // A slot's making of a factory-only component in an unobserved resolve: nothing to
        // check (the slot's claim saw any loop) and nothing to do after the factory.
        if making != nil, component.isFactoryOnly, request.arguments == nil, !observed {
            building.push(component)
            defer { building.pop() }
            return try component.make(self, component)
        }
        try prepareBuild(component, request, making: making)
        defer { endBuild() }
        guard component.makesSynchronously else {
            throw error(
                .requiresAsync,
                "\(typeName(component.config.type)) has an async or @MainActor initializer; resolve it with await",
                candidates: [component.info]
            )
        }
        let value = try component.make(self, component)
        madeInstance(component, value, making: making)
        if component.isDoneWhenMade { return value }
        for injection in component.config.injections where !injection.isCycle {
            try injection.box.apply(value, self)
        }
        if deferIfNeeded(component, value) { return value }
        if let postInit = component.config.postInit { try postInit.apply(value, self) }
        return value
    }

    /// The checks before a factory runs: it exists, making it anew cannot loop, the
    /// arguments fit. Pushes the component on ``building``; the caller calls ``endBuild()``
    /// once injections and `postInit` ran.
    func prepareBuild(_ component: Component, _ request: Request, making: (Slot, Slot.Ticket)?) throws(DIError) {
        guard component.hasInitializer else {
            throw error(
                .noInitializer,
                "\(typeName(component.config.type)) was registered without an initializer (use inject(into:))",
                candidates: [component.info]
            )
        }
        if making == nil, let loop = uncachedLoop(component) {
            throw cycleError(component, loop: loop)
        }
        if component.takesArguments {
            argumentFrames.append(ArgumentFrame(level: building.count, values: try boundArguments(component, request)))
        } else if request.arguments != nil {
            _ = try boundArguments(component, request)  // throws if any were given
        }
        building.push(component)
    }

    /// Pops what ``prepareBuild(_:_:making:)`` pushed.
    @inline(__always)
    func endBuild() {
        let component = building.pop()
        // `prepareBuild` pushed a frame exactly for these (or it threw).
        if component.takesArguments { argumentFrames.removeLast() }
    }

    /// Reports a made instance and shows it to its own thread while its injections run.
    func madeInstance(_ component: Component, _ value: Any, making: (Slot, Slot.Ticket)?) {
        if observed { emit(.made, component: component) }
        if let (slot, ticket) = making {
            // Only injections and `postInit` can re-enter a made instance before its commit.
            if !component.isDoneWhenMade { slot.setProvisional(ticket, value) }
        } else if component.storage == .graph {
            // Kept from now on: re-entry while its injections run gets this instance.
            keepInGraph(value, of: component)
        }
    }

    /// Keeps an `objectGraph` instance for the rest of this resolve (and, once a `Lazy` has
    /// the graph, for that `Lazy`).
    @inline(__always)
    func keepInGraph(_ value: Any, of component: Component) {
        if let graphStorage {
            graphStorage.store(value, for: component.id)
        } else {
            // One allocation for a typical graph (kept by a pooled context), instead of
            // growing 1 → 2 → 4 → 8.
            if localGraph.capacity < 8 { localGraph.reserveCapacity(8) }
            localGraph.append(GraphEntry(id: component.id, value: value))
        }
    }

    /// Leaves `cycle:` injections and `postInit` for the end of the resolve, if there are any.
    func deferIfNeeded(_ component: Component, _ value: Any) -> Bool {
        guard component.hasCycleInjections else { return false }
        deferred.append(Deferred(component: component, instance: value, chain: chainToHere))
        return true
    }

    /// The request's runtime arguments, checked against the component's `arg` parameters.
    func boundArguments(_ component: Component, _ request: Request) throws(DIError) -> [Any] {
        let checks = component.argumentChecks
        if checks.isEmpty, request.arguments == nil { return [] }
        let values = request.arguments?.values ?? []
        guard !checks.isEmpty || !values.isEmpty else { return [] }
        let fits = values.count == checks.count && zip(values, checks).allSatisfy { $1($0) }
        guard fits else { throw argumentMismatch(component, given: request.arguments?.types ?? []) }
        return values
    }

    /// Runs the injections registered for `T` on an existing object.
    func inject<T>(into object: T) throws(DIError) {
        pushBookkeeping(T.self, .none, component: nil)
        defer { popBookkeeping() }
        do throws(DIError) {
            guard let component = try choose(T.self, Request(), optional: false) else { return }
            if observed { frames[frames.count - 1].component = component }
            building.push(component)
            defer { building.pop() }
            for injection in component.config.injections where !injection.isCycle {
                try injection.box.apply(object, self)
            }
            if component.hasCycleInjections {
                deferred.append(Deferred(component: component, instance: object, chain: chainToHere))
            } else if let postInit = component.config.postInit {
                try postInit.apply(object, self)
            }
        } catch {
            throw error.within(typeName(T.self))
        }
    }

    // MARK: Whole resolve

    /// Runs the `cycle:` injections and `postInit`s left for the end, then publishes the
    /// instances that waited for them. Call once the outermost request returned.
    @inline(__always)
    func finish() throws(DIError) {
        // Usually nothing waits: no deferred injection, no pending slot, no escaped graph.
        if deferred.isEmpty, pending.isEmpty, !graphEscaped { return }
        try finishDeferred()
    }

    /// ``finish()`` when something waits.
    @inline(never)
    func finishDeferred() throws(DIError) {
        while let item = nextDeferred() {
            do throws(DIError) {
                for injection in item.component.config.injections where injection.isCycle {
                    try injection.box.apply(item.instance, self)
                }
                if let postInit = item.component.config.postInit { try postInit.apply(item.instance, self) }
            } catch {
                throw error.within(typeName(item.component.config.type))
            }
            endDeferred()
        }
        commitPending()
    }

    /// The next component waiting for its `cycle:` injections, with its frame pushed (the
    /// caller pops it); `nil` when none is left.
    func nextDeferred() -> Deferred? {
        guard deferredIndex < deferred.count else {
            deferred.removeAll()
            deferredIndex = 0
            deferredChain.removeAll()
            return nil
        }
        let item = deferred[deferredIndex]
        deferredIndex += 1
        // The item itself is pushed as a frame, so the chain stops before it.
        deferredChain = Array(item.chain.dropLast())
        pushBookkeeping(item.component.config.type, .none, component: item.component)
        building.push(item.component)
        return item
    }

    /// Pops what ``nextDeferred()`` pushed.
    func endDeferred() {
        popBookkeeping()
        building.pop()
    }

    /// Publishes the instances that waited for deferred injections; lets the graph go.
    func commitPending() {
        let completed = pending
        pending.removeAll()
        for item in completed {
            item.slot.commit(item.ticket, item.value, object: item.object)
        }
        if graphEscaped { graphStorage?.release() }
    }

    /// Undoes what a failed resolve left: nothing half-made stays cached, waiters retry.
    func abandon() {
        for item in pending {
            item.slot.abandon(item.ticket)
        }
        pending.removeAll()
        deferred.removeAll()
        deferredIndex = 0
        frames.removeAll()
        building.removeAll()
        argumentFrames.removeAll()
    }

    // MARK: Errors

    /// An error to throw from this point; the requests it unwinds through add the path.
    func error(_ kind: DIError.Kind, _ reason: String, candidates: [DIComponentInfo] = []) -> DIError {
        DIError(kind: kind, requested: "", path: [], reason: reason, candidates: candidates)
    }

    func cycleError(_ component: Component) -> DIError {
        let start = building.firstIndex(of: component.id) ?? 0
        return cycleError(component, loop: building.components(from: start))
    }

    /// A `.cycle` error for `component`, reached again after the components of `loop`.
    func cycleError(_ component: Component, loop: [Component]) -> DIError {
        let names = (loop + [component]).map { typeName($0.config.type) }
        return error(
            .cycle,
            "an initializer cycle \(names.joined(separator: " → ")) has nothing to break it (use injection(cycle: true), Lazy or Provider)",
            candidates: loop.map(\.info)
        )
    }

    /// The components since `component` was last made on the way here, when making it anew
    /// (it is not cached) would repeat forever; `nil` when it is safe.
    ///
    /// Forever means: it is on the request chain itself (an initializer cycle), or a
    /// `cycle:` injection round led back to it through prototypes only — every round would
    /// make fresh instances and defer the same injections again.
    func uncachedLoop(_ component: Component) -> [Component]? {
        let id = component.id
        if let found = building.firstIndex(of: id) { return building.components(from: found) }
        guard !deferredChain.isEmpty, let start = deferredChain.lastIndex(where: { $0.id == id }) else { return nil }
        let loop = Array(deferredChain[start...]) + building.components()
        return loop.allSatisfy { $0.config.lifetime == .prototype } ? loop : nil
    }

    /// The components being made on the way to the current request, across `cycle:` rounds.
    var chainToHere: [Component] {
        deferredChain + building.components()
    }

    /// The error for runtime arguments (or a `ProviderN`'s argument list) that do not fit.
    func argumentMismatch(_ component: Component, given: [Any.Type]) -> DIError {
        let expected = component.config.arguments.map { typeName($0.leaf) }
        return error(
            .argumentMismatch,
            "its arg parameters are (\(expected.joined(separator: ", "))) but the arguments given are (\(given.map(typeName).joined(separator: ", ")))",
            candidates: [component.info]
        )
    }

    /// `value` as a `P`, or a `.typeMismatch` error (with `P` on its path).
    @inline(__always)
    func typed<P>(_ value: Any, _ type: P.Type) throws(DIError) -> P {
        // `value` is opened: its dynamic type arrives as `X`, with no runtime call.
        try typedOpened(value, P.self)
    }

    /// `value` as a `P`: usually the component made exactly `P`, which is taken out of the
    /// box with no dynamic cast at all.
    func typedOpened<X, P>(_ value: X, _ type: P.Type) throws(DIError) -> P {
        if X.self == P.self { return unsafeBitCast(value, to: P.self) }
        return try converted(value, P.self)
    }

    /// `value` as a `P` when it is not exactly one (a subclass, a protocol): a dynamic cast.
    ///
    /// Apart from ``typedOpened(_:_:)`` because a conditional cast builds `Optional<P>`
    /// metadata, which the exact case must not pay for.
    @inline(never)
    func converted<P>(_ value: Any, _ type: P.Type) throws(DIError) -> P {
        guard value is P else { throw mismatch(value, expected: P.self).within(typeName(P.self)) }
        // swift-format-ignore: NeverForceUnwrap
        return value as! P
    }

    func mismatch(_ value: Any, expected: Any.Type) -> DIError {
        error(.typeMismatch, "the component made \(typeName(type(of: value))), which is not a \(typeName(expected))")
    }

    static func resolveShape<S: DIShape>(_ shape: S.Type, in context: ResolveContext, _ request: Request)
        throws(DIError) -> S
    {
        try S.resolve(in: context, request)
    }
}

// MARK: - Events

extension ResolveContext {
    var depth: Int { max(frames.count - 1, 0) }

    /// The span of the nearest enclosing request that has one: frames pushed for bookkeeping
    /// (`inject(into:)`, deferred `cycle:` injections, a `Lazy`'s choice) carry no span.
    func parentSpan(below index: Int) -> UInt64? {
        frames[..<index].last { $0.spanID != 0 }?.spanID
    }

    func emitStarted(_ request: Request) {
        emitForCurrentFrame(.resolveStarted, argumentTypes: (request.arguments?.types ?? []).map(typeName))
    }

    func emitFailed(_ error: DIError) {
        emitForCurrentFrame(.failed, component: frames.last?.component, storage: false, error: error)
    }

    func emit(_ kind: DIEvent.Kind, component: Component) {
        emitForCurrentFrame(kind, component: component)
    }

    /// Delivers an event about the innermost request.
    private func emitForCurrentFrame(
        _ kind: DIEvent.Kind,
        component: Component? = nil,
        storage: Bool = true,
        error: DIError? = nil,
        diagnostic: DIDiagnostic? = nil,
        argumentTypes: [String] = []
    ) {
        guard let frame = frames.last else { return }
        container.deliver(
            DIEvent(
                kind: kind,
                traceID: traceID,
                spanID: frame.spanID,
                parentSpanID: parentSpan(below: frames.count - 1),
                linkedTraceID: linkedTraceID,
                depth: depth,
                request: label(of: frame),
                argumentTypes: argumentTypes,
                component: component?.info,
                storage: storage ? component.map { storageName($0.config.lifetime) } : nil,
                error: error,
                diagnostic: diagnostic
            )
        )
    }

    /// Pops the current frame, reporting how the request ended.
    func finishFrame(_ outcome: DIEvent.Outcome, component: Component?, error: DIError? = nil) {
        let frame = frames.removeLast()
        guard observed else { return }
        container.deliver(
            DIEvent(
                kind: .resolveFinished,
                traceID: traceID,
                spanID: frame.spanID,
                parentSpanID: parentSpan(below: frames.count),
                linkedTraceID: linkedTraceID,
                depth: frames.count,
                request: label(of: frame),
                component: component?.info,
                outcome: outcome,
                storage: component.map { storageName($0.config.lifetime) },
                duration: frame.started.map { ContinuousClock.now - $0 },
                error: error
            )
        )
    }

    /// Reports a choice among several candidates made by `.test()`, framework priority or
    /// `.default()` — the answer to "why did I get the stub client?". Observed resolves only.
    func noteChoice(_ chosen: Component, _ key: DIKey) {
        // The candidates `select` chose among: those of the first container that has any.
        var level: DIContainer? = container
        var candidates: [Component] = []
        while let current = level, candidates.isEmpty {
            candidates = current.registry.withLock { $0.candidates(key) }
            level = current.parent
        }
        guard candidates.count > 1, let frame = frames.last else { return }
        let rule =
            if chosen.config.isTest {
                ".test()"
            } else if let framework = chosen.config.origin.framework, !chosen.config.isDefault {
                "framework priority (\(framework.name))"
            } else { ".default()" }
        let others = candidates.filter { $0.id != chosen.id }.map { $0.info.location }
        let diagnostic = DIDiagnostic(
            severity: .warning,
            kind: .resolvedByPriority,
            message:
                "\(label(of: frame)): \(candidates.count) components match; \(rule) picked \(chosen.info.location) over \(others.joined(separator: ", "))",
            component: chosen.info,
            path: frames.map { label($0.requested, $0.qualifier) }
        )
        emitForCurrentFrame(.diagnostic, component: chosen, storage: false, diagnostic: diagnostic)
    }

    func label(of frame: Frame) -> String {
        label(frame.requested, frame.qualifier)
    }

    func storageName(_ lifetime: DILifeTime) -> String {
        switch lifetime {
        case .single: "single"
        case .perApplication: "perApplication"
        case .perContainer: "perContainer"
        case .perFramework: "perFramework"
        case .perPart: "perPart"
        case .objectGraph: "objectGraph"
        case .prototype: "prototype"
        case .custom(let name): "custom(\(name))"
        }
    }
}

/// Process-wide trace and span numbers.
enum EventIDs {
    private static let counter = AtomicCount()
    static func next() -> UInt64 { UInt64(counter.add(1)) }
}

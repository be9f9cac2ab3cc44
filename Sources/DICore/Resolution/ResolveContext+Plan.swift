import DIRuntime

// The plan a resolve follows (see `ResolvePlan`): taken when the resolve meets its first
// component, read by every build for its parameters' components and by every `objectGraph`
// instance for its slot in the private graph; and its compiled steps (see `TypedStep`): a
// plan's root, run with its top-level events, and what the steps ask the resolve for. The
// bookkeeping around a build that is its factory alone is `StepFrame`'s — one home for it,
// which `instance(ofPlain:_:)` in `+Instances` uses too, so both ways report the same events.
extension ResolveContext {
    /// The plan step of `component` in this resolve: `known`, if the caller knows it, or
    /// the plan's step for it; `-1` when the plan does not reach it. The first component a
    /// resolve meets gives the resolve its plan (none if it depends on nothing).
    func step(for component: Component, known: Int = -1) -> Int {
        if known >= 0 { return known }
        if let plan = state.value.plan { return plan.step(of: component) }
        guard !state.value.planTaken else { return -1 }
        guard component.dependencyCount > 0 else {
            // Nothing to settle: a plan would only cost its lookup.
            state.value.planTaken = true
            return -1
        }
        take(container.plan(for: component), owned: true)
        return 0
    }

    /// Follows `plan` from now on; a resolve takes one plan, before it keeps any instance.
    /// A resolve whose graph is shared from the start (a `Lazy`'s, or one nested in a
    /// factory) keeps no private graph, so it gets no slots.
    ///
    /// `owned`: the resolve looked the plan up, so it keeps it; otherwise the caller holds
    /// it (in the remembered answer it holds) until the resolve's context is cleared.
    func take(_ plan: ResolvePlan, owned: Bool = false) {
        state.value.take(plan, owned: owned)
        guard graphStorage == nil, plan.slotCount > frame.state.value.slots.capacity else { return }
        frame.state.value.slots.reserve(plan.slotCount)
    }

    /// The resolve's plan, if it took one.
    var plan: ResolvePlan? {
        state.value.plan
    }

    /// The resolve's plan, if it starts at `component`.
    func plan(startingAt component: Component) -> ResolvePlan? {
        guard let plan = state.value.plan, plan.steps[0].component === component else { return nil }
        return plan
    }

    /// Readies the cursor of the factory that runs next: it is `component`'s, at `step`.
    func willMake(step: Int) {
        state.value.makingStep = step
    }

    /// The walk over `component`'s parameters, with the components its plan step settled.
    package func cursor(for component: Component) -> ParameterCursor {
        let step = state.value.makingStep
        guard step >= 0, let plan = state.value.plan else { return ParameterCursor(owner: component) }
        // Field by field: copying the whole step would retain everything it holds.
        guard plan.steps[step].component === component else { return ParameterCursor(owner: component) }
        return ParameterCursor(owner: component, steps: plan.steps[step].parameters)
    }

    /// Why the plan chose the component of `owner`'s parameter `position` (for traces).
    func settledReason(_ owner: Component, at position: Int) -> Selection.Reason {
        guard let plan = state.value.plan else { return .only }
        let step = plan.step(of: owner)
        return step >= 0 ? plan.steps[step].reason(at: position) : .only
    }

    // MARK: Where objectGraph instances are kept

    /// The private-graph slot of the component at plan `step`; `-1` when it has none (the
    /// plan does not reach it, or its lifetime keeps it elsewhere). Read once per instance:
    /// the lookup and the keeping below take it.
    func slot(at step: Int) -> Int {
        guard step >= 0, let plan = state.value.plan else { return -1 }
        return plan.steps[step].slot
    }

    /// The graph a `Lazy` or `Provider` shares, or a resolve joined to another, where
    /// `component`'s `objectGraph` instance for `request` is found or kept; `nil` when the
    /// resolve's graph is private, or when the instance is not the graph's
    /// (``sharesGraphInstance(of:ownArguments:in:)``).
    func sharedGraph(of component: Component, _ request: Request) -> ObjectGraph? {
        guard let graphStorage,
            sharesGraphInstance(of: component, ownArguments: request.arguments != nil, in: graphStorage)
        else { return nil }
        return graphStorage
    }

    /// Whether the `objectGraph` instance of `component` a build here makes or finds is the
    /// shared `graph`'s: always for a component without `arg` parameters; for one with them,
    /// unless the build takes arguments other than those the graph's instances are made with
    /// (the `AnyArguments` of the resolve that made the graph, which a resolve its factories
    /// make inherits): a request's own (`resolve(args:)`, a `Provider1` … call's), or other
    /// `AnyArguments`. Each of those gets an instance made with them, kept in this resolve's
    /// private table. A resolve given none — a `Lazy`'s or `Provider`'s, a child task's —
    /// gets the graph's, as a kept instance answers a request that gives no arguments.
    func sharesGraphInstance(of component: Component, ownArguments: Bool, in graph: ObjectGraph) -> Bool {
        guard component.takesArguments else { return true }
        guard !ownArguments else { return false }
        return argumentsByType.map { $0.identity === graph.arguments } ?? true
    }

    /// The `objectGraph` instance of `component` this resolve made with arguments of its own
    /// (its top-level request's, a `Provider1` … call's) and keeps beside the shared graph
    /// (``keepInGraph(_:of:slot:)``): it answers the resolve's requests that give no
    /// arguments (a `cycle:` injection back to the root), as the resolve's instance does
    /// where no `Lazy` or `Provider` shares the graph. So does the one a resolve this one is
    /// nested in keeps beside the same graph: a `Lazy`'s read in its `postInit` is a part of it.
    func instanceKeptBesideGraph(of component: Component) -> Any? {
        guard let graph = graphStorage, component.takesArguments else { return nil }
        if let value = localGraph.value(of: component.id) { return value }
        // The outer resolves wait on this thread or task for the code that started this one.
        var outer = state.value.nestedIn
        while let current = outer, current.graphStorage === graph {
            if let value = current.localGraph.value(of: component.id) { return value }
            outer = current.state.value.nestedIn
        }
        return nil
    }

    /// An `objectGraph` instance this resolve already made and keeps itself: in the private
    /// graph's `slot` (``slot(at:)``), or by component (`slot` `-1`).
    func localInstance(of component: Component, slot: Int) -> Any? {
        guard slot >= 0 else { return localGraph.value(of: component.id) }
        guard slot < frame.state.value.slots.capacity else { return nil }  // a shared graph's resolve
        return frame.state.value.slots.object(at: slot).map(StepFrame.value(of:))
    }

    /// Keeps an `objectGraph` instance for the rest of the resolve: in the private graph's
    /// slots; in the shared graph, once a `Lazy`/`Provider` captured it, if the instance is
    /// the graph's; otherwise by component, in the private table.
    func keepInGraph(_ value: consuming Any, of component: Component, slot: Int) {
        if let shared = sharedGraphKeepingBuild(of: component) {
            shared.store(value, for: component.id)
        } else if slot >= 0, graphStorage == nil {
            frame.state.value.slots.keep(SlotBox(value), at: slot)
        } else {
            localGraph.store(value, of: component.id)
        }
    }

    /// Undoes ``keepInGraph(_:of:slot:)`` for an instance whose making failed after it was
    /// kept for its own injections: half made, it must answer no later request.
    func forgetInGraph(_ component: Component, slot: Int) {
        if let shared = sharedGraphKeepingBuild(of: component) {
            shared.forget(component.id)
        } else if slot >= 0, graphStorage == nil {
            frame.state.value.slots.remove(at: slot)
        } else {
            localGraph.remove(component.id)
        }
    }

    /// The shared graph, when the instance of `component` the build under way made is the
    /// graph's (``sharesGraphInstance(of:ownArguments:in:)``): not when the build is the
    /// root's, with arguments the top-level request gave (``rootArguments``).
    private func sharedGraphKeepingBuild(of component: Component) -> ObjectGraph? {
        let ownArguments = building.count == 1 && rootArguments != nil
        guard let graphStorage, sharesGraphInstance(of: component, ownArguments: ownArguments, in: graphStorage)
        else { return nil }
        return graphStorage
    }

    /// Moves the private graph's instances into `graph`, which is shared from now on.
    func movePrivateGraph(into graph: ObjectGraph) {
        for entry in localGraph.all {
            graph.store(entry.value, for: entry.id)
        }
        localGraph = ComponentTable()
        guard let plan = state.value.plan else { return }
        for step in plan.steps where step.slot >= 0 && step.slot < frame.state.value.slots.capacity {
            guard let object = frame.state.value.slots.object(at: step.slot) else { continue }
            graph.store(StepFrame.value(of: object), for: step.component.id)
        }
        frame.state.value.slots.removeAll()
    }
}

// MARK: - Compiled steps

extension ResolveContext: StepSource {
    /// Runs a compiled root for the top-level request, with the request's events.
    ///
    /// Inlined into the resolve: an unobserved root is one call of its code.
    @inline(__always)
    func runRoot<T>(
        _ root: TypedStep<T>,
        answering request: Request,
        with component: Component
    ) throws(DIError) -> T {
        guard let tracer else {
            do throws(DIError) {
                return try root.get(self, frame)
            } catch {
                throw error.within(
                    requestLabel(T.self, request.qualifier),
                    answeredBy: aliasingName(of: component, answering: T.self)
                )
            }
        }
        return try runObservedRoot(root, answering: request, with: component, tracer)
    }

    /// ``runRoot(_:answering:with:)`` when someone observes: the request's events around
    /// the root's code.
    private func runObservedRoot<T>(
        _ root: TypedStep<T>,
        answering request: Request,
        with component: Component,
        _ tracer: ResolveTracer
    ) throws(DIError) -> T {
        tracer.beginRequest(T.self, request, chosen: component)
        tracer.notePinnedChoice(component)
        do throws(DIError) {
            let value = try root.get(self, frame)
            tracer.finishRequest(lastOutcome)
            return value
        } catch {
            throw failed(error, T.self, request, answeredBy: component)
        }
    }

    // MARK: StepSource

    package func reportMade(_ component: Component) {
        traced { $0.made(component) }
        lastOutcome = .made
    }

    package func reportReused(_ component: Component) {
        lastOutcome = .reused
        traced { $0.reused(component) }
    }

    package func instance(ofStep step: Int, _ component: Component) throws(DIError) -> Any {
        try instance(of: component, Request(), step: step)
    }

    package func keptObject(of component: Component) -> AnyObject? {
        // What `instance(in:of:)` answers for a cell whose instance is made, without the claim.
        switch component.storage {
        case .cell:
            // The container lent, and the cell read in place: a retain of either is an atomic
            // operation on an object every thread reading the service shares.
            state.value.containerReference.lending { container in
                container.isWithinIsolation ? container.cell(for: component)?.object : component.config.cell?.object
            }
        case .graph:
            graphStorage?.object(for: component.id).map { object in
                holdFound(object)
                return object
            }
        case .none: nil
        }
    }

    package func beginParameter(
        _ requested: Any.Type,
        _ component: Component,
        of owner: Component,
        at position: Int,
        notingChoice: Bool
    ) {
        traced { tracer in
            tracer.beginRequest(requested, .none, passing: nil, chosen: component)
            if notingChoice { tracer.noteChoice(component, settledReason(owner, at: position)) }
        }
    }

    package func endParameter() {
        let outcome = lastOutcome
        traced { $0.finishRequest(outcome) }
    }

    package func failedParameter(_ error: DIError, _ requested: Any.Type, answeredBy component: Component?) -> DIError {
        guard tracer != nil else {
            return error.within(
                requestLabel(requested, .none),
                answeredBy: aliasingName(of: component, answering: requested)
            )
        }
        return failed(error, requested, Request(), answeredBy: component)
    }

    package func bindArguments(of component: Component) throws(DIError) {
        // The root's step starts with nothing on the chain: the top-level request's
        // arguments are its own, as in the general way (`prepareBuild`).
        var request = Request()
        if building.isEmpty { request.arguments = rootArguments }
        // Given none, the step may still find an instance made with some (`boundArguments`
        // would refuse it), as the general way does: a `Lazy`'s later resolve, the graph's.
        let findsInstance =
            request.arguments == nil && argumentsByType?.arguments(for: component) == nil
            && keepsGraphInstance(of: component)
        let values = findsInstance ? [] : try boundArguments(component, request)
        argumentFrames.append(ArgumentFrame(level: building.count, values: values))
    }

    /// Whether the shared graph has an `objectGraph` instance of `component` that answers a
    /// request here that gives no arguments, or this resolve keeps one beside it.
    private func keepsGraphInstance(of component: Component) -> Bool {
        guard component.storage == .graph, graphStorage != nil else { return false }
        if instanceKeptBesideGraph(of: component) != nil { return true }
        return sharedGraph(of: component, Request())?.object(for: component.id) != nil
    }

    package func unbindArguments() {
        argumentFrames.removeLast()
    }
}

import DIRuntime

// Compiled steps (see `TypedStep`): a plan's root, run with its top-level events, and the
// bookkeeping around a build that is its factory alone — one home for it, which
// `plainInstance` in `+Instances` uses too, so both ways report the same events.
extension ResolveContext: StepSource {
    /// Runs a compiled root for the top-level request, with the request's events.
    func runRoot<T>(
        _ root: any AnyTypedStep,
        answering request: Request,
        with component: Component
    ) throws(DIError) -> T {
        guard let tracer else {
            do throws(DIError) {
                return try root.value(as: T.self, in: self)
            } catch {
                throw error.within(requestLabel(T.self, request.qualifier))
            }
        }
        tracer.beginRequest(T.self, request)
        tracer.notePinnedChoice(component)
        tracer.chose(component)
        do throws(DIError) {
            let value = try root.value(as: T.self, in: self)
            tracer.finishRequest(lastOutcome, component: component)
            return value
        } catch {
            throw failed(error, T.self, request)
        }
    }

    // MARK: StepSource

    package func beginStep(_ component: Component, slot: Int) throws(DIError) -> Int {
        if slot >= 0 {
            // A graph a `Lazy` shares keeps its instances under its lock: the general way.
            if graphStorage != nil { return StepSlot.shared }
            if slot < state.value.slots.count, state.value.slots[slot] >= 0 { return state.value.slots[slot] }
        }
        try pushBuild(component)
        return StepSlot.build
    }

    /// Puts `component`, whose build is its factory alone, on the resolve's chain (after the
    /// stack check): how a compiled step and `plainInstance` (in `+Instances`) start a build,
    /// which ``endStep(_:)`` or ``abandonStep()`` ends.
    func pushBuild(_ component: Component) throws(DIError) {
        try checkStackLeft()
        building.append(component)
    }

    package func foundInstance(of component: Component, step: Int, at found: Int) throws(DIError) -> Any {
        guard found >= 0 else { return try instance(ofStep: step, component) }
        return reused(state.value.slotValues[found], component)
    }

    package func endStep(_ component: Component) {
        building.removeLast()
        tracer?.made(component)
        lastOutcome = .made
    }

    package func endStep(_ component: Component, keeping value: consuming Any, inSlot slot: Int) {
        keepInGraph(value, of: component, slot: slot)
        endStep(component)
    }

    package func abandonStep() {
        building.removeLast()
    }

    package func instance(ofStep step: Int, _ component: Component) throws(DIError) -> Any {
        try instance(of: component, Request(), step: step)
    }

    package var isTraced: Bool {
        state.value.tracer != nil
    }

    package func beginParameter(_ requested: Any.Type, _ component: Component, of owner: Component, at position: Int) {
        guard let tracer else { return }
        tracer.beginRequest(requested, Request())
        tracer.noteChoice(component, settledReason(owner, at: position))
        tracer.chose(component)
    }

    package func endParameter(_ component: Component) {
        tracer?.finishRequest(lastOutcome, component: component)
    }

    package func failedParameter(_ error: DIError, _ requested: Any.Type) -> DIError {
        guard tracer != nil else { return error.within(requestLabel(requested, .none)) }
        return failed(error, requested, Request())
    }
}

import DIRuntime

// Compiled steps (see `TypedStep`): a plan's root, run with its top-level events, and what
// the steps ask the resolve for. The bookkeeping around a build that is its factory alone
// is `StepFrame`'s — one home for it, which `plainInstance` in `+Instances` uses too, so
// both ways report the same events.
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
                throw error.within(requestLabel(T.self, request.qualifier))
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
            throw failed(error, T.self, request)
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

    package func failedParameter(_ error: DIError, _ requested: Any.Type) -> DIError {
        guard tracer != nil else { return error.within(requestLabel(requested, .none)) }
        return failed(error, requested, Request())
    }
}

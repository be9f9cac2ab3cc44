import DIRuntime

// A resolve that is a part of another one reports its events through the other's tracer:
// an instance an ancestor container makes for a child's resolve, and a resolve a factory
// makes from the same container while its own resolve waits for it.
extension ResolveContext {
    /// What ``reportsThrough(_:)`` lent a resolve, to be given back with
    /// ``endsReportingThrough(_:)`` before its context is cleared.
    struct LentTracing {
        /// The tracer the resolve had.
        let own: ResolveTracer?
    }

    /// Reports this resolve's events through the tracer of the resolve it joined, when that
    /// resolve waits for the user code that started this one (``OuterResolve/suspended``),
    /// is of the same `container` and is not handing an event to an observer (whose own
    /// resolves are no part of it). `nil` when this resolve keeps its own tracer.
    func reportsThrough(suspended outer: OuterResolve, of container: DIContainer) -> LentTracing? {
        outer.reporting(for: container).map(reportsThrough)
    }

    /// Reports this resolve's events through `outer`'s tracer (`nil`: unobserved) instead of
    /// its own: what it makes is a part of `outer`'s resolve, which is suspended meanwhile.
    func reportsThrough(_ outer: ResolveContext) -> LentTracing {
        let lent = LentTracing(own: state.value.tracer)
        state.value.lentTracerMark = outer.tracer?.mark
        reports(through: outer.tracer)
        return lent
    }

    /// Reports through this resolve's own tracer again, leaving the lent one as it found it:
    /// the requests open before this resolve took it up are `outer`'s, whose ends (the
    /// top-level request's too) this resolve does not decide, finished or failed.
    func endsReportingThrough(_ lent: LentTracing) {
        if let mark = state.value.lentTracerMark.take() { state.value.tracer?.unwind(to: mark) }
        reports(through: lent.own)
    }

    /// Keeps this resolve's first request open for the deferred work it leaves: the
    /// top-level request of its trace, or in a lent tracer the first one it opened.
    ///
    /// An ancestor's making of an instance it keeps (``ResolveState/madeFor``) holds none:
    /// its first request is one of the instance's dependencies, among others at that level,
    /// and the request for the instance itself, the descendant's, stays open through the
    /// making's deferred work.
    func holdTraceRootUntilDeferredWork() {
        guard state.value.madeFor == nil else { return }
        tracer?.holdRootUntilDeferredWork(above: state.value.lentTracerMark)
    }

    /// Ends the first request held for this resolve's deferred work, failed if `error`;
    /// in a lent tracer, the requests of the resolve it joined (held open for that
    /// resolve's deferred work, maybe) are left to that resolve.
    func finishHeldRoot(error: DIError?) {
        tracer?.finishHeldRoot(above: state.value.lentTracerMark, error: error)
    }

    /// Ends the first request held for this resolve's deferred work as an optional's `nil`,
    /// with `diagnostic` (why) on its node.
    ///
    /// - Returns: Whether a held request carried the diagnostic; if not, the caller reports
    ///   it outside the trace.
    func finishHeldRoot(answeringNil diagnostic: DIDiagnostic) -> Bool {
        tracer?.finishHeldRoot(above: state.value.lentTracerMark, answeringNil: diagnostic) ?? false
    }

    /// Forgets the requests a failed resolve left open: all of them in its own tracer; in
    /// a lent one, those it opened (see ``endsReportingThrough(_:)``).
    func unwindTracer() {
        guard let tracer = state.value.tracer else { return }
        if let mark = state.value.lentTracerMark {
            tracer.unwind(to: mark)
        } else {
            tracer.reset()
        }
    }

    private func reports(through tracer: ResolveTracer?) {
        state.value.tracer = tracer
        frame.state.value.isTraced = tracer != nil
    }
}

extension OuterResolve {
    /// The outer resolve whose trace a resolve of `container` starting now is a part of: the
    /// one that waits for the user code asking (``suspended``), of the same container, and
    /// not handing an event to an observer (whose own resolves are no part of it).
    func reporting(for container: DIContainer) -> ResolveContext? {
        guard let suspended, suspended.container === container, suspended.tracer?.isDelivering != true else {
            return nil
        }
        return suspended
    }
}

extension ResolveTracer {
    /// Keeps the first request of the resolve that took the tracer up at `mark` (`nil`: the
    /// top-level request) open until ``finishHeldRoot(above:error:)``: a `cycle:` injection
    /// was left for the end of that resolve.
    func holdRootUntilDeferredWork(above mark: Mark?) {
        let below = mark?.frames ?? 0
        // A request held already keeps its end (deferred work can defer more).
        if heldBelow != below { (heldBelow, heldEnd) = (below, nil) }
    }

    /// Reopens, without events, the request that made an instance whose `cycle:` injections
    /// run now, so that their requests are its children (`span` 0: a frame of its own).
    func reopen(_ component: Component, span: UInt64, depth: Int) {
        let outer = frames.count
        var frame = Frame(
            requested: component.config.type,
            details: nil,
            component: component,
            spanID: span,
            nearestSpan: span != 0 ? span : frames.last?.nearestSpan,
            started: nil
        )
        frame.depthBeforeReopening = reopenedDepth
        open(frame)
        // The reopened request is at `depth`, with `outer` requests open below it.
        reopenedDepth = span == 0 ? 0 : depth - outer
    }

    /// Reports the end of the first request of the resolve that took the tracer up at
    /// `mark`, held for its deferred work, its duration including that work; failed if the
    /// work failed. A request another resolve holds is left to it.
    func finishHeldRoot(above mark: Mark?, error: DIError?) {
        guard heldBelow == mark?.frames ?? 0 else { return }
        heldBelow = nil
        guard let end = heldEnd.take() else { return }
        let whole = error.map { $0.along(outerPath) }
        deliverFinished(end.frame, error == nil ? end.outcome : .failed, error: whole)
    }

    /// Reports the end of the held request as an optional's `nil` after its deferred work
    /// failed: `diagnostic` (why) on its node, then `skipped`, as for an optional whose
    /// making failed.
    ///
    /// - Returns: Whether a request was held for the resolve (which then carries the
    ///   diagnostic).
    func finishHeldRoot(above mark: Mark?, answeringNil diagnostic: DIDiagnostic) -> Bool {
        guard heldBelow == mark?.frames ?? 0 else { return false }
        heldBelow = nil
        guard let end = heldEnd.take() else { return false }
        let component = end.frame.component
        open(end.frame)
        emitCarrying(.diagnostic, component: component, diagnostic: diagnostic)
        finishRequest(.skipped)
        return true
    }
}

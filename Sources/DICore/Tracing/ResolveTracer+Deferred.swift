extension ResolveTracer {
    /// Keeps the top-level request open until ``finishHeldRoot(error:)``: a `cycle:`
    /// injection was left for the end of the resolve, and its requests belong to this tree.
    func holdRootUntilDeferredWork() {
        holdsRoot = true
    }

    /// Reopens, without events, the request that made an instance whose `cycle:` injections
    /// run now, so that their requests are its children (`span` 0: a frame of its own).
    func reopen(_ component: Component, span: UInt64, depth: Int) {
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
        reopenedDepth = span == 0 ? 0 : depth
    }

    /// Reports the end of the top-level request held for deferred work, its duration
    /// including that work; failed if the work failed.
    func finishHeldRoot(error: DIError?) {
        holdsRoot = false
        guard let held = heldRoot.take() else { return }
        let whole = error.map { $0.along(outerPath) }
        deliverFinished(held.frame, error == nil ? held.outcome : .failed, error: whole)
    }
}

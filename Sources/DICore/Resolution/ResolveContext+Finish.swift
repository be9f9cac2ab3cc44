import DIRuntime

// The end of a resolve: the work left for it once the outermost request returned, or the
// undoing of a failed one.
extension ResolveContext {
    /// Runs the `cycle:` injections and `postInit`s left for the end, then publishes the
    /// instances that waited for them. Call once the outermost request returned.
    @inline(__always)
    func finish() throws(DIError) {
        // Inlined: most resolves leave nothing, and a call per resolve to learn it costs more.
        if deferred.isEmpty, pending.isEmpty, !graphEscaped { return }
        try finishDeferredWork()
    }

    /// What ``finish()`` does when the resolve left work for its end.
    private func finishDeferredWork() throws(DIError) {
        while let item = nextDeferred() {
            do throws(DIError) {
                for injection in item.component.config.injections where injection.isCycle {
                    try run(injection.box, on: item.instance, of: item.component)
                }
                if let postInit = item.component.config.postInit {
                    try run(postInit, on: item.instance, of: item.component)
                }
            } catch {
                throw deferredFailed(item, error)
            }
            endDeferred()
        }
        tracer?.finishHeldRoot(error: nil)
        commitPending()
    }

    /// The error of a deferred item's injection or `postInit`, located at its component,
    /// which also ends the held top-level request of the trace as failed.
    func deferredFailed(_ item: Deferred, _ error: DIError) -> DIError {
        let located = error.within(typeName(item.component.config.type))
        tracer?.finishHeldRoot(error: located)
        return located
    }

    /// The next component waiting for its `cycle:` injections, pushed as the requester (the
    /// caller pops it with ``endDeferred()``); `nil` when none is left.
    func nextDeferred() -> Deferred? {
        guard deferredIndex < deferred.count else {
            deferred.removeAll()
            deferredIndex = 0
            deferredChain.removeAll()
            return nil
        }
        let item = deferred[deferredIndex]
        deferredIndex += 1
        // The item itself is pushed, so the chain stops before it.
        deferredChain = Array(item.chain.dropLast())
        tracer?.reopen(item.component, span: item.traceSpan.id, depth: item.traceSpan.depth)
        building.append(item.component)
        return item
    }

    /// Pops what ``nextDeferred()`` pushed.
    func endDeferred() {
        tracer?.popBookkeeping()
        building.removeLast()
    }

    /// Publishes the instances that waited for deferred injections; lets the graph go.
    func commitPending() {
        let completed = pending
        pending.removeAll()
        for item in completed {
            item.cell.commit(item.ticket, item.value)
        }
        if graphEscaped { graphStorage?.release() }
    }

    /// Checks, in builds with `TRANQUIL_INTERNAL_CHECKS`, that a resolve that has ended
    /// (finished or undone) left no work behind: every build popped, every deferred
    /// injection run, every pending instance committed or abandoned.
    func checkEnded() {
        #if TRANQUIL_INTERNAL_CHECKS
        precondition(building.isEmpty, "Tranquil internal check: a resolve ended with components still being built")
        precondition(
            frame.state.value.isTraced == (tracer != nil) && frame.state.value.sharesGraph == (graphStorage != nil)
                && frame.state.value.outerDepth == outerChain.count,
            "Tranquil internal check: a resolve's step frame disagrees with its state"
        )
        precondition(argumentFrames.isEmpty, "Tranquil internal check: a resolve ended with arguments still bound")
        precondition(
            deferred.isEmpty && deferredChain.isEmpty && pending.isEmpty,
            "Tranquil internal check: a resolve ended with deferred work left"
        )
        #endif
    }

    /// Undoes what a failed resolve left: nothing half-made stays cached, waiters retry.
    func abandon() {
        for item in pending {
            item.cell.abandon(item.ticket)
        }
        pending.removeAll()
        deferred.removeAll()
        deferredIndex = 0
        deferredChain.removeAll()
        building.removeAll()
        argumentFrames.removeAll()
        tracer?.reset()
    }
}

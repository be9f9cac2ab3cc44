import DIRuntime

// The end of a resolve: the work left for it once the outermost request returned, or the
// undoing of a failed one.
extension ResolveContext {
    /// Runs the `cycle:` injections and `postInit`s left for the end, then publishes the
    /// instances that waited for them. Call once the outermost request, `root`, returned
    /// (`nil`: a request of another resolve's path, see ``deferredPath(along:root:)``).
    @inline(__always)
    func finish(_ root: @autoclosure () -> RootRequest?) throws(DIError) {
        // Inlined: most resolves leave nothing, and a call per resolve to learn it costs more.
        if deferred.isEmpty, pending.isEmpty, !graphEscaped, passedMakings.isEmpty { return }
        try finishDeferredWork(root())
    }

    /// What ``finish(_:)`` does when the resolve left work for its end.
    private func finishDeferredWork(_ root: RootRequest?) throws(DIError) {
        while let item = nextDeferred() {
            do throws(DIError) {
                for injection in item.component.config.injections where injection.isCycle {
                    try run(injection.box, on: item.instance, of: item.component)
                }
                if let postInit = item.component.config.postInit {
                    try run(postInit, on: item.instance, of: item.component)
                }
            } catch {
                throw deferredFailed(item, error, root: root)
            }
            endDeferred()
        }
        try awaitPassedMakings()
        finishHeldRoot(error: nil)
        commitPending()
    }

    /// The error of a deferred item's injection or `postInit`, located along the requests
    /// whose making led to the item (the item last; see ``deferredPath(along:root:)``). Pops what
    /// ``nextDeferred()`` pushed; the held top-level request of the trace is ended by
    /// ``absentAfterFailedEnd(_:as:)``, which knows whether the request answers `nil`.
    func deferredFailed(_ item: Deferred, _ error: DIError, root: RootRequest?) -> DIError {
        endDeferred()
        return error.along(deferredPath(along: item.chain, root: root))
    }

    /// The next component waiting for its `cycle:` injections, pushed as the requester (the
    /// caller pops it with ``endDeferred()``); `nil` when none is left. Skips the work of an
    /// optional request's branch that answered `nil` (``abandonBranch(since:)``).
    func nextDeferred() -> Deferred? {
        while deferredIndex < deferred.count, deferred[deferredIndex].isAbandoned { deferredIndex += 1 }
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

    /// Publishes the instances that waited for deferred injections, or hands them to the
    /// resolve whose half-made instances they may hold (``ResolveState/pendsInto``); lets the
    /// graph go.
    func commitPending() {
        let completed = pending
        pending.removeAll()
        if let outer = state.value.pendsInto {
            outer.pending.append(
                contentsOf: completed.map { item in
                    var item = item
                    item.heldAt = .unknown
                    return item
                }
            )
            if !passedMakings.isEmpty {
                outer.passedMakings.append(contentsOf: passedMakings)
                passedMakings.removeAll()
            }
            if metCutLooseInstance { outer.cutLooseFromNowOn() }
        } else {
            publishAll(completed)
        }
        releaseOwnGraph()
    }

    /// Releases the graph this resolve made, which a `Lazy`/`Provider` or a joined resolve
    /// may still reach (see `ObjectGraph.release()`): a resolve that shares another's (one a
    /// factory made) leaves that to the other, whose instances they are until it returns.
    func releaseOwnGraph() {
        if state.value.ownsGraph { graphStorage?.release() }
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
        if !passedMakings.isEmpty { passedMakings.removeAll() }
        deferred.removeAll()
        deferredIndex = 0
        deferredChain.removeAll()
        building.removeAll()
        argumentFrames.removeAll()
        unwindTracer()
        releaseOwnGraph()
    }
}

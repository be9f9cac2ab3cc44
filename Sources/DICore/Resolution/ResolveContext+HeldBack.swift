import DIRuntime

// Held back: a cached instance made while the resolve holds a half-made one (its own
// `cycle:` work, an injection running around it, an outer resolve's, another resolve's
// unfinished instance it was let through with) waits for the end of the resolve, to be
// published with the rest or abandoned if something fails.
extension ResolveContext {
    /// Publishes a made instance, or keeps it pending until the resolve ends: its own
    /// deferred injections, or those of an instance it may hold (made earlier in the
    /// resolve, and whole only once they ran), or the injections of one being made around
    /// it (``ResolveState/showing``), here or in the resolve this one is nested in
    /// (``ResolveState/pendsInto``), may still fail; or it may hold an instance pending
    /// already. If one fails, the resolve (or the optional request whose branch it was,
    /// see ``abandonBranch(since:)``) abandons the pending instances: nothing that holds a
    /// half-made instance stays cached.
    func settle(_ cell: InstanceCell, _ ticket: InstanceCell.Ticket, _ component: Component, _ value: Any) {
        if component.hasCycleInjections || holdsHalfMade {
            // Meanwhile this resolve gets it (the deferred injections may need it).
            if component.isDoneWhenMade { cell.setProvisional(ticket, value) }
            pending.append(Pending(cell: cell, ticket: ticket, value: value, heldAt: holdPoint()))
        } else {
            publish(cell, ticket, value)
        }
    }

    /// Whether this resolve holds instances whose making may still fail: one whose
    /// injections or `postInit` run now, `cycle:` work left, one held back already (which
    /// may hold those), an outer resolve's, or another resolve's it went on with.
    var holdsHalfMade: Bool {
        makesHalfMade || !pending.isEmpty || !heldBackInGraph.isEmpty
    }

    /// Whether something that makes instances half made is under way: an instance shown to
    /// its injections or `postInit`, `cycle:` work left, an outer resolve's, another
    /// resolve's this one went on with. Once none is, what was held back for them is whole.
    private var makesHalfMade: Bool {
        state.value.showing > 0 || !deferred.isEmpty || state.value.pendsInto != nil || !passedMakings.isEmpty
    }

    /// Starts showing a made instance to its injections and `postInit`; returns whether the
    /// resolve held nothing half made before (for ``endShowing(wasWhole:)``).
    func beginShowing() -> Bool {
        let wasWhole = !holdsHalfMade
        showing += 1
        return wasWhole
    }

    /// Ends showing an instance whose injections and `postInit` succeeded (or were left for
    /// the end). If the resolve held nothing half made before they ran (`wasWhole`) and
    /// nothing makes instances half made now, what it held back meanwhile was held back
    /// only for that instance, which is whole now: it is published (cached) and kept for the
    /// rest of the resolve (`objectGraph`), so that a later failure does not make again what
    /// finished before it.
    func endShowing(wasWhole: Bool) {
        showing -= 1
        guard wasWhole, !makesHalfMade, !pending.isEmpty || !heldBackInGraph.isEmpty else { return }
        let whole = pending
        pending.removeAll()
        heldBackInGraph.removeAll()
        publishAll(whole)
    }

    /// Stores nothing this resolve makes from now on (it may hold an instance a clean cut
    /// loose), nor what the resolve it is nested in makes with what it returns.
    func cutLooseFromNowOn() {
        // A loop, not a recursion: nested resolves can be thousands deep.
        var context: ResolveContext? = self
        while let current = context, !current.metCutLooseInstance {
            current.metCutLooseInstance = true
            context = current.state.value.nestedIn
        }
    }

    /// Publishes instances held back together: if a clean cut one loose, the others, which
    /// may hold it, are cut loose with it, whatever their order.
    func publishAll(_ items: [Pending]) {
        if !metCutLooseInstance, items.contains(where: { $0.cell.isCutLoose($0.ticket) }) {
            cutLooseFromNowOn()
        }
        for item in items { publish(item.cell, item.ticket, item.value) }
    }

    /// Notes that the resolve may hold a half-made instance from now on (see
    /// ``holdsHalfMade``): the compiled steps then hand it each `objectGraph` instance they
    /// make (``keepMadeInGraph(_:of:slot:)``), to be held back like a cached one.
    func mayHoldHalfMade() {
        state.value.usedGeneralWay = true
        frame.state.value.mayHoldHalfMade = true
    }

    /// Keeps an `objectGraph` instance whose making ended, held back if the resolve holds a
    /// half-made instance (``holdBackIfHalfMade(_:slot:)``).
    package func keepMadeInGraph(_ value: consuming Any, of component: Component, slot: Int) {
        keepInGraph(value, of: component, slot: slot)
        holdBackIfHalfMade(component, slot: slot)
    }

    /// Holds back an `objectGraph` instance whose making just ended outside a cell, if the
    /// resolve holds a half-made instance it may hold: the instance answers the rest of the
    /// resolve, unless the optional request whose branch made it answers `nil`
    /// (``abandonBranch(since:)`` forgets it then, and a later request makes it anew). A
    /// cell's instance is held back by ``settle(_:_:_:_:)``.
    func holdBackIfHalfMade(_ component: Component, slot: Int) {
        if holdsHalfMade {
            heldBackInGraph.append(HeldBackInGraph(component: component, slot: slot, heldAt: holdPoint()))
        }
    }

    /// What is half made now, for an instance held back now (``HoldPoint``).
    func holdPoint() -> HoldPoint {
        state.value.heldCount += 1
        return HoldPoint(showing: state.value.showing, deferred: deferred.count, order: state.value.heldCount)
    }

    /// Waits until the makings of other resolves this one was let through with
    /// (``passedMakings``) end, and fails if one failed: what this resolve made may hold its
    /// unfinished instance. A resolve nested in another leaves that to the outer one
    /// (``commitPending()`` hands them over).
    func awaitPassedMakings() throws(DIError) {
        guard state.value.pendsInto == nil else { return }
        let mustNotBlock = Gate.callerMustNotBlockForAsync(callerOnMainActor: callerOnMainActor)
        for passed in passedMakings {
            try checkSucceeded(passed, passed.flight.gate.waitForOutcome(as: maker, mustNotBlockForAsync: mustNotBlock))
        }
    }

    /// ``awaitPassedMakings()`` in an async resolve, suspending for the outcomes.
    nonisolated(nonsending) func awaitPassedMakingsAsync() async throws(DIError) {
        guard state.value.pendsInto == nil else { return }
        for passed in passedMakings {
            try checkSucceeded(passed, await passed.flight.gate.waitForOutcomeAsync(as: maker))
        }
    }

    /// Throws when the wait for a passed making's outcome ended with the making failed. A
    /// loop of such waits (`deadlocked`) is of makings that all finished, each waiting only
    /// for the others; one that cannot be waited for (`refused`) is taken as finished.
    func checkSucceeded(_ passed: PassedMaking, _ outcome: Gate.Outcome) throws(DIError) {
        guard case .opened = outcome, passed.cell.result(of: passed.flight) == nil else { return }
        let name = typeName(passed.component.config.type)
        throw error(
            .cycle,
            "\(name) was being made by another resolve, which this one waited for in an injection cycle and went on with "
                + "unfinished; its making failed there, so nothing this resolve made holding it is kept (resolve again for its error)",
            candidates: [passed.component.info]
        )
    }
}

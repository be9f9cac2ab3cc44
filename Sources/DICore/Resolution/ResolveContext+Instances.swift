import DIRuntime

// Instances: getting or making the instance of a chosen component, by where its lifetime
// keeps it (see `LifetimePolicy`): nowhere, in this resolve's graph, or in a cell.
extension ResolveContext {
    /// The instance of a chosen component. Sets ``lastOutcome``.
    ///
    /// `step`: the component's step in the resolve's plan, when the caller knows it.
    func instance(of component: Component, _ request: Request, step known: Int = -1) throws(DIError) -> Any {
        let step = step(for: component, known: known)
        if component.isPlainBuild, request.arguments == nil, argumentsByType == nil,
            let value = try instance(ofPlain: component, step)
        {
            return value
        }
        return try instance(ofKept: component, request, step: step)
    }

    /// ``instance(of:_:step:)`` for a component kept in a cell or a shared graph, or built
    /// the general way. Out of line, so that a level of a nested resolve that builds a plain
    /// component does not carry its frame (see ``checkStackLeft()``).
    @inline(never)
    private func instance(ofKept component: Component, _ request: Request, step: Int) throws(DIError) -> Any {
        if !state.value.injectedObjects.isEmpty || state.value.injectingOuter != nil,
            let object = injectedObject(of: component)
        {
            return reused(object, component)
        }
        try checkArgumentsGiven(to: component, request)
        switch component.storage {
        case .none:
            let value = try build(component, request, step: step, making: nil)
            lastOutcome = .made  // after the build: its own requests set it too
            return value
        case .graph:
            if let shared = sharedGraph(of: component, request) {
                if let value = instanceKeptBesideGraph(of: component) { return reused(value, component) }
                return try instance(in: shared.cell(for: component.id), of: component, request, step: step)
            }
            // Beside a shared graph, an instance not the graph's is kept by component.
            let slot = graphStorage == nil ? slot(at: step) : -1
            if let value = localInstance(of: component, slot: slot) { return reused(value, component) }
            let value = try build(component, request, step: step, making: nil)
            holdBackIfHalfMade(component, slot: slot)
            lastOutcome = .made
            return value
        case .cell:
            guard let cell = container.cell(for: component) else {
                preconditionFailure("a cached component without a cell")
            }
            return try instance(in: cell, of: component, request, step: step)
        }
    }

    /// The first step of ``instance(of:_:)`` for a component whose build is its factory alone
    /// and which no cell keeps (see ``Component/isPlainBuild``): reuse from the private graph,
    /// the loop check, the factory, keeping the instance — the same steps ``build(_:_:making:)``
    /// takes for it, with the same events.
    ///
    /// - Returns: `nil` when the rest of ``instance(of:_:)`` must answer: a graph a `Lazy`
    ///   shares, a loop to report, or a resolve nested in another's chain.
    @inline(__always)
    private func instance(ofPlain component: Component, _ step: Int) throws(DIError) -> Any? {
        let isGraph = component.storage == .graph
        let slot = isGraph ? slot(at: step) : -1
        if isGraph, let value = localInstance(of: component, slot: slot) { return reused(value, component) }
        let id = component.id
        guard !(isGraph && graphStorage != nil), deferredChain.isEmpty, outerChain.isEmpty,
            !building.contains(where: { $0.id == id })
        else { return nil }
        try frame.push(component, in: self)
        willMake(step: step)
        let value: Any
        do {
            value = try component.make(self, component)
        } catch {
            frame.abandonStep()
            throw error
        }
        if isGraph {
            frame.endStep(component, keeping: SlotBox(value), inSlot: slot, in: self)
        } else {
            frame.endStep(component, in: self)
        }
        return value
    }

    /// The instance `cell` keeps, built exactly once however many threads ask.
    func instance(in cell: InstanceCell, of component: Component, _ request: Request, step: Int) throws(DIError) -> Any
    {
        let maker = maker
        while true {
            switch cell.claim(by: maker, resolve: { holderNumber(as: maker) }) {
            case .ready(let value):
                return reused(value, component)
            case .reentered:
                throw cycleError(component)
            case .cutLoose(let value):
                return reusedCutLoose(value, component)
            case .wait(let flight):
                try checkNotAwaitedBy(flight, component)
                if flight.gate.synchronousWaitMayHang(callerOnMainActor: callerOnMainActor) {
                    throw madeByAnAsyncResolve(component)
                }
                if callerAwaits { throw madeForAnAwaitingCaller(component) }
                let mustNotBlock = Gate.callerMustNotBlockForAsync(callerOnMainActor: callerOnMainActor)
                let outcome = flight.gate.wait(as: maker, mustNotBlockForAsync: mustNotBlock)
                if let value = try waited(for: flight, in: cell, component, outcome) { return value }
            // The maker failed; claim again (and maybe make it here).
            case .make(let ticket):
                if callerAwaits {
                    cell.abandon(ticket)
                    throw toMakeForAnAwaitingCaller(component)
                }
                // An ancestor's instance, made by the ancestor (a graph's cells are no one's).
                if let owner = container.ancestorMaking(component) {
                    cell.abandon(ticket)
                    let value = try owner.makeOwned(component, request, for: self)
                    lastOutcome = .made
                    return value
                }
                checkChoicesCurrent(for: ticket)
                let value: Any
                do {
                    value = try build(component, request, step: step, making: (cell, ticket))
                } catch {
                    cell.abandon(ticket)
                    throw error
                }
                settle(cell, ticket, component, value)
                lastOutcome = .made
                return value
            }
        }
    }

    /// The instance a wait for another party's making ended with; `nil` when the making
    /// failed (claim again).
    func waited(
        for flight: InstanceCell.Flight,
        in cell: InstanceCell,
        _ component: Component,
        _ outcome: Gate.Outcome
    ) throws(DIError) -> Any? {
        switch outcome {
        case .opened:
            return cell.result(of: flight).map { handed($0, component) }
        case .passed:
            // A loop of waits broken here: the instance as its maker's own re-entry gets it.
            // What this resolve keeps from now on may hold it: it waits for its making's outcome.
            guard let value = cell.passedValue(of: flight) else { return nil }
            passedMakings.append(PassedMaking(cell: cell, flight: flight, component: component))
            return handed(value, component)
        case .deadlocked:
            throw crossPartyCycle(component, madeBy: flight.gate.maker)
        case .refused:
            throw waitsForAnAsyncResolve(component)
        }
    }

    /// An instance another party made, answering a request.
    private func handed(_ handed: InstanceCell.Handed, _ component: Component) -> Any {
        handed.isCutLoose ? reusedCutLoose(handed.value, component) : reused(handed.value, component)
    }

    /// An instance whose making a clean cut loose, answering a request: from now on this
    /// resolve may hold it anywhere, so no cell keeps what it makes (``publish(_:_:_:)``).
    func reusedCutLoose(_ value: Any, _ component: Component) -> Any {
        cutLooseFromNowOn()
        return reused(value, component)
    }

    /// Cuts this resolve's makings loose from now on (as if it met an instance a clean cut
    /// loose) when it is to make the instance of a cell a clean emptied after a registration
    /// its plan's choices came before (``Epochs/cleanStamp``), unless the plan made now
    /// chooses the same (``ResolvePlan/choosesAsMadeNow(in:)``): the app overrode something,
    /// then cleaned so that the next instance uses the override. What this resolve makes
    /// now follows the older choices; it gets it, and the next resolve makes the cell's.
    func checkChoicesCurrent(for ticket: InstanceCell.Ticket) {
        guard let plan = state.value.plan, ticket.clearStamp > plan.registryCount else { return }
        if !plan.choosesAsMadeNow(in: container) { cutLooseFromNowOn() }
    }

    /// Ends this resolve's making of a cell's instance: the cell keeps it and wakes its
    /// waiters. Once the resolve met an instance a clean cut loose (``reusedCutLoose(_:_:)``),
    /// or made one (a clean during its making), whatever it makes may hold that old
    /// instance, so it is cut loose too: the waiters get it, the cell keeps nothing, and the
    /// next request makes one of the new generation.
    func publish(_ cell: InstanceCell, _ ticket: InstanceCell.Ticket, _ value: Any) {
        if !cell.commit(ticket, value, keeping: !metCutLooseInstance) { cutLooseFromNowOn() }
    }

    /// A kept instance answering a request (reported, if observed).
    func reused(_ value: Any, _ component: Component) -> Any {
        if component.storage == .graph, graphStorage != nil, let object = objectInside(value) {
            holdFound(object)
        }
        reportReused(component)
        return value
    }

    /// Keeps `object`, found made in the shared graph, alive until this resolve ends.
    func holdFound(_ object: AnyObject) {
        state.value.foundInSharedGraph.append(object)
    }

    /// Runs a component's factory, then its injections and `postInit`.
    func build(
        _ component: Component,
        _ request: Request,
        step: Int,
        making: (InstanceCell, InstanceCell.Ticket)?
    ) throws(DIError) -> Any {
        try prepareBuild(component, request, making: making)
        defer { endBuild(component) }
        try checkRunsSynchronously(component)
        willMake(step: step)
        let value = try component.make(self, component)
        madeInstance(component, value, step, making: making)
        if component.isDoneWhenMade { return value }
        let wasWhole = beginShowing()
        do throws(DIError) {
            for injection in component.config.injections where !injection.isCycle {
                try run(injection.box, on: value, of: component)
            }
            if !deferIfNeeded(component, value), let postInit = component.config.postInit {
                try run(postInit, on: value, of: component)
            }
        } catch {
            showing -= 1
            forgetHalfMade(component, step: step, making: making)
            throw error
        }
        endShowing(wasWhole: wasWhole)
        return value
    }

    /// Undoes the keeping of an instance whose injections or `postInit` failed: an
    /// `objectGraph` instance made outside a cell was kept in the graph for them (a cell's
    /// making is abandoned by its caller instead).
    func forgetHalfMade(_ component: Component, step: Int, making: (InstanceCell, InstanceCell.Ticket)?) {
        if making == nil, component.storage == .graph { forgetInGraph(component, slot: slot(at: step)) }
    }

    /// The checks before a factory runs: it exists, making it anew cannot loop, the
    /// arguments fit. Pushes the component on ``building``; ``endBuild(_:)`` pops it.
    func prepareBuild(
        _ component: Component,
        _ request: Request,
        making: (InstanceCell, InstanceCell.Ticket)?
    ) throws(DIError) {
        guard component.hasInitializer else {
            throw error(
                .noInitializer,
                "\(typeName(component.config.type)) was registered without an initializer (use inject(into:))",
                candidates: [component.info]
            )
        }
        if let loop = chainLoop(component) { throw cycleError(component, loop: loop) }
        if making == nil, let loop = prototypeRoundsLoop(component) {
            throw error(
                .cycle,
                DIError.prototypeLoop((loop + [component]).map { typeName($0.config.type) }),
                candidates: loop.map(\.info)
            )
        }
        try checkStackLeft()
        if component.takesArguments {
            argumentFrames.append(ArgumentFrame(level: building.count, values: try boundArguments(component, request)))
        } else if request.arguments != nil || argumentsByType != nil {
            _ = try boundArguments(component, request)  // throws if any were given
        }
        building.append(component)
    }

    /// Pops what ``prepareBuild(_:_:making:)`` pushed.
    func endBuild(_ component: Component) {
        building.removeLast()
        if component.takesArguments { argumentFrames.removeLast() }
    }

    /// Shows a made instance to its own maker while its injections run, then reports it:
    /// an observer told of the instance that resolves it gets it too.
    func madeInstance(_ component: Component, _ value: Any, _ step: Int, making: (InstanceCell, InstanceCell.Ticket)?) {
        if let (cell, ticket) = making {
            // Before its commit, only injections, `postInit` and observers of `.made` can
            // re-enter a made instance; one with neither is committed right after.
            if !component.isDoneWhenMade || tracer != nil { cell.setProvisional(ticket, value) }
        } else if case .graph = component.storage {
            // Kept from now on: re-entry while its injections run gets this instance.
            keepInGraph(value, of: component, slot: slot(at: step))
        }
        tracer?.made(component)
    }

    /// Leaves `cycle:` injections and `postInit` for the end of the resolve, if there are any.
    func deferIfNeeded(_ component: Component, _ value: Any) -> Bool {
        guard component.hasCycleInjections else { return false }
        var item = Deferred(component: component, instance: value, chain: chainToHere)
        if let tracer {
            item.traceSpan = tracer.currentSpan
            holdTraceRootUntilDeferredWork()
        }
        leaveForEnd(item)
        return true
    }

    /// Leaves `item`'s `cycle:` injections and `postInit` for the end of the resolve, which
    /// from now on keeps every instance it makes for that work to find.
    func leaveForEnd(_ item: Deferred) {
        deferred.append(item)
        frame.state.value.leavesWork = true
    }

    /// Throws ``DIError/Kind/tooDeep`` when the thread's stack is nearly used up, so that a
    /// very deep graph (thousands of nested resolves, or a few hundred on a secondary
    /// thread's 512 KiB) fails with an error naming its depth instead of overflowing the
    /// stack. Looks at every level from ``StackBounds/firstCheckedLevel``: shallow resolves
    /// never pay for it.
    package func checkStackLeft() throws(DIError) {
        let depth = frame.depth + 1
        guard depth >= StackBounds.firstCheckedLevel, let left = StackBounds.remaining(), left < StackBounds.reserve
        else { return }
        throw error(
            .tooDeep,
            "the resolve is \(depth) levels deep and this thread has \(left / 1024) KiB of stack left; "
                + "resolve on a thread with a larger stack, or break the chain with Provider/Lazy"
        )
    }

    /// Throws `.cycle` when the instance to wait for is held by a resolve that may be
    /// awaiting this one: a child task of a factory waiting for what the factory's resolve
    /// is still making (or finishing) would wait for itself. What the factory's own code
    /// is making meanwhile, as the same party, is held by a resolve of its own, which does
    /// not await the task: that is an ordinary wait.
    func checkNotAwaitedBy(_ flight: InstanceCell.Flight, _ component: Component) throws(DIError) {
        guard !awaitingResolves.isEmpty, awaitingResolves.contains(flight.holder) else { return }
        throw error(
            .cycle,
            "\(typeName(component.config.type)) is still being made by the resolve whose factory started this task "
                + "(a child task, or a Task {} started while the factory ran), which may be waiting for it: "
                + "a cycle across tasks (use Lazy/Provider, or resolve it before starting the task; "
                + "a task that only needs the finished instance: Task.detached)",
            candidates: [component.info]
        )
    }
}

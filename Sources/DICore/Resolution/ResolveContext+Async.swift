import DIRuntime

// The async twin of the resolve steps. Decisions (choosing a component, checking arguments,
// cycles, cells, events) are the same synchronous helpers; only the steps that run user
// code — factories and injections — are awaited here, so sync and async components mix
// freely in one graph.
extension ResolveContext {
    /// Resolves any request type in an async resolve.
    nonisolated(nonsending) func resolveAsync<P>(
        _ type: P.Type,
        _ request: Request,
        registered: Bool = false
    ) async throws(DIError) -> P {
        if !registered, let shape = P.self as? any DIShape.Type {
            return try await Self.resolveShapeAsync(shape, as: P.self, in: self, request)
        }
        return try typed(try await answerAsync(P.self, request), P.self)
    }

    /// ``resolveRoot(_:_:)`` in an async resolve.
    nonisolated(nonsending) func resolveRootAsync<T>(
        _ type: T.Type,
        _ request: inout Request
    ) async throws(DIError) -> T {
        pinRoot(T.self, &request)
        guard request.pinned == nil, let tracer, opensOwnRequest(T.self) else {
            return try await resolveAsync(T.self, request, registered: request.pinned != nil)
        }
        tracer.beginRequest(T.self, request)
        do throws(DIError) {
            let value = try await resolveAsync(T.self, request, registered: false)
            tracer.finishRequest(.skipped)
            return value
        } catch {
            tracer.failRequest(error)
            throw error
        }
    }

    nonisolated(nonsending) package func parameterAsync<P>(
        _ type: P.Type,
        _ cursor: inout ParameterCursor
    ) async throws(DIError) -> P {
        let (position, step) = cursor.advance()
        guard step >= 0, let plan else {
            return try await resolveAsync(P.self, Request(qualifier: cursor.owner.givenQualifier(at: position)))
        }
        tracer?.beginRequest(P.self, Request())
        let chosen = plan.steps[step].component
        tracer?.noteChoice(chosen, settledReason(cursor.owner, at: position))
        do throws(DIError) {
            return try typed(try await answerAsync(with: chosen, Request(), step: step), P.self)
        } catch {
            throw failed(error, P.self, Request(), answeredBy: chosen)
        }
    }

    nonisolated(nonsending) package func dependencyAsync<P>(
        _ type: P.Type,
        qualifier: DIQualifier
    ) async throws(DIError) -> P {
        try await resolveAsync(P.self, Request(qualifier: qualifier))
    }

    /// Resolves `Wrapped?` in an async resolve: `nil` when nothing, or more than one thing, matches.
    nonisolated(nonsending) func resolveOptionalAsync<Wrapped>(
        _ type: Wrapped.Type,
        _ request: Request
    ) async throws(DIError) -> Wrapped? {
        switch try optionalPlan(Wrapped.self, request) {
        case .none: return nil
        case .resolve(let request): return try await resolveAsync(Wrapped.self, request)
        case .wrap(let component, let request):
            let mark = branchMark
            do {
                return try await resolveAsync(Wrapped.self, request)
            } catch  where answersNil(after: error, Wrapped.self, component, requestOpen: false) {
                abandonBranch(since: mark)
                return nil
            }
        case .answer: return try await answerOptionalAsync(Wrapped.self, request)
        case .tryResolve:
            do {
                return try await resolveAsync(Wrapped.self, request)
            } catch {
                return nil
            }
        }
    }

    /// Resolves every component of `Element` in an async resolve (see ``resolveAll(_:_:ownFramework:)``).
    nonisolated(nonsending) func resolveAllAsync<Element>(
        _ type: Element.Type,
        _ request: Request,
        ownFramework: Bool = false
    ) async throws(DIError) -> [Element] {
        var values: [Element] = []
        for pinned in manyRequests(Element.self, request, ownFramework: ownFramework) {
            do {
                values.append(try await resolveAsync(Element.self, pinned))
            } catch  where error.isAbsence(of: pinned) {
                continue
            } catch {
                throw manyFailed(error, Element.self, request)
            }
        }
        return values
    }

    /// The instance answering a request for `requested`, in an async resolve.
    nonisolated(nonsending) private func answerAsync(
        _ requested: Any.Type,
        _ request: Request
    ) async throws(DIError) -> Any {
        tracer?.beginRequest(requested, request)
        let component: Component
        do throws(DIError) {
            component = try choose(requested, request, optional: false).unsafelyUnwrapped
        } catch {
            throw failed(error, requested, request)
        }
        do throws(DIError) {
            return try await answerAsync(with: component, request)
        } catch {
            throw failed(error, requested, request, answeredBy: component)
        }
    }

    /// The instance answering an optional request, in an async resolve (see ``answerOptional(_:_:)``).
    nonisolated(nonsending) private func answerOptionalAsync<Wrapped>(
        _ type: Wrapped.Type,
        _ request: Request
    ) async throws(DIError) -> Wrapped? {
        tracer?.beginRequest(Wrapped.self, request)
        var chosen: Component?
        do throws(DIError) {
            guard let component = try choose(Wrapped.self, request, optional: true) else {
                tracer?.finishRequest(.skipped)
                return nil
            }
            chosen = component
            let mark = branchMark
            let value: Any
            do {
                value = try await answerAsync(with: component, request)
            } catch  where answersNil(after: error, Wrapped.self, component) {
                abandonBranch(since: mark)
                return nil
            }
            do {
                return try typed(value, Wrapped.self)
            } catch  where answersNil(after: error, Wrapped.self, component, requestOpen: false) {
                abandonBranch(since: mark)
                return nil
            }
        } catch {
            throw failed(error, Wrapped.self, request, answeredBy: chosen)
        }
    }

    @inline(__always)
    nonisolated(nonsending) private func answerAsync(
        with component: Component,
        _ request: Request,
        step: Int = -1
    ) async throws(DIError) -> Any {
        tracer?.chose(component)
        let value = try await instanceAsync(of: component, request, step: step)
        tracer?.finishRequest(lastOutcome)
        return value
    }

    /// ``instance(of:_:)`` in an async resolve. Sets ``lastOutcome``.
    nonisolated(nonsending) func instanceAsync(
        of component: Component,
        _ request: Request,
        step known: Int = -1
    ) async throws(DIError) -> Any {
        try checkArgumentsGiven(to: component, request)
        let step = step(for: component, known: known)
        let cell: InstanceCell
        switch component.storage {
        case .none:
            let value = try await buildAsync(component, request, step: step, making: nil)
            lastOutcome = .made
            return value
        case .graph:
            if let shared = sharedGraph(of: component, request) {
                if let value = instanceKeptBesideGraph(of: component) { return reused(value, component) }
                cell = shared.cell(for: component.id)
            } else {
                let slot = graphStorage == nil ? slot(at: step) : -1
                if let value = localInstance(of: component, slot: slot) { return reused(value, component) }
                let value = try await buildAsync(component, request, step: step, making: nil)
                holdBackIfHalfMade(component, slot: slot)
                lastOutcome = .made
                return value
            }
        case .cell:
            guard let own = container.cell(for: component) else {
                preconditionFailure("a cached component without a cell")
            }
            cell = own
        }
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
                let outcome = await flight.gate.waitAsync(as: maker)
                if let value = try waited(for: flight, in: cell, component, outcome) { return value }
            // The maker failed; claim again (and maybe make it here).
            case .make(let ticket):
                if let owner = container.ancestorMaking(component) {
                    cell.abandon(ticket)
                    let value = try await owner.makeOwnedAsync(component, request, for: self)
                    lastOutcome = .made
                    return value
                }
                checkChoicesCurrent(for: ticket)
                let value: Any
                do {
                    // Shielded when any async code may run: its own, or what it needs.
                    value =
                        component.makesSynchronously && component.dependencyCount == 0
                        ? try await buildAsync(component, request, step: step, making: (cell, ticket))
                        : try await buildShielded(component, request, step: step, making: (cell, ticket))
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

    /// ``buildAsync(_:_:step:making:)`` of a kept instance, in a task of its own this resolve
    /// awaits, as this resolve (``ResolveIdentity/init(continuing:)``): made for everyone, it
    /// must not see the cancellation of the task that started it (a cut `Task.sleep`,
    /// `Task.isCancelled`), in its code or its dependencies'. The context goes to the task;
    /// resolves its code makes join it as usual.
    ///
    /// The instance comes back in a box this resolve empties, not as the task's result: the
    /// runtime may let go of a finished task after the resolve it woke has returned, and a
    /// result would keep a `.weak` instance alive that the app has already dropped.
    nonisolated(nonsending) private func buildShielded(
        _ component: Component,
        _ request: Request,
        step: Int,
        making: (InstanceCell, InstanceCell.Ticket)
    ) async throws(DIError) -> Any {
        let handed = Handoff((context: self, component: component, request: request, making: making))
        let resolve = ResolveTask.identity
        let made = Locked<Any?>(nil)
        let making = Task { () async -> DIError? in
            let (context, component, request, making) = handed.value
            let continued = resolve.map(ResolveIdentity.init(continuing:))
            defer { continued?.end() }
            return await ResolveTask.$identity.withValue(continued) { () async -> DIError? in
                do throws(DIError) {
                    let value = try await context.buildAsync(component, request, step: step, making: making)
                    made.withLock { $0 = value }
                    return nil
                } catch {
                    return error
                }
            }
        }
        if let error = await making.value { throw error }
        // Moved out under the lock: the box is left empty, so no instance is released there.
        guard let value = made.withLock({ $0.take() }) else {
            preconditionFailure("a shielded making ended with neither an instance nor an error")
        }
        return value
    }

    nonisolated(nonsending) private func buildAsync(
        _ component: Component,
        _ request: Request,
        step: Int,
        making: (InstanceCell, InstanceCell.Ticket)?
    ) async throws(DIError) -> Any {
        try prepareBuild(component, request, making: making)
        defer { endBuild(component) }
        // `prepareBuild` made sure there is a factory.
        willMake(step: step)
        // Async user code runs with this resolve linked for the resolves it makes (and the
        // tasks it starts while it runs); a synchronous factory runs bound to its thread,
        // as in a synchronous resolve (see `makeAwaitingParameters`).
        let value: Any
        if let makeAsync = component.config.factory?.makeAsync {
            // Linked around the factory's own code only (see `callFactory`).
            value = try await makeAsync(self, component)
        } else {
            value = try await makeAwaitingParameters(component)
        }
        madeInstance(component, value, step, making: making)
        guard !component.config.injections.isEmpty || component.config.postInit != nil else { return value }
        let wasWhole = beginShowing()
        do throws(DIError) {
            try await joinable { () async throws(DIError) -> Void in
                for injection in component.config.injections where !injection.isCycle {
                    try await injection.box.applyAsync(value, self)
                }
                if !deferIfNeeded(component, value), let postInit = component.config.postInit {
                    try await postInit.applyAsync(value, self)
                }
            }
        } catch {
            showing -= 1
            forgetHalfMade(component, step: step, making: making)
            throw error
        }
        endShowing(wasWhole: wasWhole)
        return value
    }

    /// Makes the instance of a component with a synchronous factory in an async resolve: its
    /// parameters are awaited in order (they may be async components), then the factory runs
    /// with them (``AwaitedParameters``), on the main actor if it is isolated there, with this
    /// resolve bound to its thread (``boundToThread(_:)``) as in a synchronous resolve: a
    /// resolve it makes joins this one, a task it starts is on its own.
    nonisolated(nonsending) private func makeAwaitingParameters(_ component: Component) async throws(DIError) -> Any {
        var values: [Any] = []
        values.reserveCapacity(component.config.parameters.count)
        var cursor = cursor(for: component)
        for dependency in component.config.parameters {
            values.append(try await awaitParameter(dependency.type, &cursor))
        }
        let parameters = AwaitedParameters(values)
        guard component.config.factory?.runsOnMainActor == true, !isOnMainActor else {
            return try boundToThread { () throws(DIError) in try component.make(parameters, component) }
        }
        let make = component.make
        return try await MainActorCall.hop(carrying: (parameters, self)) { carried throws(DIError) in
            let (parameters, context) = carried
            return try context.boundToThread { () throws(DIError) in try make(parameters, component) }
        }
    }

    /// Calls an async factory with the parameters this resolve awaited for it, with this
    /// resolve linked for the resolves the factory makes and the tasks it starts. The
    /// resolve is idle until the factory returns, so the link takes its graph only if one
    /// of those joins it (see ``ResolveLink``).
    nonisolated(nonsending) package func callFactory(_ factory: () async -> Any) async throws(DIError) -> Any {
        try await joinable(idle: true) { () async throws(DIError) -> Any in await factory() }
    }

    /// One parameter, as the factory's own code would await it.
    @inline(__always)
    nonisolated(nonsending) private func awaitParameter<P>(
        _ type: P.Type,
        _ cursor: inout ParameterCursor
    ) async throws(DIError) -> Any {
        try await parameterAsync(P.self, &cursor)
    }

    /// The async ``finish(_:)``: deferred `cycle:` injections may resolve async components.
    nonisolated(nonsending) func finishAsync(_ root: RootRequest?) async throws(DIError) {
        while let item = nextDeferred() {
            do throws(DIError) {
                try await joinable { () async throws(DIError) in
                    for injection in item.component.config.injections where injection.isCycle {
                        try await injection.box.applyAsync(item.instance, self)
                    }
                    if let postInit = item.component.config.postInit {
                        try await postInit.applyAsync(item.instance, self)
                    }
                }
            } catch {
                throw deferredFailed(item, error, root: root)
            }
            endDeferred()
        }
        try await awaitPassedMakingsAsync()
        finishHeldRoot(error: nil)
        commitPending()
    }

    /// ``resolveShape(_:as:in:_:)``'s async twin.
    nonisolated(nonsending) private static func resolveShapeAsync<S: DIShape, P>(
        _ shape: S.Type,
        as type: P.Type,
        in context: ResolveContext,
        _ request: Request
    ) async throws(DIError) -> P {
        try context.typed(opened: try await S.resolveAsync(in: context, request), P.self)
    }
}

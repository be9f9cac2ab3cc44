import DILazy

// The async twin of the resolve pipeline. Decisions (choosing a component, checking
// arguments, cycles, slots, events) are the same synchronous helpers the sync pipeline uses;
// only the steps that run user code — factories and injections — are awaited here, so sync
// and async components mix freely in one graph.
extension ResolveContext {
    /// Resolves any request type in an async resolve.
    func valueAsync<P>(_ type: P.Type, _ request: Request) async throws(DIError) -> P {
        if let shape = P.self as? any DIShape.Type {
            let value = try await Self.resolveShapeAsync(shape, in: self, request)
            return try typed(value, P.self)
        }
        return try await directAsync(P.self, request)
    }

    /// Resolves a registered type in an async resolve: choose the component, get or make it.
    func directAsync<P>(_ type: P.Type, _ request: Request) async throws(DIError) -> P {
        try typed(try await componentAsync(P.self, request), P.self)
    }

    /// Resolves parameter `position` of `owner`'s async factory (moving `position` on), by its plan.
    @usableFromInline
    func parameterAsync<P>(_ type: P.Type, of owner: Component, at position: inout Int) async throws(DIError) -> P {
        let position = next(&position)
        guard owner.directParameters[position] else { return try await valueAsync(P.self, Request()) }
        return try await directAsync(P.self, plainRequest(for: owner, at: position, P.self))
    }

    /// Resolves `Wrapped?` in an async resolve: `nil` when nothing, or more than one thing, matches.
    func optionalValueAsync<Wrapped>(_ type: Wrapped.Type, _ request: Request) async throws(DIError) -> Wrapped? {
        switch try optionalPlan(Wrapped.self, request) {
        case .none: return nil
        case .value(let request): return try await valueAsync(Wrapped.self, request)
        case .direct:
            guard let value = try await optionalComponentAsync(Wrapped.self, request) else { return nil }
            return try typed(value, Wrapped.self)
        case .tryValue:
            do {
                return try await valueAsync(Wrapped.self, request)
            } catch {
                return nil
            }
        }
    }

    /// Resolves every component of `Element` in an async resolve.
    func resolveAllAsync<Element>(_ type: Element.Type, _ request: Request) async throws(DIError) -> [Element] {
        var values: [Element] = []
        for pinned in manyRequests(Element.self, request) {
            values.append(try await valueAsync(Element.self, pinned))
        }
        return values
    }

    /// The instance answering a request for `requested`, in an async resolve.
    private func componentAsync(_ requested: Any.Type, _ request: Request) async throws(DIError) -> Any {
        if observed { beginRequest(requested, request) }
        do throws(DIError) {
            let component = try choose(requested, request, optional: false).unsafelyUnwrapped
            return try await answerAsync(component, request)
        } catch {
            throw failed(error, requested, request)
        }
    }

    /// The instance answering an optional request, in an async resolve.
    private func optionalComponentAsync(_ requested: Any.Type, _ request: Request) async throws(DIError) -> Any? {
        if observed { beginRequest(requested, request) }
        do throws(DIError) {
            guard let component = try choose(requested, request, optional: true) else {
                if observed { finishFrame(.skipped, component: nil) }
                return nil
            }
            return try await answerAsync(component, request)
        } catch {
            throw failed(error, requested, request)
        }
    }

    private func answerAsync(_ component: Component, _ request: Request) async throws(DIError) -> Any {
        if observed { frames[frames.count - 1].component = component }
        let value = try await instanceAsync(of: component, request)
        if observed { finishFrame(lastOutcome, component: component) }
        return value
    }

    /// Sets ``lastOutcome``, as ``instance(of:_:)`` does.
    private func instanceAsync(of component: Component, _ request: Request) async throws(DIError) -> Any {
        if let value = localInstance(of: component) { return value }
        guard let slot = slot(for: component) else {
            let value = try await buildAsync(component, request, making: nil)
            lastOutcome = .made  // after the build: its own requests set it too
            return value
        }
        while true {
            switch slot.claim(by: maker) {
            case .ready(let value):
                return reused(value, component)
            case .reentered:
                throw cycleError(component)
            case .wait(let flight):
                guard await flight.gate.waitUnlessDeadlockedAsync() else { throw crossThreadCycle(component) }
                if let value = slot.result(of: flight) { return reused(value, component) }
            // The maker failed; claim again (and maybe make it here).
            case .make(let ticket):
                let value: Any
                do {
                    value = try await buildAsync(component, request, making: (slot, ticket))
                } catch {
                    slot.abandon(ticket)
                    throw error
                }
                settle(slot, ticket, component, value)
                lastOutcome = .made
                return value
            }
        }
    }

    private func buildAsync(
        _ component: Component,
        _ request: Request,
        making: (Slot, Slot.Ticket)?
    ) async throws(DIError) -> Any {
        try prepareBuild(component, request, making: making)
        defer { endBuild() }
        // `prepareBuild` made sure there is a factory.
        let value =
            if let makeAsync = component.config.factory.unsafelyUnwrapped.makeAsync {
                try await makeAsync(self, component)
            } else {
                try await makeAwaitingParameters(component)
            }
        madeInstance(component, value, making: making)
        for injection in component.config.injections where !injection.isCycle {
            try await injection.box.applyAsync(value, self)
        }
        if deferIfNeeded(component, value) { return value }
        if let postInit = component.config.postInit { try await postInit.applyAsync(value, self) }
        return value
    }

    /// Makes an instance of a component with a synchronous factory in an async resolve: its
    /// parameters are awaited in order (so they may be async components themselves), then
    /// the factory runs with them.
    ///
    /// The factory is called with ``Component/awaitedParameters`` in place of its component,
    /// which sends each of its parameters to the values awaited here
    /// (``parameter(_:of:at:)``); the factory reads them all before its body runs.
    func makeAwaitingParameters(_ component: Component) async throws(DIError) -> Any {
        var values: [Any] = []
        values.reserveCapacity(component.config.parameters.count)
        var position = 0
        for dependency in component.config.parameters {
            values.append(try await awaitParameter(dependency.type, of: component, at: &position))
        }
        // Nothing nests here: the factory is synchronous, and takes its parameters before
        // its body (user code) runs.
        awaitedParameters = values
        defer { awaitedParameters = [] }
        return try component.make(self, Component.awaitedParameters)
    }

    /// One parameter of `owner` in an async resolve, as the factory's own code would await it.
    private func awaitParameter<P>(
        _ type: P.Type,
        of owner: Component,
        at position: inout Int
    ) async throws(DIError) -> Any {
        try await parameterAsync(P.self, of: owner, at: &position)
    }

    /// The async ``finish()``: deferred `cycle:` injections may resolve async components.
    func finishAsync() async throws(DIError) {
        while let item = nextDeferred() {
            do throws(DIError) {
                for injection in item.component.config.injections where injection.isCycle {
                    try await injection.box.applyAsync(item.instance, self)
                }
                if let postInit = item.component.config.postInit { try await postInit.applyAsync(item.instance, self) }
            } catch {
                throw error.within(typeName(item.component.config.type))
            }
            endDeferred()
        }
        commitPending()
    }

    private static func resolveShapeAsync<S: DIShape>(
        _ shape: S.Type,
        in context: ResolveContext,
        _ request: Request
    ) async throws(DIError) -> S {
        try await S.resolveAsync(in: context, request)
    }
}

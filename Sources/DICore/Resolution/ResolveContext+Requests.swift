import DIRuntime

// Requests: what is asked for (a registered type, or a wrapper around one), and which
// component answers. One verb per idea (CONTRIBUTING, "Walking one resolve"): a request is
// *resolved* (`resolve`, any type, wrappers included), a registered type's request is
// *answered* (`answer`: its events, its component *chosen* by `choose`), and the chosen
// component's *instance* comes from `+Instances`, which *builds* it when it must.
extension ResolveContext: DependencySource {
    /// Resolves any request type: wrappers (`Optional`, `Lazy`, `DIMany`, …) or a registered
    /// type, whose request ``answer(_:_:)`` answers.
    ///
    /// `registered`: the caller's plan of the request says `P` is a registered type, no
    /// wrapper, which spares the runtime's conformance lookup that tells them apart.
    package func resolve<P>(_ type: P.Type, _ request: Request, registered: Bool = false) throws(DIError) -> P {
        if !registered, let shape = P.self as? any DIShape.Type {
            return try Self.resolveShape(shape, as: P.self, in: self, request)
        }
        return try typed(try answer(P.self, request), P.self)
    }

    /// The top-level request of a resolve: pinned to its component before anything else
    /// when exactly one answers, so a registered type skips the wrapper check. Why it won
    /// goes to the tracer with the pin.
    func resolveRoot<T>(_ type: T.Type, _ request: inout Request) throws(DIError) -> T {
        pinRoot(T.self, &request)
        guard let pinned = request.pinned else {
            guard let tracer, opensOwnRequest(T.self) else { return try resolve(T.self, request) }
            tracer.beginRequest(T.self, request)
            do throws(DIError) {
                let value = try resolve(T.self, request)
                tracer.finishRequest(.skipped)
                return value
            } catch {
                tracer.failRequest(error)
                throw error
            }
        }
        return try typed(try answer(T.self, chosen: pinned, request), T.self)
    }

    /// Whether a top-level request for `T`, observed, is a request of its own in the trace:
    /// a wrapper made of other requests (`[T]` through `many`, a `Lazy`, a `Provider`) is the
    /// one request its trace is about, with theirs inside it. (An optional is its wrapped
    /// type's request; a registered type, its own.) Its outcome is `skipped`: no component
    /// answers it itself.
    func opensOwnRequest<T>(_ type: T.Type) -> Bool {
        isComposedRequest(T.self)
    }

    /// Pins the top-level request for a `T` to its component when exactly one answers (a
    /// `T` is then a registered type, no wrapper), keeping why it won for the tracer; notes
    /// the arguments it gives its component (``rootArguments``).
    @inline(__always)
    func pinRoot<T>(_ type: T.Type, _ request: inout Request) {
        if let arguments = request.arguments {
            state.value.usedGeneralWay = true
            rootArguments = arguments
        }
        guard request.pinned == nil,
            case .one(let component, let reason) = container.select(
                DIKey(ObjectIdentifier(T.self), request.qualifier),
                framework: framework(for: request)
            )
        else { return }
        request.pinned = component
        pinReason = reason
        tracer?.pinned(component, reason)
    }

    // MARK: Dependencies of factories and injections

    package func settledParameter(
        _ requested: Any.Type,
        step: Int,
        of owner: Component,
        at position: Int
    ) throws(DIError) -> Any {
        // swift-format-ignore: NeverForceUnwrap
        let component = plan!.steps[step].component  // a settled step is the plan's
        return try answer(requested, chosen: component, Request(), step: step, owner: owner, at: position)
    }

    package func unsettledParameter<P>(_ type: P.Type, of owner: Component, at position: Int) throws(DIError) -> P {
        let parameters = owner.config.parameters
        guard position < parameters.count else {
            return try resolve(P.self, Request(qualifier: owner.givenQualifier(at: position)))
        }
        // What registration found out about the parameter's type, rather than a conformance
        // lookup per build: a wrapper makes itself; any other type is a registered one.
        guard let wrapper = parameters[position].wrapper else {
            return try resolve(P.self, Request(qualifier: owner.givenQualifier(at: position)), registered: true)
        }
        func make<W: DIRequestWrapper>(_ wrapper: W.Type) throws(DIError) -> P {
            try typed(opened: try W.parameter(in: self, of: owner, at: position), P.self)
        }
        return try make(wrapper)
    }

    package func dependency<P>(_ type: P.Type, qualifier: DIQualifier) throws(DIError) -> P {
        try resolve(P.self, Request(qualifier: qualifier))
    }

    // MARK: Wrappers

    /// Resolves `Wrapped?`: `nil` when nothing, or more than one thing, matches.
    func resolveOptional<Wrapped>(_ type: Wrapped.Type, _ request: Request) throws(DIError) -> Wrapped? {
        switch try optionalPlan(Wrapped.self, request) {
        case .none: return nil
        case .resolve(let request): return try resolve(Wrapped.self, request)
        case .wrap(let component, let request):
            // `nil` when the wrapper or the `many` cannot be made, as a plain `T?` is
            // (`Provider1<T, A>?` whose arguments can never fit, a member that fails, …).
            let mark = branchMark
            do {
                return try resolve(Wrapped.self, request)
            } catch  where answersNil(after: error, Wrapped.self, component, requestOpen: false) {
                abandonBranch(since: mark)
                return nil
            }
        case .answer: return try answerOptional(Wrapped.self, request)
        case .tryResolve: return try? resolve(Wrapped.self, request)
        }
    }

    /// How to answer an optional request.
    enum OptionalPlan {
        /// Nothing (or more than one thing) matches.
        case none
        /// Resolve the wrapped type with this request (a component may be pinned).
        case resolve(Request)
        /// Resolve the wrapper (`Lazy<T>`, `Provider1<T, A>`, `DINamed<T, N>`) of the
        /// component chosen for it, pinned to it in the request, or (no component) a `many`
        /// (``DIMany``, `[T]`): `nil`, with a warning, when it cannot be made.
        case wrap(Component?, Request)
        /// Answer the registered type's request as an optional one.
        case answer
        /// Resolve, and answer `nil` on failure (an optional runtime argument).
        case tryResolve
    }

    /// Decides how to answer `Wrapped?`, choosing the component of a wrapped request now.
    func optionalPlan<Wrapped>(_ type: Wrapped.Type, _ request: Request) throws(DIError) -> OptionalPlan {
        let (dependency, leafRequest) = leaf(of: Wrapped.self, request)
        if dependency.wrappers.contains(.many) { return .wrap(nil, request) }
        if dependency.wrappers.contains(.container) { return .resolve(request) }
        if dependency.wrappers.contains(.argument) { return .tryResolve }
        if request.pinned != nil { return .resolve(request) }
        guard Wrapped.self is any DIShape.Type else {
            if building.isEmpty,
                !container.hasCandidates(DIKey(ObjectIdentifier(Wrapped.self), request.qualifier))
            {
                // What `answerOptional` does when nothing matches, without its selection.
                tracer?.beginRequest(Wrapped.self, request)
                reportAbsent(Wrapped.self, request.qualifier, framework: request.framework)
                tracer?.finishRequest(.skipped)
                answeredAbsent = true
                return .none
            }
            return .answer
        }
        guard let component = try choose(dependency.leaf, leafRequest, optional: true) else { return .none }
        // A `Lazy<T>?` chooses again when handed out, as a `Lazy<T>` does: pinned, it would
        // keep this component after a registration (a pin is what `many` gives each member).
        if dependency.isDelayed { return .wrap(component, request) }
        var pinned = request
        pinned.pinned = component
        return .wrap(component, pinned)
    }

    /// Resolves every component of `Element` (parent container's first), in registration
    /// order; with `ownFramework`, only those of the requester's framework.
    func resolveAll<Element>(
        _ type: Element.Type,
        _ request: Request,
        ownFramework: Bool = false
    ) throws(DIError) -> [Element] {
        var values: [Element] = []
        for pinned in manyRequests(Element.self, request, ownFramework: ownFramework) {
            do {
                values.append(try resolve(Element.self, pinned))
            } catch  where error.isAbsence(of: pinned) {
                continue
            } catch {
                throw manyFailed(error, Element.self, request)
            }
        }
        return values
    }

    /// The error of a member of a `many`, with the `many` (`[Animal]`) on its path.
    func manyFailed<Element>(_ error: DIError, _ type: Element.Type, _ request: Request) -> DIError {
        error.within(DIDependency.planMany(Element.self, qualifier: request.qualifier).label)
    }

    // (A component whose closure returned `nil` is left out: see `DIError.isAbsence(of:)`.)

    /// One request per component of `Element`, in order, leaving out the requester itself
    /// (and, with `ownFramework`, those of other frameworks than the requester's).
    func manyRequests<Element>(_ type: Element.Type, _ request: Request, ownFramework: Bool = false) -> [Request] {
        let (dependency, leafRequest) = leaf(of: Element.self, request)
        let excluded = requester?.id ?? state.value.delayedHolder
        let framework = framework(for: request)
        return container.allCandidates(DIKey(ObjectIdentifier(dependency.leaf), leafRequest.qualifier)).compactMap {
            component in
            guard component.id != excluded, !ownFramework || component.config.origin.framework == framework else {
                return nil
            }
            var pinned = request
            pinned.pinned = component
            return pinned
        }
    }

    /// Chooses the component a delayed request will use now (so a missing or ambiguous
    /// registration fails the outer resolve, not a later `.value`), and captures the graph.
    ///
    /// A `Provider1` … or `Lazy1` … whose argument types cannot feed the component's `arg`
    /// parameters (``Component/accepts(argumentTypes:)``) can never work, so that too fails now.
    /// So does one given runtime arguments itself (`resolve(args:)` of a `Lazy`): they are
    /// not kept for its later resolve (they need not be `Sendable`, and it may run anywhere).
    ///
    /// A failure's path says the request as written (`wrapper`, `Provider1<Router, Int>`),
    /// then the component chosen for it, or the type nothing answers.
    func delayedPinned<Value>(
        _ type: Value.Type,
        as wrapper: Any.Type,
        _ request: Request,
        passing argumentTypes: [Any.Type] = []
    ) throws(DIError) -> DelayedResolver {
        if let given = request.arguments { throw argumentsForDelayed(Value.self, given) }
        let (dependency, leafRequest) = leaf(of: Value.self, request)
        var request = request
        let needsComponent = dependency.wrappers.isDisjoint(with: [.optional, .many, .container])
        guard needsComponent else { return delayed(request, registered: false) }
        // Read before choosing: a registration meanwhile makes the first `.value` choose again.
        let choiceEpoch = request.pinned == nil ? Epochs.registryNow : nil
        tracer?.pushBookkeeping(dependency.leaf, leafRequest.qualifier, component: nil)
        defer { tracer?.popBookkeeping() }
        do throws(DIError) {
            if request.pinned == nil {
                request.pinned = try choose(dependency.leaf, leafRequest, optional: false)
            }
            if !dependency.isDelayed, let component = request.pinned, !component.accepts(argumentTypes: argumentTypes) {
                throw argumentMismatch(component, given: argumentTypes, passedBy: .delayed)
            }
        } catch {
            throw error.within(
                requestLabel(dependency.leaf, leafRequest.qualifier),
                answeredBy: aliasingName(of: request.pinned, answering: dependency.leaf)
            ).within(requestLabel(wrapper, request.qualifier))
        }
        return delayed(
            request,
            registered: ObjectIdentifier(dependency.leaf) == ObjectIdentifier(Value.self),
            choiceEpoch: choiceEpoch
        )
    }

    /// What `type` wraps, for choosing its component ahead of resolving `type` itself: the
    /// wrappers' description, and the request for the leaf type, whose qualifier carries the
    /// tags of the `DIByTag`s on the way (as resolving through them adds them).
    private func leaf<Wrapper>(of type: Wrapper.Type, _ request: Request) -> (DIDependency, Request) {
        let dependency = DIDependency.plan(Wrapper.self, qualifier: request.qualifier)
        var leafRequest = request
        leafRequest.qualifier = dependency.qualifier
        return (dependency, leafRequest)
    }

    /// A handle a `Lazy`/`Provider` keeps to resolve later in this resolve's graph;
    /// `registered` when what it resolves is a registered type, no wrapper;
    /// `choiceEpoch`: the registry count read before the request's pinned component was
    /// chosen for it, if it was (see `DelayedResolver`).
    func delayed(_ request: Request, registered: Bool, choiceEpoch: Int? = nil) -> DelayedResolver {
        graphEscaped = true
        var request = request
        request.framework = framework(for: request)
        return DelayedResolver(
            container: container,
            graph: graph,
            request: request,
            holder: requester?.id,
            registered: registered,
            choiceEpoch: choiceEpoch
        )
    }
}

import DIRuntime

// Answering a request: choosing its component (or taking the one chosen already), getting
// its instance, and locating an error one request further out.
extension ResolveContext {
    /// The instance answering a request for `requested` (not generic: no type metadata is
    /// built per call). Errors get their path as they unwind: each request adds its label.
    func answer(_ requested: Any.Type, _ request: Request) throws(DIError) -> Any {
        if let tracer { begin(requested, request, in: tracer) }
        // A required request chooses one component or throws.
        let component: Component
        do throws(DIError) {
            component = try choose(requested, request, optional: false).unsafelyUnwrapped
        } catch {
            throw failed(error, requested, request)
        }
        do throws(DIError) {
            return try answer(with: component, request)
        } catch {
            throw failed(error, requested, request, answeredBy: component)
        }
    }

    /// Opens the request's frame in `tracer`. Out of line, as what else only an observed
    /// resolve does: an unobserved resolve's level of a nested resolve does not carry its
    /// locals (see ``checkStackLeft()``).
    @inline(never)
    private func begin(_ requested: Any.Type, _ request: Request, in tracer: ResolveTracer) {
        tracer.beginRequest(requested, request)
    }

    /// The instance answering an optional request for `Wrapped`: `nil` when nothing, or
    /// more than one thing, matches, or when the chosen component cannot make a `Wrapped`
    /// (see ``answersNil(after:_:_:requestOpen:)``).
    func answerOptional<Wrapped>(_ type: Wrapped.Type, _ request: Request) throws(DIError) -> Wrapped? {
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
                value = try answer(with: component, request)
            } catch  where answersNil(after: error, Wrapped.self, component) {
                abandonBranch(since: mark)
                return nil
            }
            // An `.as` that does not hold: the instance is whole, but not a `Wrapped`.
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

    /// The instance answering a request whose component is already chosen (the top-level
    /// request's pin, or a parameter settled beforehand, see ``ParameterCursor``): the steps
    /// of ``answer(_:_:)`` after its choice, with the same events and errors.
    ///
    /// A parameter the plan settled names its `owner` and `position`, for the reason its
    /// component won; the top-level request's pin has its reason with the tracer already.
    func answer(
        _ requested: Any.Type,
        chosen component: Component,
        _ request: Request,
        step: Int = -1,
        owner: Component? = nil,
        at position: Int = 0
    ) throws(DIError) -> Any {
        guard let tracer else {
            do throws(DIError) {
                return try instance(of: component, request, step: step)
            } catch {
                throw located(error, requested, request.qualifier, answeredBy: component)
            }
        }
        return try tracedAnswer(tracer, requested, chosen: component, request, step: step, owner: owner, at: position)
    }

    /// `error` one request further out, at a request for `requested` with `qualifier` that
    /// `component` answered. Out of line: the label's string work stays out of the frame of
    /// every level of a nested resolve (see ``checkStackLeft()``).
    @inline(never)
    private func located(
        _ error: DIError,
        _ requested: Any.Type,
        _ qualifier: DIQualifier,
        answeredBy component: Component
    ) -> DIError {
        error.within(requestLabel(requested, qualifier), answeredBy: aliasingName(of: component, answering: requested))
    }

    /// ``answer(_:chosen:_:step:owner:at:)`` when observed. Out of line, for the same reason
    /// as ``located(_:_:_:answeredBy:)``: an unobserved resolve's level does not carry its
    /// locals.
    @inline(never)
    private func tracedAnswer(
        _ tracer: ResolveTracer,
        _ requested: Any.Type,
        chosen component: Component,
        _ request: Request,
        step: Int,
        owner: Component?,
        at position: Int
    ) throws(DIError) -> Any {
        tracer.beginRequest(requested, request)
        if let owner {
            tracer.noteChoice(component, settledReason(owner, at: position))
        } else {
            tracer.notePinnedChoice(component)
        }
        do throws(DIError) {
            return try answer(with: component, request, step: step)
        } catch {
            throw failed(error, requested, request, answeredBy: component)
        }
    }

    /// The instance of the component chosen for the current request, with its events.
    private func answer(with component: Component, _ request: Request, step: Int = -1) throws(DIError) -> Any {
        guard let tracer else { return try instance(of: component, request, step: step) }
        return try tracedInstance(of: component, request, step: step, in: tracer)
    }

    /// ``answer(with:_:step:)`` when observed (out of line, as ``begin(_:_:in:)``).
    @inline(never)
    private func tracedInstance(
        of component: Component,
        _ request: Request,
        step: Int,
        in tracer: ResolveTracer
    ) throws(DIError) -> Any {
        tracer.chose(component)
        let value = try instance(of: component, request, step: step)
        tracer.finishRequest(lastOutcome)
        return value
    }

    /// The framework whose registrations win a tie for `request`: the one it names
    /// (`resolve(from:)`, a `Lazy` handed out in a framework's component), else the
    /// requester's — the component being made, or, for a resolve a factory made (through its
    /// `DIContainer` parameter or a captured container), the component that factory makes.
    func framework(for request: Request) -> OriginUnit? {
        request.framework ?? (requester ?? outerChain.last)?.config.origin.framework
    }

    /// The component answering a request, by the priority rules.
    func choose(_ leaf: Any.Type, _ request: Request, optional: Bool) throws(DIError) -> Component? {
        if let pinned = request.pinned {
            tracer?.notePinnedChoice(pinned)
            return pinned
        }
        let key = DIKey(ObjectIdentifier(leaf), request.qualifier)
        let framework = framework(for: request)
        switch container.select(key, framework: framework) {
        case .one(let component, let reason):
            tracer?.noteChoice(component, reason)
            return component
        case .none:
            if optional {
                reportAbsent(leaf, request.qualifier, framework: framework)
                return nil
            }
            throw notRegistered(leaf, request.qualifier, framework: framework)
        case .ambiguous(let candidates):
            if optional {
                tracer?.noteAmbiguousNil(candidates, tie: container.tie(among: candidates, for: key))
                // The top-level request's: a `nil` remembered until the registry changes.
                if building.isEmpty { ambiguousCandidates = candidates }
                return nil
            }
            let kept = keptByAncestorNote(leaf, request.qualifier).map { "; \($0)" } ?? ""
            throw error(
                .ambiguous,
                container.tie(among: candidates, for: key) + unappendedFramework(request.framework) + kept,
                candidates: candidates.map(\.info)
            )
        }
    }

    /// What a tie's message adds when the request names a framework (`from:`) that was never
    /// appended: its priority could not pick anything, which is likely the mistake.
    private func unappendedFramework(_ framework: OriginUnit?) -> String {
        guard let framework, !container.loadedAlongChain().contains(framework.id) else { return "" }
        return "; \(framework.name), which the request is from, is never appended to this container, "
            + "so its registrations and imports pick nothing (add container.append(framework: \(framework.name).self))"
    }

    /// Resolves the wrapper `S`, which is `P` (opened from `P`'s metatype): handed back as
    /// the `P` it is, not boxed in an `Any` and cast back.
    static func resolveShape<S: DIShape, P>(
        _ shape: S.Type,
        as type: P.Type,
        in context: ResolveContext,
        _ request: Request
    ) throws(DIError) -> P {
        try context.typed(opened: try S.resolve(in: context, request), P.self)
    }
}

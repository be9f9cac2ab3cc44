import DIRuntime

// Where every resolve from outside a resolve starts: a remembered answer, or a new context
// that resolves the request, finishes (deferred injections) or undoes what it left.
extension DIContainer {
    /// Resolves a plain request (`resolve<T>()`) from outside any resolve: a remembered
    /// answer, if there is one.
    @inline(__always)
    func resolvePlain<T>(
        _ type: T.Type,
        onMainActor: Bool = false,
        call: ResolveCall = .synchronous
    ) throws(DIError) -> T {
        try resolveAnswering(T.self, ObjectIdentifier(T.self), .none, onMainActor: onMainActor, call: call)
    }

    /// Resolves a request with a name or tags (`resolve(name:)`, `resolve(tag:)`) from
    /// outside any resolve, as a plain one: its answer is remembered under the type and the
    /// qualifier (``QualifiedRequestKey``).
    ///
    /// The synchronous entry points call it only from outside a resolve: from inside a
    /// factory, where nothing is remembered or compiled, they join the resolve in progress
    /// with ``resolveTopLevel(_:_:remembering:remembered:onMainActor:argumentsByType:call:)``
    /// directly, so that a nesting level takes no more stack than it did (a deep chain of
    /// requests by name must reach ``ResolveContext/checkStackLeft()`` before the stack runs
    /// out, on a 256 KiB thread under ThreadSanitizer too).
    func resolveQualified<T>(
        _ type: T.Type,
        _ qualifier: DIQualifier,
        onMainActor: Bool = false,
        call: ResolveCall = .synchronous
    ) throws(DIError) -> T {
        try resolveAnswering(
            T.self,
            QualifiedRequestKey(T.self, qualifier),
            qualifier,
            onMainActor: onMainActor,
            call: call
        )
    }

    /// Resolves a request for `T` with `qualifier` from outside any resolve: the answer
    /// remembered under `key`, if there is one; else chosen now, and remembered.
    @inline(__always)
    private func resolveAnswering<T, Key: AnswerCache.Key>(
        _ type: T.Type,
        _ key: Key,
        _ qualifier: DIQualifier,
        onMainActor: Bool,
        call: ResolveCall
    ) throws(DIError) -> T {
        let epoch = answers.epoch
        let observed = isObserved
        switch answers.lookUp(key, epoch: epoch, objects: !observed) {
        case .nothing:
            let request = Request(qualifier: qualifier)
            return try resolveTopLevel(T.self, request, remembering: epoch, onMainActor: onMainActor, call: call)
        case .object(let object):
            // A class instance remembered for `T` itself (see `AnswerCache.Answer.object`),
            // retained once by the lookup: the caller's reference.
            return classInstance(taking: object, as: T.self)
        case .answer(let answer):
            if answer.dependsOnRequester, ResolveLink.isInProgress {
                return try resolveForRequester(T.self, qualifier, onMainActor: onMainActor, call: call)
            }
            return try resolveAnswered(
                T.self,
                answer,
                qualifier,
                epoch: epoch,
                observed: observed,
                onMainActor: onMainActor,
                call: call
            )
        }
    }

    /// Resolves a request made inside a resolve in progress whose remembered answer depends
    /// on who asks (``AnswerCache/Answer/isRightForCaller``): chosen anew, by the framework
    /// rules of its requester. Out of line: rare, and kept out of every resolve's frame.
    @inline(never)
    private func resolveForRequester<T>(
        _ type: T.Type,
        _ qualifier: DIQualifier,
        onMainActor: Bool,
        call: ResolveCall
    ) throws(DIError) -> T {
        try resolveTopLevel(T.self, Request(qualifier: qualifier), onMainActor: onMainActor, call: call)
    }

    /// Resolves a request for `T` with `qualifier` from outside any resolve with its
    /// remembered `answer`: the instance it holds, or its component's plan (compiled the
    /// second time).
    @inline(__always)
    func resolveAnswered<T>(
        _ type: T.Type,
        _ answer: AnswerCache.Answer,
        _ qualifier: DIQualifier,
        epoch: Int,
        observed: Bool,
        onMainActor: Bool,
        call: ResolveCall = .synchronous,
        stripe: Int = AnswerCache.stripeOfThread
    ) throws(DIError) -> T {
        if answer.isInstance { return try rememberedInstance(answer, T.self, qualifier, observed: observed) }
        // Passed on, not bound to one name: choosing between two answers would copy one.
        guard answer.isCompiled else {
            return try resolveRemembered(
                T.self,
                compiled(answer, for: T.self, qualifier, epoch: epoch, stripe: stripe),
                qualifier,
                onMainActor: onMainActor,
                call: call
            )
        }
        return try resolveRemembered(T.self, answer, qualifier, onMainActor: onMainActor, call: call)
    }

    /// The instance a remembered `answer` holds, reported as the resolve that found it would
    /// report it when `observed`.
    @inline(__always)
    func rememberedInstance<T>(
        _ answer: AnswerCache.Answer,
        _ type: T.Type,
        _ qualifier: DIQualifier,
        observed: Bool
    ) throws(DIError) -> T {
        if observed { traceRemembered(answer, T.self, qualifier) }
        return try cast(answer.instance, to: T.self)
    }

    /// Resolves a plain request from outside any resolve with its remembered `answer`, a
    /// component and its compiled plan: the compiled root, unless the root does not compile
    /// or a resolve is in progress here (then the general way, pinned to the component).
    ///
    /// A call of its own: inlined, its code made `resolve<T>()` a function whose entry and
    /// exit every repeat resolve of a remembered instance (a cached singleton, a failed
    /// optional) paid for too.
    @inline(never)
    private func resolveRemembered<T>(
        _ type: T.Type,
        _ answer: AnswerCache.Answer,
        _ qualifier: DIQualifier,
        onMainActor: Bool,
        call: ResolveCall = .synchronous
    ) throws(DIError) -> T {
        if answer.typedRoot != nil, !ResolveLink.isInProgress {
            return try resolveCompiled(
                T.self,
                answer,
                qualifier,
                onMainActor: onMainActor,
                call: call
            )
        }
        var request = Request(qualifier: qualifier)
        request.pinned = answer.component
        return try resolveTopLevel(
            T.self,
            request,
            remembered: answer,
            onMainActor: onMainActor,
            call: call
        )
    }

    /// Resolves a plain request from outside any resolve with the compiled root of its
    /// remembered answer's plan (see ``TypedStep``): the whole resolve is the root's code,
    /// in a pooled context that follows the plan. `qualifier`: the request's name or tags,
    /// which its events and errors show; `arguments`: its runtime arguments
    /// (`resolve(args:)`), which the root's step binds.
    @inline(__always)
    func resolveCompiled<T>(
        _ type: T.Type,
        _ answer: AnswerCache.Answer,
        _ qualifier: DIQualifier,
        onMainActor: Bool,
        call: ResolveCall,
        arguments: Arguments? = nil
    ) throws(DIError) -> T {
        // Unwrapped where used, not bound: a binding retains and releases each field, where
        // an unwrap borrows it from the answer, which the caller holds.
        guard answer.typedRoot != nil, answer.plan != nil, answer.component != nil else {
            preconditionFailure("an answer without a compiled plan")
        }
        return try contextPool.withContext(for: self) { context throws(DIError) in
            context.callerOnMainActor = onMainActor
            if call != .synchronous { context.call = call }
            // swift-format-ignore: NeverForceUnwrap
            context.tracer?.pinned(answer.component!, answer.reason)
            // swift-format-ignore: NeverForceUnwrap
            context.take(answer.plan!)
            if let arguments { context.rootArguments = arguments }
            // Lent, not retained: the answer, which the caller holds, keeps the root alive.
            // (An `UnretainedReference<TypedStep<T>>` would look the type's metadata up.)
            var root = UnretainedReference<AnyObject>()
            root.object = answer.typedRoot
            return try run(context, qualifier: qualifier) { context throws(DIError) in
                try root.lending { root throws(DIError) in
                    // swift-format-ignore: NeverForceUnwrap
                    try context.runRoot(
                        lentInstance(root, as: TypedStep<T>.self),
                        answering: Request(qualifier: qualifier, arguments: arguments),
                        with: answer.component!
                    )
                }
            }
        }
    }

    /// `answer`, with its plan compiled: the request is answered again, so its plan is used
    /// more than once (a first resolve follows the plan uncompiled). Remembered compiled,
    /// under the same epoch, for the next resolve, in `stripe` (see ``AnswerCache/store(_:for:epoch:stripe:)``).
    func compiled<T>(
        _ answer: AnswerCache.Answer,
        for type: T.Type,
        _ qualifier: DIQualifier,
        epoch: Int,
        stripe: Int = AnswerCache.stripeOfThread
    ) -> AnswerCache.Answer {
        guard answer.plan != nil else { return answer }
        let compiled = AnswerCache.Answer(compiling: answer, for: T.self)
        answers.store(compiled, for: T.self, qualifier, epoch: epoch, stripe: stripe)
        return compiled
    }

    /// The events of a resolve a remembered instance answered: those the resolve that
    /// found it would report now (a kept instance reused, or an optional request skipped).
    /// Asked inside a resolve whose trace it is a part of (a factory resolving from its own
    /// container), under the request of that factory, as a resolve that joins it reports.
    private func traceRemembered<T>(_ answer: AnswerCache.Answer, _ type: T.Type, _ qualifier: DIQualifier) {
        if let outer = ResolveLink.inProgress?.reporting(for: self) {
            // Unobserved when it started: so is every part of it.
            guard let tracer = outer.tracer else { return }
            let mark = tracer.mark
            defer { tracer.unwind(to: mark) }
            traceRemembered(answer, T.self, qualifier, in: tracer)
        } else {
            traceRemembered(answer, T.self, qualifier, in: ResolveTracer(observing: observersNow, linkedTraceID: nil))
        }
    }

    private func traceRemembered<T>(
        _ answer: AnswerCache.Answer,
        _ type: T.Type,
        _ qualifier: DIQualifier,
        in tracer: ResolveTracer
    ) {
        guard let component = answer.component else {
            let wrapped = optionalRequestType(of: T.self)?.wrappedType ?? T.self
            tracer.beginRequest(wrapped, Request(qualifier: qualifier))
            if answer.ambiguous.isEmpty {
                tracer.noteNothingRegistered()
            } else {
                let key = DIKey(ObjectIdentifier(wrapped), qualifier)
                tracer.noteAmbiguousNil(answer.ambiguous, tie: tie(among: answer.ambiguous, for: key))
            }
            tracer.finishRequest(.skipped)
            return
        }
        tracer.beginRequest(T.self, Request(qualifier: qualifier))
        tracer.pinned(component, answer.reason)
        tracer.notePinnedChoice(component)
        tracer.chose(component)
        tracer.reused(component)
        tracer.finishRequest(.reused)
    }

    /// Resolves a request from outside any resolve.
    ///
    /// - Parameters:
    ///   - epoch: For a plain request: the ``Epochs/answers`` its answer may be remembered under.
    ///   - remembered: The remembered answer that pinned the request, whose reason traces report.
    ///
    /// `onMainActor`: the caller is isolated to the main actor, so main-actor factories can
    /// run in place (see ``ResolveContext/callerOnMainActor``).
    ///
    /// `argumentsByType`: runtime arguments for deeper components (`resolve(arguments:)`).
    ///
    /// `call`: how the caller called the resolve (see ``ResolveCall``).
    func resolveTopLevel<T>(
        _ type: T.Type,
        _ request: consuming Request,
        remembering epoch: Int? = nil,
        remembered: AnswerCache.Answer? = nil,
        onMainActor: Bool = false,
        argumentsByType: AnyArguments? = nil,
        call: ResolveCall = .synchronous
    ) throws(DIError) -> T {
        // Consumed, not copied: a copy of a request is a copy of its every field.
        try contextPool.withContext(for: self) { context throws(DIError) in
            context.callerOnMainActor = onMainActor
            if call != .synchronous { context.call = call }
            if let argumentsByType { context.argumentsByType = argumentsByType }
            // Made from inside a factory: it joins the resolve in progress (see `ResolveLink`),
            // and, from the same container, is a part of its trace (an observer's is not).
            let outer = ResolveLink.inProgress
            if let outer { context.join(outer, sharingGraph: true) }
            let lent = outer.flatMap { context.reportsThrough(suspended: $0, of: self) }
            defer { if let lent { context.endsReportingThrough(lent) } }
            if let remembered, let pinned = request.pinned {
                context.tracer?.pinned(pinned, remembered.reason)
                if let plan = remembered.plan { context.take(plan) }
            }
            let value = try run(context, qualifier: request.qualifier) { context throws(DIError) in
                try context.resolveRoot(T.self, &request)
            }
            // A nested answer may be an instance the outer resolve has not finished.
            if let epoch, outer == nil { remember(value, of: context, request, context.pinReason, epoch: epoch) }
            return value
        }
    }

    /// Runs `body` as one whole resolve: finishes deferred work on success, undoes on failure.
    /// A top-level optional request whose deferred work fails is `nil`
    /// (``ResolveContext/absentAfterFailedEnd(_:as:)``).
    ///
    /// The context is bound to the thread meanwhile, so that a resolve made from inside one
    /// of its factories joins it (see ``ResolveLink``).
    ///
    /// `locating`: whether an error gets the outer resolves' chain and, with no path yet,
    /// `T`, and whether its deferred work's errors start with the request for `T` (off for a
    /// part of a resolve made by another container, whose path has that request: see
    /// ``makeOwned(_:_:for:)``);
    /// `qualifier`: the request's name or tag, for the path of its deferred work's error.
    @inline(__always)
    func run<T>(
        _ context: ResolveContext,
        locating: Bool = true,
        qualifier: DIQualifier = .none,
        _ body: (ResolveContext) throws(DIError) -> T
    ) throws(DIError) -> T {
        try context.boundToThread { () throws(DIError) -> T in
            do throws(DIError) {
                let value = try body(context)
                do throws(DIError) {
                    try context.finish(locating ? RootRequest(type: T.self, qualifier: qualifier) : nil)
                } catch {
                    return try context.absentAfterFailedEnd(error, as: T.self)
                }
                context.checkEnded()
                return value
            } catch {
                return try context.endFailedResolve(error, as: T.self, locating: locating)
            }
        }
    }

    /// Remembers what a plain top-level request was answered with, for as long as the
    /// answer stays right (see ``AnswerCache``): the instance, when a cell keeps it alive for
    /// this container (``remembersInstance(of:in:)``); `nil`, when nothing answers an
    /// optional request; otherwise the
    /// component the request chose.
    func remember<T>(
        _ value: T,
        of context: ResolveContext,
        _ request: Request,
        _ reason: Selection.Reason,
        epoch: Int,
        stripe: Int = AnswerCache.stripeOfThread
    ) {
        if let component = request.pinned {
            // A component with no dependencies gave the resolve no plan (nothing to settle);
            // its answer gets one, so that the next resolve compiles it like any other.
            let answer =
                remembersInstance(of: component, in: answers)
                ? AnswerCache.Answer(instance: value, of: component, reason)
                : AnswerCache.Answer(
                    component: component,
                    reason,
                    plan: context.plan(startingAt: component) ?? plan(for: component)
                )
            answers.store(answer, for: T.self, request.qualifier, epoch: epoch, stripe: stripe)
        } else if request.arguments == nil, context.answeredAbsent || !context.ambiguousCandidates.isEmpty,
            optionalRequestType(of: T.self) != nil
        {
            let answer = AnswerCache.Answer(instance: value, of: nil, .only, ambiguous: context.ambiguousCandidates)
            answers.store(answer, for: T.self, request.qualifier, epoch: epoch, stripe: stripe)
        }
    }
}

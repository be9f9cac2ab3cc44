import DIRuntime

// Where every awaited resolve from outside a resolve starts: a remembered instance at once,
// on the caller's actor; off it, a remembered plan that awaits nothing as a synchronous
// resolve runs it, and anything else the async way (``runAsync(_:locating:qualifier:_:)``), which remembers
// its answer as a synchronous resolve does — for the caller's thread, which looks it up.
extension DIContainer {
    /// Resolves a request from outside any resolve, in an async context (the parameters
    /// are ``resolveTopLevel(_:_:remembering:remembered:onMainActor:argumentsByType:)``'s).
    ///
    /// The answer is remembered in `stripe`, the stripe of the thread the request started
    /// on (the calling thread's, unless the caller passes its own caller's): where the next
    /// lookup from there reads, whichever thread the resolve goes on after its awaits.
    nonisolated(nonsending) func resolveTopLevelAsync<T>(
        _ type: T.Type,
        _ request: Request,
        remembering epoch: Int? = nil,
        remembered: AnswerCache.Answer? = nil,
        argumentsByType: AnyArguments? = nil,
        stripe: Int = AnswerCache.stripeOfThread
    ) async throws(DIError) -> T {
        try await contextPool.withContextAsync(for: self) { context throws(DIError) in
            let outer = ResolveLink.inProgress
            if let outer { context.join(outer, sharingGraph: true) }
            let lent = outer.flatMap { context.reportsThrough(suspended: $0, of: self) }
            defer { if let lent { context.endsReportingThrough(lent) } }
            if let argumentsByType { context.argumentsByType = argumentsByType }
            if let remembered, let pinned = request.pinned {
                context.tracer?.pinned(pinned, remembered.reason)
                if let plan = remembered.plan { context.take(plan) }
            }
            var request = request
            let value = try await runAsync(context, qualifier: request.qualifier) { context throws(DIError) in
                try await context.resolveRootAsync(T.self, &request)
            }
            // As a synchronous resolve remembers (see `resolveTopLevel`).
            if let epoch, outer == nil {
                remember(value, of: context, request, context.pinReason, epoch: epoch, stripe: stripe)
            }
            return value
        }
    }

    /// Looks up what an awaited request for `key` with `qualifier`, from outside any
    /// resolve, finds remembered: the first step of every awaited resolve, before it awaits
    /// anything.
    @inline(__always)
    func lookUpAwaited<Key: AnswerCache.Key>(_ key: Key, _ qualifier: DIQualifier) -> AwaitedLookUp {
        let epoch = answers.epoch
        let observed = isObserved
        var found = answers.lookUp(key, epoch: epoch, objects: !observed)
        if case .answer(let answer) = found, !answer.isRightForCaller { found = .nothing }
        return AwaitedLookUp(epoch: epoch, observed: observed, qualifier: qualifier, found: found)
    }

    /// Resolves an awaited request whose `lookUp` ``AwaitedLookUp/answersNow``, on the
    /// caller's thread and without awaiting: a remembered instance (a cached component's,
    /// or the `nil` of an optional request nothing answers) at once, as
    /// ``resolvePlain(_:onMainActor:)`` does, since no factory runs for it; a remembered plan
    /// that awaits nothing as a synchronous resolve runs it (``resolveSynchronously``,
    /// whose `requiresAsync` error sends the request the async way after all).
    ///
    /// Synchronous, and called by the async entry points themselves: a request answered
    /// here costs its caller no async frame but its own.
    ///
    /// `stripe`: where answers it makes are remembered, the stripe of the thread the request
    /// started on (``resolveAwaited(_:_:epoch:observed:qualifier:stripe:tryingNow:)``).
    func resolveNow<T>(
        _ type: T.Type,
        _ lookUp: AwaitedLookUp,
        stripe: Int = AnswerCache.stripeOfThread
    ) throws(DIError) -> T {
        switch lookUp.found {
        case .object(let object):
            return classInstance(taking: object, as: T.self)
        case .answer(let answer) where answer.isInstance:
            return try rememberedInstance(answer, T.self, lookUp.qualifier, observed: lookUp.observed)
        case .answer(let answer):
            return try resolveSynchronously(
                T.self,
                answer,
                lookUp.qualifier,
                epoch: lookUp.epoch,
                observed: lookUp.observed,
                stripe: stripe
            )
        case .nothing:
            preconditionFailure("a request with nothing remembered resolved without awaiting")
        }
    }

    /// Resolves an awaited request from outside any resolve that did not find its instance
    /// (``AwaitedLookUp/foundInstance``), off the caller's actor: a remembered plan that
    /// awaits nothing as a synchronous resolve runs it (``resolveNow(_:_:stripe:)``; unless
    /// not `tryingNow`, the caller having tried), and otherwise
    /// — or when that meets something to await after all — the async way, pinned to the
    /// remembered component and its plan, as a synchronous resolve of an answer is
    /// (`resolveRemembered`), and not remembered again; with nothing remembered, from the
    /// start, remembering its answer for the next resolve, async or not.
    ///
    /// Nonisolated, so a factory runs off the caller's actor however the request is
    /// answered; given the lookup's parts that may leave that actor. The answers it makes
    /// are remembered in `stripe`, the caller's thread's, where the caller's next lookup
    /// reads (answers are kept per stripe, and this runs on another thread).
    func resolveAwaited<T>(
        _ type: T.Type,
        _ remembered: AnswerCache.Answer?,
        epoch: Int,
        observed: Bool,
        qualifier: DIQualifier,
        stripe: Int,
        tryingNow: Bool
    ) async throws(DIError) -> T {
        let lookUp = AwaitedLookUp(
            epoch: epoch,
            observed: observed,
            qualifier: qualifier,
            found: remembered.map(AnswerCache.Found.answer) ?? .nothing
        )
        if tryingNow, lookUp.answersNow(in: self) {
            do throws(DIError) {
                return try resolveNow(T.self, lookUp, stripe: stripe)
            } catch let error where error.kind == .requiresAsync {
                // Something to await after all: the async way below.
            }
        }
        guard let answer = remembered else {
            return try await resolveTopLevelAsync(
                T.self,
                Request(qualifier: qualifier),
                remembering: epoch,
                stripe: stripe
            )
        }
        var request = Request(qualifier: qualifier)
        request.pinned = answer.component
        return try await resolveTopLevelAsync(T.self, request, remembered: answer)
    }

    /// Resolves a plain request awaited from outside any resolve with its remembered
    /// `answer`, whose plan awaits nothing (``ResolvePlan/isSynchronous``), as a synchronous
    /// resolve would: compiled the second time, on the caller's thread, with none of the
    /// async way's identity and task-local links. A `requiresAsync` error if it met
    /// something to await after all (an instance another resolve is making right now, or a
    /// component the plan did not reach): the caller resolves the async way then, and what
    /// this try made is dropped as a failed resolve's is.
    ///
    /// Out of line, and returning the instance itself rather than an optional: inlined, or
    /// with a generic optional to hold, it made every awaited resolve's frame larger, a
    /// remembered instance's too.
    @inline(never)
    private func resolveSynchronously<T>(
        _ type: T.Type,
        _ answer: AnswerCache.Answer,
        _ qualifier: DIQualifier,
        epoch: Int,
        observed: Bool,
        stripe: Int
    ) throws(DIError) -> T {
        try resolveAnswered(
            T.self,
            answer,
            qualifier,
            epoch: epoch,
            observed: observed,
            onMainActor: false,
            call: .awaited,
            stripe: stripe
        )
    }

    /// Runs `body` as one whole async resolve, under one maker identity for its nested
    /// resolves (so re-entering something it makes is recognized as re-entry); `locating`
    /// as in ``run(_:locating:qualifier:_:)``.
    nonisolated(nonsending) func runAsync<T>(
        _ context: ResolveContext,
        locating: Bool = true,
        qualifier: DIQualifier = .none,
        _ body: nonisolated(nonsending) (ResolveContext) async throws(DIError) -> T
    ) async throws(DIError) -> T {
        // A resolve nested in one this task runs is that resolve; any other gets an
        // identity of its own, which ends when it returns (see `ResolveIdentity`).
        let inherited = ResolveTask.identity
        let identity: ResolveIdentity
        if let inherited, inherited.isCurrent {
            identity = inherited
        } else {
            identity = ResolveIdentity()
        }
        context.makes(as: identity.maker)
        ResolveTask.started()
        defer {
            if identity !== inherited { identity.end() }
            ResolveTask.ended()
        }
        let result: Result<T, DIError> = await ResolveTask.$identity.withValue(identity) {
            do throws(DIError) {
                let value = try await body(context)
                do throws(DIError) {
                    try await context.finishAsync(locating ? RootRequest(type: T.self, qualifier: qualifier) : nil)
                } catch {
                    return .success(try context.absentAfterFailedEnd(error, as: T.self))
                }
                context.checkEnded()
                return .success(value)
            } catch {
                do throws(DIError) {
                    return .success(try context.endFailedResolve(error, as: T.self, locating: locating))
                } catch {
                    return .failure(error)
                }
            }
        }
        return try result.get()
    }
}

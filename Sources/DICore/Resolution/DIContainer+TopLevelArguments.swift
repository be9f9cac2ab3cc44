import DIRuntime

// Where a request with runtime arguments (`resolve(args:)`) from outside a resolve starts:
// as a plain request does, pinned to its remembered component — whose compiled root binds
// the arguments — or chosen and remembered.
extension DIContainer {
    /// Resolves a request with runtime arguments (`resolve(args:)`) from outside any
    /// resolve (see ``argumentRequest(_:_:)``).
    ///
    /// A remembered component that takes runtime arguments, and whose build compiles, runs
    /// its compiled root (compiled the second time, as a plain request's), which binds the
    /// arguments as the general way would; any other request takes the general way — a
    /// component taking no arguments among them, whose build reports the mismatch.
    @usableFromInline
    func resolveWithArguments<T>(_ type: T.Type, _ arguments: Arguments, onMainActor: Bool) throws(DIError) -> T {
        try resolveWithArguments(T.self, .none, arguments, onMainActor: onMainActor)
    }

    /// Resolves a request with a name or tags (`qualifier`; `.none` for none) and runtime
    /// arguments from outside any resolve (see ``resolveWithArguments(_:_:onMainActor:)``).
    @inline(__always)
    func resolveWithArguments<T>(
        _ type: T.Type,
        _ qualifier: DIQualifier,
        _ arguments: Arguments,
        onMainActor: Bool
    ) throws(DIError) -> T {
        let (request, epoch, remembering, remembered) = argumentRequest(T.self, qualifier, arguments)
        if let remembered, let answer = compiledForArguments(remembered, T.self, qualifier, epoch: epoch) {
            return try resolveCompiled(
                T.self,
                answer,
                qualifier,
                onMainActor: onMainActor,
                call: .synchronous,
                arguments: arguments
            )
        }
        return try resolveTopLevel(
            T.self,
            request,
            remembering: remembering,
            remembered: remembered,
            onMainActor: onMainActor
        )
    }

    /// Resolves a request with runtime arguments from outside any resolve, in an async
    /// context (see ``argumentRequest(_:_:)``): as a plain awaited request is, on the
    /// caller's thread with the compiled root when its plan awaits nothing
    /// (``ResolvePlan/isSynchronous``) — the async way if it meets something to await after
    /// all — else the async way.
    @usableFromInline
    func resolveWithArgumentsAsync<T>(_ type: T.Type, _ arguments: Arguments) async throws(DIError) -> T {
        try await resolveWithArgumentsAsync(T.self, .none, arguments)
    }

    /// Resolves a request with a name or tags (`qualifier`; `.none` for none) and runtime
    /// arguments from outside any resolve, in an async context (see
    /// ``resolveWithArgumentsAsync(_:_:)``).
    func resolveWithArgumentsAsync<T>(
        _ type: T.Type,
        _ qualifier: DIQualifier,
        _ arguments: Arguments
    ) async throws(DIError) -> T {
        let (request, epoch, remembering, remembered) = argumentRequest(T.self, qualifier, arguments)
        if let remembered, remembered.plan?.isSynchronous == true,
            let answer = compiledForArguments(remembered, T.self, qualifier, epoch: epoch)
        {
            do throws(DIError) {
                return try resolveSynchronously(T.self, answer, qualifier, arguments: arguments)
            } catch {
                // Something to await after all: the async way below.
                if error.kind != .requiresAsync { throw error }
            }
        }
        return try await resolveTopLevelAsync(T.self, request, remembering: remembering, remembered: remembered)
    }

    /// `remembered`, the answer to a request with arguments, compiled (the second time it
    /// is used), when its compiled root can answer: its component takes arguments (one that
    /// takes none reports the mismatch the general way) and no resolve is in progress here.
    private func compiledForArguments<T>(
        _ remembered: AnswerCache.Answer,
        _ type: T.Type,
        _ qualifier: DIQualifier,
        epoch: Int
    ) -> AnswerCache.Answer? {
        guard remembered.component?.takesArguments == true, !ResolveLink.isInProgress else { return nil }
        let answer = remembered.isCompiled ? remembered : compiled(remembered, for: T.self, qualifier, epoch: epoch)
        return answer.typedRoot != nil ? answer : nil
    }

    /// Resolves an awaited request with runtime `arguments` with `answer`'s compiled root,
    /// on the caller's thread, giving up with `requiresAsync` where it would wait (see
    /// ``resolveSynchronously(_:_:_:epoch:observed:)``).
    @inline(never)
    private func resolveSynchronously<T>(
        _ type: T.Type,
        _ answer: AnswerCache.Answer,
        _ qualifier: DIQualifier,
        arguments: Arguments
    ) throws(DIError) -> T {
        try resolveCompiled(T.self, answer, qualifier, onMainActor: false, call: .awaited, arguments: arguments)
    }

    /// How a request for `T` with runtime `arguments` starts: pinned to the component a
    /// remembered answer names, as a plain request is — arguments change what a build is
    /// given, never which component answers — or chosen anew and remembered (under
    /// `remembering`) when nothing was remembered. A remembered instance is left to the
    /// general way, which finds it, as before. `epoch`: the one the answers were looked up
    /// under.
    private func argumentRequest<T>(
        _ type: T.Type,
        _ qualifier: DIQualifier,
        _ arguments: Arguments
    ) -> (Request, epoch: Int, remembering: Int?, remembered: AnswerCache.Answer?) {
        let epoch = answers.epoch
        var request = Request(qualifier: qualifier, arguments: arguments)
        let found =
            if case .none = qualifier {
                answers.lookUp(ObjectIdentifier(T.self), epoch: epoch, objects: false)
            } else {
                answers.lookUp(QualifiedRequestKey(T.self, qualifier), epoch: epoch, objects: false)
            }
        switch found {
        case .nothing:
            return (request, epoch, epoch, nil)
        case .answer(let answer) where !answer.isInstance && answer.component != nil && answer.isRightForCaller:
            request.pinned = answer.component
            return (request, epoch, nil, answer)
        case .answer, .object:
            return (request, epoch, nil, nil)
        }
    }
}

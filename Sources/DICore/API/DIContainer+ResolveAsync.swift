import DILazy

// The async forms of resolution. In an async context Swift prefers these overloads, so
// `await container.resolve()` can build graphs that contain `async` and `@MainActor`
// components; synchronous components in the same graph are made as usual.
extension DIContainer {
    /// Resolves an instance of `T` in an async context, trapping with the error's text if it
    /// cannot. The graph may contain `async` and `@MainActor` components.
    ///
    /// ```swift
    /// let pool: ConnectionPool = await container.resolve()
    /// ```
    ///
    /// Starts on the caller's actor (`isolation`, the caller's own by default): an instance
    /// an earlier resolve left cached is returned there without leaving it; anything that
    /// runs a factory runs off it (see <doc:AsyncResolution>). A failure traps at `file`
    /// and `line`: the caller's.
    public func resolve<T>(
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line
    ) async -> T {
        // Each entry point is the whole chain of async calls a remembered answer goes
        // through (see `resolveNow`): every async call allocates a frame and checks its
        // executor, which cost more than the answer.
        do {
            return try await tryResolve(isolation: isolation)
        } catch {
            fatalError(error.description, file: file, line: line)
        }
    }

    /// Resolves the component of `T` registered with `name`, in an async context.
    public func resolve<T>(
        name: String,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line
    ) async -> T {
        do {
            return try await tryResolve(name: name, isolation: isolation)
        } catch {
            fatalError(error.description, file: file, line: line)
        }
    }

    /// Resolves the component of `T` registered with tag `Tag`, in an async context.
    public func resolve<T, Tag>(
        tag: Tag.Type,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line
    ) async -> T {
        do {
            return try await tryResolve(tag: tag, isolation: isolation)
        } catch {
            fatalError(error.description, file: file, line: line)
        }
    }

    /// Resolves `T` with runtime arguments for its `arg` parameters, in an async context.
    ///
    /// At least one argument: with none, `resolve()` is meant.
    public func resolve<T, First, each A>(
        args first: First,
        _ rest: repeat each A,
        file: StaticString = #fileID,
        line: UInt = #line
    ) async -> T {
        await trappingResolveAsync(T.self, Arguments(first, repeat each rest), file, line)
    }

    /// Resolves `T` with runtime `arguments` in an async context, trapping at `file:line`
    /// on failure.
    @usableFromInline
    func trappingResolveAsync<T>(
        _ type: T.Type,
        _ arguments: Arguments,
        _ file: StaticString,
        _ line: UInt
    ) async -> T {
        await trappingResolveAsync(T.self, .none, arguments, file, line)
    }

    /// Resolves `T` with a name or tags (`qualifier`) and runtime `arguments` in an async
    /// context, trapping at `file:line` on failure.
    func trappingResolveAsync<T>(
        _ type: T.Type,
        _ qualifier: DIQualifier,
        _ arguments: Arguments,
        _ file: StaticString,
        _ line: UInt
    ) async -> T {
        await trapOnErrorAsync(file, line) { () async throws(DIError) in
            try await resolveWithArgumentsAsync(T.self, qualifier, arguments)
        }
    }

    /// Every component of `T`, in registration order, in an async context.
    public func resolveMany<T>(file: StaticString = #fileID, line: UInt = #line) async -> [T] {
        await trapOnErrorAsync(file, line) { () async throws(DIError) in
            try await resolveTopLevelAsync(DIMany<T>.self, Request()).values
        }
    }

    /// Resolves an instance of `T` in an async context.
    ///
    /// - Throws: A ``DIError`` saying what is missing, ambiguous, cyclic or mismatched.
    public func tryResolve<T>(isolation: isolated (any Actor)? = #isolation) async throws(DIError) -> T {
        let lookUp = lookUpAwaited(ObjectIdentifier(T.self), .none)
        return try await resolveLookedUp(T.self, lookUp, isolation: isolation)
    }

    /// Resolves the component of `T` registered with `name`, in an async context.
    ///
    /// - Throws: A ``DIError`` if it cannot.
    public func tryResolve<T>(name: String, isolation: isolated (any Actor)? = #isolation) async throws(DIError) -> T {
        try await tryResolveQualified(T.self, .name(name), isolation: isolation)
    }

    /// Resolves the component of `T` registered with tag `Tag`, in an async context.
    ///
    /// - Throws: A ``DIError`` if it cannot.
    public func tryResolve<T, Tag>(
        tag: Tag.Type,
        isolation: isolated (any Actor)? = #isolation
    ) async throws(DIError) -> T {
        try await tryResolveQualified(T.self, Self.qualifier(tag), isolation: isolation)
    }

    /// Resolves the component of `T` registered with `qualifier` (a name or tags), in an
    /// async context, as ``tryResolve(isolation:)-2kpj0`` resolves a plain request.
    private func tryResolveQualified<T>(
        _ type: T.Type,
        _ qualifier: DIQualifier,
        isolation: isolated (any Actor)?
    ) async throws(DIError) -> T {
        let lookUp = lookUpAwaited(QualifiedRequestKey(T.self, qualifier), qualifier)
        return try await resolveLookedUp(T.self, lookUp, isolation: isolation)
    }

    /// Resolves an awaited request from outside any resolve with what its lookup found, on
    /// the caller's actor: a found instance runs no user code, so it is answered here; so is
    /// a remembered plan that awaits nothing when the caller is on no actor (already where a
    /// factory runs). Anything else is resolved off the caller's actor
    /// (``resolveAwaited(_:_:epoch:observed:qualifier:stripe:tryingNow:)``).
    @inline(__always)
    private func resolveLookedUp<T>(
        _ type: T.Type,
        _ lookUp: AwaitedLookUp,
        isolation: isolated (any Actor)?
    ) async throws(DIError) -> T {
        let answersHere = lookUp.foundInstance || (isolation == nil && lookUp.answersNow(in: self))
        if answersHere {
            do throws(DIError) {
                return try resolveNow(T.self, lookUp)
            } catch let error where error.kind == .requiresAsync {
                // Something to await after all: the async way below.
            }
        }
        return try await resolveAwaited(
            T.self,
            lookUp.remembered,
            epoch: lookUp.epoch,
            observed: lookUp.observed,
            qualifier: lookUp.qualifier,
            stripe: AnswerCache.stripeOfThread,
            tryingNow: !answersHere
        )
    }

    /// Resolves `T` with runtime arguments, in an async context.
    ///
    /// - Throws: A ``DIError`` of kind ``DIError/Kind/argumentMismatch`` when the argument
    ///   types do not match the registration, or any other failure.
    ///
    /// At least one argument: with none, `tryResolve()` is meant.
    public func tryResolve<T, First, each A>(args first: First, _ rest: repeat each A) async throws(DIError) -> T {
        try await resolveWithArgumentsAsync(T.self, Arguments(first, repeat each rest))
    }

    /// Every component of `T`, in registration order, in an async context.
    ///
    /// - Throws: A ``DIError`` if one of them cannot be made.
    public func tryResolveMany<T>() async throws(DIError) -> [T] {
        try await resolveTopLevelAsync(DIMany<T>.self, Request()).values
    }

    private func trapOnErrorAsync<T>(
        _ file: StaticString,
        _ line: UInt,
        _ body: () async throws(DIError) -> T
    ) async -> T {
        do {
            return try await body()
        } catch {
            fatalError(error.description, file: file, line: line)
        }
    }
}

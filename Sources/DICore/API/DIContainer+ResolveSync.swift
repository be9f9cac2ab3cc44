// DITranquillity 6's `sync:` spellings: in an async context, `container.resolve()` is the
// async form; `resolve(sync: ())` asks for the synchronous one explicitly.
extension DIContainer {
    /// The synchronous ``resolve(isolation:file:line:)-4a2cv``, chosen explicitly in an async
    /// context.
    ///
    /// ```swift
    /// func load() async {
    ///     let provider: AsyncProvider<Feed> = container.resolve(sync: ())
    /// }
    /// ```
    public func resolve<T>(
        sync: Void,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> T {
        do {
            return try resolveChosenSynchronous(T.self, .none, onMainActor: Self.isMainActor(isolation))
        } catch {
            fatalError(error.description, file: file, line: line)
        }
    }

    /// The synchronous ``resolve(name:isolation:file:line:)-12zog``, chosen explicitly.
    public func resolve<T>(
        sync: Void,
        name: String,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> T {
        do {
            return try resolveChosenSynchronous(T.self, .name(name), onMainActor: Self.isMainActor(isolation))
        } catch {
            fatalError(error.description, file: file, line: line)
        }
    }

    /// The synchronous ``resolve(tag:isolation:file:line:)-4r9ev``, chosen explicitly.
    public func resolve<T, Tag>(
        sync: Void,
        tag: Tag.Type,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> T {
        do {
            return try resolveChosenSynchronous(T.self, Self.qualifier(tag), onMainActor: Self.isMainActor(isolation))
        } catch {
            fatalError(error.description, file: file, line: line)
        }
    }

    /// The synchronous ``resolve(arguments:isolation:file:line:)``, chosen explicitly.
    public func resolve<T>(
        sync: Void,
        arguments: AnyArguments,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> T {
        do {
            return try resolveTopLevel(
                T.self,
                Request(),
                onMainActor: Self.isMainActor(isolation),
                argumentsByType: arguments,
                call: .chosenSynchronous
            )
        } catch {
            fatalError(error.description, file: file, line: line)
        }
    }

    /// The synchronous ``resolve(args:_:isolation:file:line:)-(Any?,_,_,_,_)``, chosen explicitly.
    public func resolve<T>(
        sync: Void,
        args first: Any?,
        _ rest: Any?...,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> T {
        let request = Request(arguments: Arguments(optionals: [first] + rest))
        do {
            return try resolveTopLevel(
                T.self,
                request,
                onMainActor: Self.isMainActor(isolation),
                call: .chosenSynchronous
            )
        } catch {
            fatalError(error.description, file: file, line: line)
        }
    }

    /// The synchronous ``tryResolve(isolation:)-1kekr``, chosen explicitly in an async
    /// context.
    ///
    /// ```swift
    /// func load() async throws {
    ///     let settings: Settings = try container.tryResolve(sync: ())
    /// }
    /// ```
    public func tryResolve<T>(sync: Void, isolation: isolated (any Actor)? = #isolation) throws(DIError) -> T {
        try resolveChosenSynchronous(T.self, .none, onMainActor: Self.isMainActor(isolation))
    }

    /// The synchronous ``tryResolve(name:isolation:)-24t1y``, chosen explicitly.
    public func tryResolve<T>(
        sync: Void,
        name: String,
        isolation: isolated (any Actor)? = #isolation
    ) throws(DIError) -> T {
        try resolveChosenSynchronous(T.self, .name(name), onMainActor: Self.isMainActor(isolation))
    }

    /// The synchronous ``tryResolve(tag:isolation:)-5808m``, chosen explicitly.
    public func tryResolve<T, Tag>(
        sync: Void,
        tag: Tag.Type,
        isolation: isolated (any Actor)? = #isolation
    ) throws(DIError) -> T {
        try resolveChosenSynchronous(T.self, Self.qualifier(tag), onMainActor: Self.isMainActor(isolation))
    }

    /// A request for `T` with `qualifier` that its caller chose synchronous
    /// (``ResolveCall/chosenSynchronous``): resolved as `resolve()`, `resolve(name:)` or
    /// `resolve(tag:)` resolves it.
    private func resolveChosenSynchronous<T>(
        _ type: T.Type,
        _ qualifier: DIQualifier,
        onMainActor: Bool
    ) throws(DIError) -> T {
        if qualifier == .none {
            return try resolvePlain(T.self, onMainActor: onMainActor, call: .chosenSynchronous)
        }
        // Inside a factory: joined the general way, one call deep (see `resolveQualified`).
        guard !ResolveLink.isInProgress else {
            let request = Request(qualifier: qualifier)
            return try resolveTopLevel(T.self, request, onMainActor: onMainActor, call: .chosenSynchronous)
        }
        return try resolveQualified(T.self, qualifier, onMainActor: onMainActor, call: .chosenSynchronous)
    }
}

public import DICore

// `resolve(from:)` combined with a name, a tag or runtime arguments, and the async twins:
// the framework's registrations win ties, as for a request made by one of its components.
// Each traps at the caller's `file:line` when it fails.
extension DIContainer {
    /// Resolves the component of `T` registered with `name`, as a component of `framework`
    /// would.
    public func resolve<T, Framework: DIFramework>(
        from framework: Framework.Type,
        name: String,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> T {
        trapping(file, line) { () throws(DIError) in try tryResolve(from: framework, name: name) }
    }

    /// Resolves the component of `T` registered with `name`, as a component of `framework`
    /// would.
    ///
    /// - Throws: A ``DIError`` if it cannot.
    public func tryResolve<T, Framework: DIFramework>(
        from framework: Framework.Type,
        name: String
    ) throws(DIError) -> T {
        try resolve(T.self, from: OriginUnit(Framework.self), qualifier: .name(name))
    }

    /// Resolves the component of `T` registered with tag `Tag`, as a component of
    /// `framework` would.
    public func resolve<T, Framework: DIFramework, Tag>(
        from framework: Framework.Type,
        tag: Tag.Type,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> T {
        trapping(file, line) { () throws(DIError) in try tryResolve(from: framework, tag: tag) }
    }

    /// Resolves the component of `T` registered with tag `Tag`, as a component of
    /// `framework` would.
    ///
    /// - Throws: A ``DIError`` if it cannot.
    public func tryResolve<T, Framework: DIFramework, Tag>(
        from framework: Framework.Type,
        tag: Tag.Type
    ) throws(DIError) -> T {
        try resolve(T.self, from: OriginUnit(Framework.self), qualifier: .tag(Tag.self))
    }

    /// Resolves `T` as a component of `framework` would, feeding `args` to its `arg`
    /// parameters in order.
    ///
    /// ```swift
    /// let router: NewsRouter = container.resolve(from: FeedFramework.self, args: "eu", 20)
    /// ```
    public func resolve<T, Framework: DIFramework, First, each A>(
        from framework: Framework.Type,
        args first: First,
        _ rest: repeat each A,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> T {
        let arguments = Arguments(first, repeat each rest)
        return trapping(file, line) { () throws(DIError) in
            try resolve(T.self, from: OriginUnit(Framework.self), arguments: arguments)
        }
    }

    /// Resolves `T` as a component of `framework` would, with runtime arguments.
    ///
    /// - Throws: A ``DIError`` (``DIError/Kind/argumentMismatch`` when the arguments do not fit).
    public func tryResolve<T, Framework: DIFramework, First, each A>(
        from framework: Framework.Type,
        args first: First,
        _ rest: repeat each A
    ) throws(DIError) -> T {
        try resolve(T.self, from: OriginUnit(Framework.self), arguments: Arguments(first, repeat each rest))
    }

    /// Resolves `T` as a component of `framework` would, in an async context.
    public func resolve<T, Framework: DIFramework>(
        from framework: Framework.Type,
        file: StaticString = #fileID,
        line: UInt = #line
    ) async -> T {
        await trappingAsync(file, line) { () async throws(DIError) in try await tryResolve(from: framework) }
    }

    /// Resolves `T` as a component of `framework` would, in an async context.
    ///
    /// - Throws: A ``DIError`` if it cannot.
    public func tryResolve<T, Framework: DIFramework>(from framework: Framework.Type) async throws(DIError) -> T {
        try await resolveAsync(T.self, from: OriginUnit(Framework.self))
    }

    /// Resolves the component of `T` registered with `name`, as a component of `framework`
    /// would, in an async context.
    public func resolve<T, Framework: DIFramework>(
        from framework: Framework.Type,
        name: String,
        file: StaticString = #fileID,
        line: UInt = #line
    ) async -> T {
        await trappingAsync(file, line) { () async throws(DIError) in try await tryResolve(from: framework, name: name)
        }
    }

    /// Resolves the component of `T` registered with `name`, as a component of `framework`
    /// would, in an async context.
    ///
    /// - Throws: A ``DIError`` if it cannot.
    public func tryResolve<T, Framework: DIFramework>(
        from framework: Framework.Type,
        name: String
    ) async throws(DIError) -> T {
        try await resolveAsync(T.self, from: OriginUnit(Framework.self), qualifier: .name(name))
    }

    /// Resolves the component of `T` registered with tag `Tag`, as a component of
    /// `framework` would, in an async context.
    public func resolve<T, Framework: DIFramework, Tag>(
        from framework: Framework.Type,
        tag: Tag.Type,
        file: StaticString = #fileID,
        line: UInt = #line
    ) async -> T {
        await trappingAsync(file, line) { () async throws(DIError) in try await tryResolve(from: framework, tag: tag) }
    }

    /// Resolves the component of `T` registered with tag `Tag`, as a component of
    /// `framework` would, in an async context.
    ///
    /// - Throws: A ``DIError`` if it cannot.
    public func tryResolve<T, Framework: DIFramework, Tag>(
        from framework: Framework.Type,
        tag: Tag.Type
    ) async throws(DIError) -> T {
        try await resolveAsync(T.self, from: OriginUnit(Framework.self), qualifier: .tag(Tag.self))
    }

    /// Resolves `T` as a component of `framework` would, with runtime arguments, in an async
    /// context.
    public func resolve<T, Framework: DIFramework, First, each A>(
        from framework: Framework.Type,
        args first: First,
        _ rest: repeat each A,
        file: StaticString = #fileID,
        line: UInt = #line
    ) async -> T {
        let arguments = Arguments(first, repeat each rest)
        return await trappingAsync(file, line) { () async throws(DIError) in
            try await resolveAsync(T.self, from: OriginUnit(Framework.self), arguments: arguments)
        }
    }

    /// Resolves `T` as a component of `framework` would, with runtime arguments, in an async
    /// context.
    ///
    /// - Throws: A ``DIError`` (``DIError/Kind/argumentMismatch`` when the arguments do not fit).
    public func tryResolve<T, Framework: DIFramework, First, each A>(
        from framework: Framework.Type,
        args first: First,
        _ rest: repeat each A
    ) async throws(DIError) -> T {
        try await resolveAsync(T.self, from: OriginUnit(Framework.self), arguments: Arguments(first, repeat each rest))
    }

    /// Runs the injections registered for `T` on an existing object, with `framework`'s
    /// registration of `T` winning ties (DITranquillity's `inject(into:from:)`).
    ///
    /// ```swift
    /// container.inject(into: viewController, from: FeedFramework.self)
    /// ```
    public func inject<T, Framework: DIFramework>(
        into object: T,
        from framework: Framework.Type,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        trapping(file, line) { () throws(DIError) in try tryInject(into: object, from: framework) }
    }

    /// Runs the injections registered for `T` on an existing object, as `framework` would.
    ///
    /// - Throws: A ``DIError`` if `T` has no registration or an injection fails.
    public func tryInject<T, Framework: DIFramework>(into object: T, from framework: Framework.Type) throws(DIError) {
        try inject(into: object, from: OriginUnit(Framework.self))
    }

    /// `body`'s value; a failure traps at the caller's `file:line`, with the error's text.
    private func trapping<T>(_ file: StaticString, _ line: UInt, _ body: () throws(DIError) -> T) -> T {
        do {
            return try body()
        } catch {
            fatalError(error.description, file: file, line: line)
        }
    }

    /// The async ``trapping(_:_:_:)``.
    private func trappingAsync<T>(
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

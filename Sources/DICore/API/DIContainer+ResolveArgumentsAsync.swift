// The async twins of `DIContainer+ResolveArguments`.
extension DIContainer {
    /// Resolves the component of `T` registered with `name` with runtime arguments, in an
    /// async context.
    public func resolve<T, First, each A>(
        name: String,
        args first: First,
        _ rest: repeat each A,
        file: StaticString = #fileID,
        line: UInt = #line
    ) async -> T {
        await trappingResolveAsync(T.self, .name(name), Arguments(first, repeat each rest), file, line)
    }

    /// Resolves the component of `T` registered with `name` with runtime arguments, in an
    /// async context.
    ///
    /// - Throws: A ``DIError`` (``DIError/Kind/argumentMismatch`` when the arguments do not fit).
    public func tryResolve<T, First, each A>(
        name: String,
        args first: First,
        _ rest: repeat each A
    ) async throws(DIError) -> T {
        try await resolveWithArgumentsAsync(T.self, .name(name), Arguments(first, repeat each rest))
    }

    /// Resolves the component of `T` registered with tag `Tag` with runtime arguments, in an
    /// async context.
    public func resolve<T, Tag, First, each A>(
        tag: Tag.Type,
        args first: First,
        _ rest: repeat each A,
        file: StaticString = #fileID,
        line: UInt = #line
    ) async -> T {
        await trappingResolveAsync(T.self, Self.qualifier(Tag.self), Arguments(first, repeat each rest), file, line)
    }

    /// Resolves the component of `T` registered with tag `Tag` with runtime arguments, in an
    /// async context.
    ///
    /// - Throws: A ``DIError`` (``DIError/Kind/argumentMismatch`` when the arguments do not fit).
    public func tryResolve<T, Tag, First, each A>(
        tag: Tag.Type,
        args first: First,
        _ rest: repeat each A
    ) async throws(DIError) -> T {
        try await resolveWithArgumentsAsync(T.self, Self.qualifier(Tag.self), Arguments(first, repeat each rest))
    }

    /// Resolves `T` with runtime arguments written as `Any?` (`nil` for an `Optional` `arg`),
    /// in an async context.
    public func resolve<T>(
        args first: Any?,
        _ rest: Any?...,
        file: StaticString = #fileID,
        line: UInt = #line
    ) async -> T {
        await trappingResolveAsync(T.self, Request(arguments: Arguments(optionals: [first] + rest)), file, line)
    }

    /// Resolves `T` with runtime arguments written as `Any?`, in an async context.
    ///
    /// - Throws: A ``DIError`` (``DIError/Kind/argumentMismatch`` when the arguments do not fit).
    public func tryResolve<T>(args first: Any?, _ rest: Any?...) async throws(DIError) -> T {
        try await resolveTopLevelAsync(T.self, Request(arguments: Arguments(optionals: [first] + rest)))
    }

    /// Resolves `T` with runtime arguments for the components of the types `arguments`
    /// names, in an async context.
    public func resolve<T>(
        arguments: AnyArguments,
        file: StaticString = #fileID,
        line: UInt = #line
    ) async -> T {
        await trappingResolveAsync(T.self, Request(), file, line, argumentsByType: arguments)
    }

    /// Resolves `T` with runtime arguments for deeper components, in an async context.
    ///
    /// - Throws: A ``DIError`` (``DIError/Kind/argumentMismatch`` when some do not fit).
    public func tryResolve<T>(arguments: AnyArguments) async throws(DIError) -> T {
        try await resolveTopLevelAsync(T.self, Request(), argumentsByType: arguments)
    }

    /// Resolves the component of `T` registered with `name`, with runtime arguments for
    /// deeper components, in an async context.
    public func resolve<T>(
        name: String,
        arguments: AnyArguments,
        file: StaticString = #fileID,
        line: UInt = #line
    ) async -> T {
        await trappingResolveAsync(T.self, Request(qualifier: .name(name)), file, line, argumentsByType: arguments)
    }

    /// Resolves the component of `T` registered with tag `Tag`, with runtime arguments for
    /// deeper components, in an async context.
    public func resolve<T, Tag>(
        tag: Tag.Type,
        arguments: AnyArguments,
        file: StaticString = #fileID,
        line: UInt = #line
    ) async -> T {
        await trappingResolveAsync(
            T.self,
            Request(qualifier: Self.qualifier(tag)),
            file,
            line,
            argumentsByType: arguments
        )
    }

    /// Resolves the component of `T` registered with `name`, with runtime arguments for
    /// deeper components, in an async context.
    ///
    /// - Throws: A ``DIError`` (``DIError/Kind/argumentMismatch`` when some do not fit).
    public func tryResolve<T>(name: String, arguments: AnyArguments) async throws(DIError) -> T {
        try await resolveTopLevelAsync(T.self, Request(qualifier: .name(name)), argumentsByType: arguments)
    }

    /// Resolves the component of `T` registered with tag `Tag`, with runtime arguments for
    /// deeper components, in an async context.
    ///
    /// - Throws: A ``DIError`` (``DIError/Kind/argumentMismatch`` when some do not fit).
    public func tryResolve<T, Tag>(tag: Tag.Type, arguments: AnyArguments) async throws(DIError) -> T {
        try await resolveTopLevelAsync(T.self, Request(qualifier: Self.qualifier(tag)), argumentsByType: arguments)
    }

    private func trappingResolveAsync<T>(
        _ type: T.Type,
        _ request: Request,
        _ file: StaticString,
        _ line: UInt,
        argumentsByType: AnyArguments? = nil
    ) async -> T {
        do {
            return try await resolveTopLevelAsync(T.self, request, argumentsByType: argumentsByType)
        } catch {
            fatalError(error.description, file: file, line: line)
        }
    }
}

// Resolution with runtime arguments beyond `resolve(args:)`: with a name or tag, written as
// `Any?` (so `nil` can be passed), and for components deeper in the graph (`AnyArguments`).
// A failure traps at the caller's `file:line`.
extension DIContainer {
    /// Resolves the component of `T` registered with `name`, feeding `args` to its `arg`
    /// parameters in order.
    ///
    /// ```swift
    /// let router: NewsRouter = container.resolve(name: "main", args: "eu", 20)
    /// ```
    public func resolve<T, First, each A>(
        name: String,
        args first: First,
        _ rest: repeat each A,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> T {
        let arguments = Arguments(first, repeat each rest)
        return trappingResolve(T.self, .name(name), arguments, onMainActor: Self.isMainActor(isolation), file, line)
    }

    /// Resolves the component of `T` registered with `name` with runtime arguments.
    ///
    /// - Throws: A ``DIError`` (``DIError/Kind/argumentMismatch`` when the arguments do not fit).
    public func tryResolve<T, First, each A>(
        name: String,
        args first: First,
        _ rest: repeat each A,
        isolation: isolated (any Actor)? = #isolation
    ) throws(DIError) -> T {
        let arguments = Arguments(first, repeat each rest)
        return try resolveWithArguments(T.self, .name(name), arguments, onMainActor: Self.isMainActor(isolation))
    }

    /// Resolves the component of `T` registered with tag `Tag`, feeding `args` to its `arg`
    /// parameters in order.
    public func resolve<T, Tag, First, each A>(
        tag: Tag.Type,
        args first: First,
        _ rest: repeat each A,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> T {
        let arguments = Arguments(first, repeat each rest)
        let onMainActor = Self.isMainActor(isolation)
        return trappingResolve(T.self, Self.qualifier(Tag.self), arguments, onMainActor: onMainActor, file, line)
    }

    /// Resolves the component of `T` registered with tag `Tag` with runtime arguments.
    ///
    /// - Throws: A ``DIError`` (``DIError/Kind/argumentMismatch`` when the arguments do not fit).
    public func tryResolve<T, Tag, First, each A>(
        tag: Tag.Type,
        args first: First,
        _ rest: repeat each A,
        isolation: isolated (any Actor)? = #isolation
    ) throws(DIError) -> T {
        let arguments = Arguments(first, repeat each rest)
        return try resolveWithArguments(
            T.self,
            Self.qualifier(Tag.self),
            arguments,
            onMainActor: Self.isMainActor(isolation)
        )
    }

    /// Resolves `T` with runtime arguments written as `Any?`: DITranquillity's spelling, where
    /// a `nil` literal stands for an `Optional` `arg` parameter.
    ///
    /// ```swift
    /// container.register { Sample(rate: arg($0), comment: arg($1)) }  // comment: String?
    /// let sample: Sample = container.resolve(args: 22.2, nil)
    /// ```
    ///
    /// With arguments of known types the typed `resolve(args:)` is chosen.
    public func resolve<T>(
        args first: Any?,
        _ rest: Any?...,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> T {
        let request = Request(arguments: Arguments(optionals: [first] + rest))
        return trappingResolve(T.self, request, Self.isMainActor(isolation), nil, file, line)
    }

    /// Resolves `T` with runtime arguments written as `Any?` (`nil` for an `Optional` `arg`).
    ///
    /// - Throws: A ``DIError`` (``DIError/Kind/argumentMismatch`` when the arguments do not fit).
    public func tryResolve<T>(
        args first: Any?,
        _ rest: Any?...,
        isolation: isolated (any Actor)? = #isolation
    ) throws(DIError) -> T {
        let request = Request(arguments: Arguments(optionals: [first] + rest))
        return try resolveTopLevel(T.self, request, onMainActor: Self.isMainActor(isolation))
    }

    /// Resolves `T`, feeding runtime arguments to the components of the types
    /// `arguments` names, however deep in the graph.
    ///
    /// ```swift
    /// let deep: Deep = container.resolve(arguments: AnyArguments(for: Leaf.self, args: 7))
    /// ```
    public func resolve<T>(
        arguments: AnyArguments,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> T {
        trappingResolve(T.self, Request(), Self.isMainActor(isolation), arguments, file, line)
    }

    /// Resolves `T` with runtime arguments for the components of the types `arguments` names.
    ///
    /// - Throws: A ``DIError`` (``DIError/Kind/argumentMismatch`` when some do not fit).
    public func tryResolve<T>(
        arguments: AnyArguments,
        isolation: isolated (any Actor)? = #isolation
    ) throws(DIError) -> T {
        try resolveTopLevel(T.self, Request(), onMainActor: Self.isMainActor(isolation), argumentsByType: arguments)
    }

    /// Resolves the component of `T` registered with `name`, with runtime arguments for the
    /// components of the types `arguments` names.
    ///
    /// ```swift
    /// let store: KeyValueStore = container.resolve(name: "secure", arguments: AnyArguments(for: Keychain.self, args: "app"))
    /// ```
    public func resolve<T>(
        name: String,
        arguments: AnyArguments,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> T {
        trappingResolve(T.self, Request(qualifier: .name(name)), Self.isMainActor(isolation), arguments, file, line)
    }

    /// Resolves the component of `T` registered with `name`, with runtime arguments for the
    /// components of the types `arguments` names.
    ///
    /// - Throws: A ``DIError`` (``DIError/Kind/argumentMismatch`` when some do not fit).
    public func tryResolve<T>(
        name: String,
        arguments: AnyArguments,
        isolation: isolated (any Actor)? = #isolation
    ) throws(DIError) -> T {
        let request = Request(qualifier: .name(name))
        return try resolveTopLevel(
            T.self,
            request,
            onMainActor: Self.isMainActor(isolation),
            argumentsByType: arguments
        )
    }

    /// Resolves the component of `T` registered with tag `Tag`, with runtime arguments for
    /// the components of the types `arguments` names.
    public func resolve<T, Tag>(
        tag: Tag.Type,
        arguments: AnyArguments,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> T {
        let request = Request(qualifier: Self.qualifier(tag))
        return trappingResolve(T.self, request, Self.isMainActor(isolation), arguments, file, line)
    }

    /// Resolves the component of `T` registered with tag `Tag`, with runtime arguments for
    /// the components of the types `arguments` names.
    ///
    /// - Throws: A ``DIError`` (``DIError/Kind/argumentMismatch`` when some do not fit).
    public func tryResolve<T, Tag>(
        tag: Tag.Type,
        arguments: AnyArguments,
        isolation: isolated (any Actor)? = #isolation
    ) throws(DIError) -> T {
        let request = Request(qualifier: Self.qualifier(tag))
        return try resolveTopLevel(
            T.self,
            request,
            onMainActor: Self.isMainActor(isolation),
            argumentsByType: arguments
        )
    }

    /// ``resolveTopLevel(_:_:remembering:onMainActor:argumentsByType:)``, trapping at the
    /// caller's `file:line` with the error's text.
    func trappingResolve<T>(
        _ type: T.Type,
        _ request: Request,
        _ onMainActor: Bool,
        _ argumentsByType: AnyArguments?,
        _ file: StaticString,
        _ line: UInt
    ) -> T {
        do {
            return try resolveTopLevel(T.self, request, onMainActor: onMainActor, argumentsByType: argumentsByType)
        } catch {
            fatalError(error.description, file: file, line: line)
        }
    }
}

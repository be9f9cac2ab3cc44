import DILazy

extension DIContainer {
    /// Resolves an instance of `T`, trapping with the error's description if it cannot.
    ///
    /// `T` may be a registered type or a wrapper: `Cat?` (nil when nothing or more than one
    /// thing matches), `Lazy<Cat>`, `Provider<Cat>`, `Provider2<Router, String, Int>`,
    /// `DIMany<Animal>`.
    ///
    /// ```swift
    /// let cat: Cat = container.resolve()
    /// let maybe: Cat? = container.resolve()
    /// let later: Lazy<Cat> = container.resolve()
    /// ```
    ///
    /// A failure traps at the caller's `file:line` (the defaulted `file`/`line` parameters),
    /// with the error's description.
    public func resolve<T>(
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> T {
        do {
            return try resolvePlain(T.self, onMainActor: Self.isMainActor(isolation))
        } catch {
            fatalError(error.description, file: file, line: line)
        }
    }

    /// Resolves the component of `T` registered with `name`.
    public func resolve<T>(
        name: String,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> T {
        let onMainActor = Self.isMainActor(isolation)
        return trapOnError(file, line) { () throws(DIError) in
            // Inside a factory: joined the general way, one call deep (see `resolveQualified`).
            guard !ResolveLink.isInProgress else {
                return try resolveTopLevel(T.self, Request(qualifier: .name(name)), onMainActor: onMainActor)
            }
            return try resolveQualified(T.self, .name(name), onMainActor: onMainActor)
        }
    }

    /// Resolves the component of `T` registered with tag `Tag`.
    public func resolve<T, Tag>(
        tag: Tag.Type,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> T {
        let onMainActor = Self.isMainActor(isolation)
        return trapOnError(file, line) { () throws(DIError) in
            guard !ResolveLink.isInProgress else {
                return try resolveTopLevel(T.self, Request(qualifier: Self.qualifier(tag)), onMainActor: onMainActor)
            }
            return try resolveQualified(T.self, Self.qualifier(tag), onMainActor: onMainActor)
        }
    }

    /// Resolves `T`, feeding `args` to its registration's `arg` parameters in order.
    ///
    /// ```swift
    /// container.register { NewsRouter(api: $0, server: arg($1), count: arg($2)) }
    /// let router: NewsRouter = container.resolve(args: "eu", 20)
    /// ```
    public func resolve<T, each A>(
        args: repeat each A,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> T {
        trappingResolve(T.self, Arguments(repeat each args), onMainActor: Self.isMainActor(isolation), file, line)
    }

    /// Resolves `T` with runtime `arguments` (`resolve(args:)`), trapping at `file:line` on
    /// failure.
    @usableFromInline
    func trappingResolve<T>(
        _ type: T.Type,
        _ arguments: Arguments,
        onMainActor: Bool,
        _ file: StaticString,
        _ line: UInt
    ) -> T {
        trappingResolve(T.self, .none, arguments, onMainActor: onMainActor, file, line)
    }

    /// Resolves `T` with a name or tags (`qualifier`) and runtime `arguments`, trapping at
    /// `file:line` on failure.
    func trappingResolve<T>(
        _ type: T.Type,
        _ qualifier: DIQualifier,
        _ arguments: Arguments,
        onMainActor: Bool,
        _ file: StaticString,
        _ line: UInt
    ) -> T {
        trapOnError(file, line) { () throws(DIError) in
            try resolveWithArguments(T.self, qualifier, arguments, onMainActor: onMainActor)
        }
    }

    /// Every component of `T` (the parent's first), in registration order.
    public func resolveMany<T>(
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> [T] {
        let onMainActor = Self.isMainActor(isolation)
        return trapOnError(file, line) { () throws(DIError) in
            try resolveTopLevel(DIMany<T>.self, Request(), onMainActor: onMainActor).values
        }
    }

    /// Resolves an instance of `T`.
    ///
    /// - Throws: A ``DIError`` saying what is missing, ambiguous, cyclic or mismatched.
    public func tryResolve<T>(isolation: isolated (any Actor)? = #isolation) throws(DIError) -> T {
        try resolvePlain(T.self, onMainActor: Self.isMainActor(isolation))
    }

    /// Resolves the component of `T` registered with `name`.
    ///
    /// - Throws: A ``DIError`` if it cannot.
    public func tryResolve<T>(name: String, isolation: isolated (any Actor)? = #isolation) throws(DIError) -> T {
        guard !ResolveLink.isInProgress else {
            return try resolveTopLevel(
                T.self,
                Request(qualifier: .name(name)),
                onMainActor: Self.isMainActor(isolation)
            )
        }
        return try resolveQualified(T.self, .name(name), onMainActor: Self.isMainActor(isolation))
    }

    /// Resolves the component of `T` registered with tag `Tag`.
    ///
    /// - Throws: A ``DIError`` if it cannot.
    public func tryResolve<T, Tag>(tag: Tag.Type, isolation: isolated (any Actor)? = #isolation) throws(DIError) -> T {
        guard !ResolveLink.isInProgress else {
            return try resolveTopLevel(
                T.self,
                Request(qualifier: Self.qualifier(tag)),
                onMainActor: Self.isMainActor(isolation)
            )
        }
        return try resolveQualified(T.self, Self.qualifier(tag), onMainActor: Self.isMainActor(isolation))
    }

    /// Resolves `T` with runtime arguments for its `arg` parameters.
    ///
    /// - Throws: A ``DIError`` of kind ``DIError/Kind/argumentMismatch`` when the argument
    ///   types do not match the registration, or any other failure.
    public func tryResolve<T, each A>(
        args: repeat each A,
        isolation: isolated (any Actor)? = #isolation
    ) throws(DIError) -> T {
        try resolveWithArguments(T.self, Arguments(repeat each args), onMainActor: Self.isMainActor(isolation))
    }

    /// Every component of `T` (the parent's first), in registration order.
    ///
    /// - Throws: A ``DIError`` if one of them cannot be made.
    public func tryResolveMany<T>(isolation: isolated (any Actor)? = #isolation) throws(DIError) -> [T] {
        try resolveTopLevel(DIMany<T>.self, Request(), onMainActor: Self.isMainActor(isolation)).values
    }

    /// Runs the property and method injections (and `postInit`) registered for the object's
    /// class on an existing object — for objects the system creates, such as view controllers.
    ///
    /// The object's own class is looked up, also when it is passed as its base class or a
    /// protocol; with nothing registered for it, `T`'s registration runs, if the object is
    /// an instance of its type.
    ///
    /// ```swift
    /// container.register(ProfileViewController.self).injection(\.presenter)
    /// container.inject(into: viewController)
    /// ```
    public func inject<T>(
        into object: T,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        trapOnError(file, line) { () throws(DIError) in try tryInject(into: object, isolation: isolation) }
    }

    /// Runs the injections registered for the object's class (else for `T`) on an existing
    /// object, as ``inject(into:isolation:file:line:)`` does.
    ///
    /// - Throws: A ``DIError`` of kind ``DIError/Kind/notRegistered`` when neither has a
    ///   registration, ``DIError/Kind/typeMismatch`` when the object is no instance of the
    ///   registration chosen, or a failure of one of its injections.
    public func tryInject<T>(into object: T, isolation: isolated (any Actor)? = #isolation) throws(DIError) {
        let context = ResolveContext(container: self)
        context.callerOnMainActor = Self.isMainActor(isolation)
        if let outer = ResolveLink.inProgress { context.join(outer, sharingGraph: true) }
        // Answering the object, so that an error's path starts at its type.
        _ = try run(context) { context throws(DIError) -> T in
            try context.inject(into: object)
            return object
        }
    }

    /// Runs a throwing resolve, trapping with the error's text at the caller's `file:line`.
    private func trapOnError<T>(_ file: StaticString, _ line: UInt, _ body: () throws(DIError) -> T) -> T {
        do {
            return try body()
        } catch {
            fatalError(error.description, file: file, line: line)
        }
    }

    /// Whether `isolation` (a caller's `#isolation`) is the main actor: then a synchronous
    /// resolve can run main-actor factories in place.
    @usableFromInline
    static func isMainActor(_ isolation: (any Actor)?) -> Bool {
        guard let isolation else { return false }
        return ObjectIdentifier(isolation) == ObjectIdentifier(MainActor.shared)
    }

    static func qualifier<Tag>(_ tag: Tag.Type) -> DIQualifier {
        .tag(Tag.self)
    }
}

/// Resolves from a container: `let cat: Cat = *container` is `container.resolve()`.
public prefix func * <T>(container: DIContainer) -> T {
    container.resolve()
}

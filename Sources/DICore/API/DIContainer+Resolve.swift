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
    public func resolve<T>() -> T {
        do {
            return try resolvePlain(T.self)
        } catch {
            fatalError(error.description)
        }
    }

    /// Resolves the component of `T` registered with `name`.
    public func resolve<T>(name: String) -> T {
        trapOnError { () throws(DIError) in try resolveTopLevel(T.self, Request(qualifier: .name(name))) }
    }

    /// Resolves the component of `T` registered with tag `Tag`.
    public func resolve<T, Tag>(tag: Tag.Type) -> T {
        trapOnError { () throws(DIError) in try resolveTopLevel(T.self, Request(qualifier: Self.qualifier(tag))) }
    }

    /// Resolves `T`, feeding `args` to its registration's `arg` parameters in order.
    ///
    /// ```swift
    /// container.register { NewsRouter(api: $0, server: arg($1), count: arg($2)) }
    /// let router: NewsRouter = container.resolve(args: "eu", 20)
    /// ```
    public func resolve<T, each A>(args: repeat each A) -> T {
        trapOnError { () throws(DIError) in
            try resolveTopLevel(T.self, Request(arguments: Arguments(repeat each args)))
        }
    }

    /// Every component of `T` (the parent's first), in registration order.
    public func resolveMany<T>() -> [T] {
        trapOnError { () throws(DIError) in try resolveTopLevel(DIMany<T>.self, Request()).values }
    }

    /// Resolves an instance of `T`.
    ///
    /// - Throws: A ``DIError`` saying what is missing, ambiguous, cyclic or mismatched.
    public func tryResolve<T>() throws(DIError) -> T {
        try resolvePlain(T.self)
    }

    /// Resolves the component of `T` registered with `name`.
    ///
    /// - Throws: A ``DIError`` if it cannot.
    public func tryResolve<T>(name: String) throws(DIError) -> T {
        try resolveTopLevel(T.self, Request(qualifier: .name(name)))
    }

    /// Resolves the component of `T` registered with tag `Tag`.
    ///
    /// - Throws: A ``DIError`` if it cannot.
    public func tryResolve<T, Tag>(tag: Tag.Type) throws(DIError) -> T {
        try resolveTopLevel(T.self, Request(qualifier: Self.qualifier(tag)))
    }

    /// Resolves `T` with runtime arguments for its `arg` parameters.
    ///
    /// - Throws: A ``DIError`` of kind ``DIError/Kind/argumentMismatch`` when the argument
    ///   types do not match the registration, or any other failure.
    public func tryResolve<T, each A>(args: repeat each A) throws(DIError) -> T {
        try resolveTopLevel(T.self, Request(arguments: Arguments(repeat each args)))
    }

    /// Every component of `T` (the parent's first), in registration order.
    ///
    /// - Throws: A ``DIError`` if one of them cannot be made.
    public func tryResolveMany<T>() throws(DIError) -> [T] {
        try resolveTopLevel(DIMany<T>.self, Request()).values
    }

    /// Runs the property and method injections (and `postInit`) registered for `T` on an
    /// existing object — for objects the system creates, such as view controllers.
    ///
    /// ```swift
    /// container.register(ProfileViewController.self).injection(\.presenter)
    /// container.inject(into: viewController)
    /// ```
    public func inject<T>(into object: T) {
        trapOnError { () throws(DIError) in try tryInject(into: object) }
    }

    /// Runs the injections registered for `T` on an existing object.
    ///
    /// - Throws: A ``DIError`` of kind ``DIError/Kind/notRegistered`` when `T` has no
    ///   registration, or a failure of one of its injections.
    public func tryInject<T>(into object: T) throws(DIError) {
        let context = ResolveContext(container: self)
        if let outer = ResolveLink.inProgress { context.join(outer, sharingGraph: true) }
        try run(context) { context throws(DIError) in try context.inject(into: object) }
    }

    /// Runs a throwing resolve, trapping with the error's text.
    private func trapOnError<T>(_ body: () throws(DIError) -> T) -> T {
        do {
            return try body()
        } catch {
            fatalError(error.description)
        }
    }

    static func qualifier<Tag>(_ tag: Tag.Type) -> DIQualifier {
        .tag(Tag.self)
    }
}

/// Resolves from a container: `let cat: Cat = *container` is `container.resolve()`.
public prefix func * <T>(container: DIContainer) -> T {
    container.resolve()
}

import DIRuntime

extension DIContainer {
    /// Registers a component made by an initializer or closure whose parameters are resolved.
    ///
    /// Every parameter is resolved when an instance is needed; wrap one in `many`, `by(tag:on:)`
    /// or `arg` to change how, or make it `Optional`, `Lazy`, `Provider` or `DIContainer`.
    ///
    /// ```swift
    /// container.register(Cat.init)
    /// container.register { Cat(name: "Tom", owner: $0) }
    /// container.register { NewsRouter(api: $0, server: arg($1)) }
    /// ```
    ///
    /// The factory is `@Sendable` because the container is: it runs on whichever thread
    /// resolves. An initializer reference and a closure that captures nothing mutable are
    /// `Sendable`; a closure that captures a `var`, a non-`Sendable` object or main-actor
    /// state does not compile — mark the closure `@MainActor` (the main-actor overload) or
    /// capture a `Sendable` value instead.
    ///
    /// Each call adds a component, even for the same line twice. The type plus `file:line` is
    /// also the key of process-wide (`single`/`perApplication`) storage.
    ///
    /// - Parameters:
    ///   - file: The registering file; leave the default.
    ///   - line: The registering line; leave the default.
    ///   - factory: Makes an instance from its resolved parameters.
    /// - Returns: A builder to add aliases, a lifetime, injections.
    @inlinable  // the closure is then compiled for the caller's types: no pack walked at run time
    @discardableResult
    public func register<T, each P>(
        file: String = #fileID,
        line: UInt = #line,
        _ factory: @escaping @Sendable (repeat each P) -> T
    ) -> DIComponentBuilder<T> {
        add(
            T.self,
            file: file,
            line: line,
            factory: FactoryBox(factory),
            parameters: DIDependency.plans(repeat (each P).self)
        )
    }

    /// Registers a component whose initializer or closure is isolated to the main actor.
    ///
    /// Chosen for a `@MainActor` initializer (`register(FeedViewModel.init)`) and for a
    /// closure marked `@MainActor`. The factory, and the resolving of its parameters, run
    /// on the main actor: a synchronous resolve on the main thread runs them in place (so
    /// `let model: FeedViewModel = container.resolve()` works in `viewDidLoad`); a
    /// synchronous resolve on another thread fails with ``DIError/Kind/requiresAsync``; an
    /// async resolve awaits the parameters and hops to the main actor.
    ///
    /// ```swift
    /// container.register(FeedViewModel.init)   // @MainActor final class FeedViewModel
    /// container.register { @MainActor in Badge(count: Store.unread) }
    /// ```
    @inlinable  // as `register(file:line:main:)`
    @discardableResult
    public func register<T: Sendable, each P>(
        file: String = #fileID,
        line: UInt = #line,
        _ factory: @escaping @MainActor @Sendable (repeat each P) -> T
    ) -> DIComponentBuilder<T> {
        register(file: file, line: line, main: factory)
    }

    /// Registers a component made by an `async` initializer or closure, on the actor it is
    /// isolated to, if any.
    ///
    /// Its parameters are resolved as for the synchronous `register` and may themselves be
    /// async components. Only an async resolve (`await container.resolve()`) can make it; a
    /// synchronous resolve that needs it fails with ``DIError/Kind/requiresAsync``. A closure
    /// isolated to a global actor (`{ @DatabaseActor () async in … }`) keeps its isolation:
    /// calling it hops to that actor, and the compiler checks what crosses.
    ///
    /// ```swift
    /// container.register { (config: Config) async in await ConnectionPool.connect(config) }
    ///     .lifetime(.perContainer(.single))
    /// let pool: ConnectionPool = await container.resolve()
    /// ```
    @inlinable  // the closure is then compiled for the caller's types: no pack walked at run time
    @discardableResult
    public func register<T, each P>(
        file: String = #fileID,
        line: UInt = #line,
        _ factory: @escaping @Sendable (repeat each P) async -> T
    ) -> DIComponentBuilder<T> {
        let box = FactoryBox(makeAsync: { source, component throws(DIError) -> Any in
            var cursor = source.cursor(for: component)
            let parameters = (repeat try await source.parameterAsync((each P).self, &cursor))
            return try await source.callFactory { await factory(repeat each parameters) }
        })
        return add(T.self, file: file, line: line, factory: box, parameters: DIDependency.plans(repeat (each P).self))
    }

    /// Registers a class whose initializer or closure is isolated to a global actor other
    /// than the main actor: `register(Store.init)` for a `@DatabaseActor final class Store`.
    ///
    /// The factory runs on its actor, so only an async resolve (`await container.resolve()`)
    /// can make the instance, hopping there with the parameters it awaited; a synchronous
    /// resolve that needs it fails with ``DIError/Kind/requiresAsync``, as for an `async`
    /// factory. Its parameters cross to the actor, so they are `Sendable`. (A main-actor
    /// initializer takes the main-actor `register`, which a synchronous resolve on the main
    /// thread can run in place.)
    ///
    /// ```swift
    /// container.register(Store.init)   // @DatabaseActor final class Store { init(pool: Pool) }
    /// let store: Store = await container.resolve()
    /// ```
    ///
    /// From macOS 15 and iOS 18, whose runtime knows `@isolated(any)` functions. Before, the
    /// async form says the same: `register { @DatabaseActor (pool: Pool) async in Store(pool: pool) }`.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @discardableResult
    public func register<T: AnyObject & Sendable, each P: Sendable>(
        file: String = #fileID,
        line: UInt = #line,
        _ factory: @escaping @isolated(any) @Sendable (repeat each P) -> T
    ) -> DIComponentBuilder<T> {
        register(file: file, line: line) { (parameters: repeat each P) async -> T in
            await factory(repeat each parameters)
        }
        .update { $0.factory?.runsOnOtherActor = true }
    }

    /// The global-actor `register` for a factory of no parameters (`register(Store.init)`,
    /// `register { @DatabaseActor in Store() }`), which the fixed-arity synchronous one would
    /// otherwise take as well.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @discardableResult
    public func register<T: AnyObject & Sendable>(
        file: String = #fileID,
        line: UInt = #line,
        _ factory: @escaping @isolated(any) @Sendable () -> T
    ) -> DIComponentBuilder<T> {
        register(file: file, line: line) { () async -> T in await factory() }
            .update { $0.factory?.runsOnOtherActor = true }
    }

    /// Registers a component whose initializer runs on the main actor: the explicit
    /// spelling of the main-actor `register`, for any instance type.
    ///
    /// ```swift
    /// container.register(main: FeedViewModel.init)   // @MainActor final class FeedViewModel
    /// let model: FeedViewModel = await container.resolve()
    /// ```
    @inlinable  // the closure is then compiled for the caller's types: no pack walked at run time
    @discardableResult
    public func register<T, each P>(
        file: String = #fileID,
        line: UInt = #line,
        main factory: @escaping @MainActor @Sendable (repeat each P) -> T
    ) -> DIComponentBuilder<T> {
        add(
            T.self,
            file: file,
            line: line,
            factory: FactoryBox(mainActor: factory),
            parameters: DIDependency.plans(repeat (each P).self)
        )
    }

    /// `register` with an `Int` line, as DITranquillity spells it: `register(file: #file, line: #line) { … }`
    /// or `register(line: #line, X.init)`.
    @discardableResult
    public func register<T, each P>(
        file: String = #fileID,
        line: Int,
        _ factory: @escaping @Sendable (repeat each P) -> T
    ) -> DIComponentBuilder<T> {
        register(file: file, line: UInt(clamping: line), factory)
    }

    /// Registers a type with no initializer: only ``inject(into:isolation:file:line:)`` fills its properties.
    ///
    /// ```swift
    /// container.register(ProfileViewController.self).injection(\.presenter)
    /// ```
    ///
    /// While `inject(into:)` fills an object (for the rest of the resolve it runs in), a
    /// request for the type (a loop back to it) gets that object, whatever the lifetime;
    /// resolving the type anywhere else is a ``DIError`` of kind ``DIError/Kind/noInitializer``.
    @discardableResult
    public func register<T>(file: String = #fileID, line: UInt = #line, _ type: T.Type) -> DIComponentBuilder<T> {
        add(T.self, file: file, line: line, factory: nil, parameters: [])
    }

    @usableFromInline
    func add<T>(
        _ type: T.Type,
        file: String,
        line: UInt,
        factory: FactoryBox?,
        parameters: [DIDependency]
    ) -> DIComponentBuilder<T> {
        let id = Component.nextID()
        let observed = isObserved
        // `register { optionalValue }` registers the wrapped type (as DITranquillity does).
        let optional = optionalRequestType(of: T.self)
        let registered = optional?.wrappedType ?? T.self
        let lifetime = DILifeTime.registrationDefault
        // Observers hear of it once it is sealed (when its statement ends, or by the next look
        // at the registry), with the lifetime and aliases its modifiers gave it.
        let inLoad = withRegistry { registry in
            // Made by a call whose result goes straight into the draft: a local variable
            // passed on was copied (every array, string and closure of it retained).
            registry.add(
                id: id,
                Self.registration(
                    Component.Config(
                        parameters: parameters,
                        // In place: a constant for it was one more copy of the factory.
                        factory: optional == nil ? factory : factory?.unwrappingOptional(),
                        type: registered,
                        origin: registry.currentOrigin,
                        owner: ObjectIdentifier(self),
                        file: file,
                        line: line
                    ),
                    lifetime: lifetime
                ),
                announce: observed
            )
        }
        noteKeeping(lifetime)
        // Inside a load, other threads see it when its statement ends (see `Registry`).
        let end = observed || inLoad ? RegistrationEnd(container: self, id: id) : nil
        return DIComponentBuilder(container: self, id: id, end: end)
    }

    /// `config` with `lifetime`, configured as the lifetime's policy says.
    private static func registration(_ config: consuming Component.Config, lifetime: DILifeTime) -> Component.Config {
        // `consume`: returned as it is, a consuming parameter was copied.
        guard lifetime != .prototype || config.factory == nil else { return consume config }
        config.lifetime = lifetime
        LifetimePolicy(lifetime, origin: config.origin).configure(&config)
        return consume config
    }

    /// Seals registration `id` if it is still the draft, announcing it to observers.
    func finishRegistration(_ id: Int) {
        withRegistry { $0.seal(draftID: id) }
    }

    /// Applies a builder modifier (see ``Registry/update(id:_:)``).
    func update(componentID: Int, _ change: (inout Component.Config) -> Void) {
        withRegistry { $0.update(id: componentID, change) }
    }

    /// The public description of component `id`, if it is registered here.
    func info(ofComponent id: Int) -> DIComponentInfo? {
        withRegistry { $0.info(of: id) }
    }
}

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
        _ factory: @escaping (repeat each P) -> T
    ) -> DIComponentBuilder<T> {
        add(
            T.self,
            file: file,
            line: line,
            factory: FactoryBox(factory),
            parameters: DIDependency.plans(repeat (each P).self)
        )
    }

    /// Registers a component made by an `async` initializer or closure.
    ///
    /// Its parameters are resolved as for the synchronous `register` and may themselves be
    /// async components. Only an async resolve (`await container.resolve()`) can make it; a
    /// synchronous resolve that needs it fails with ``DIError/Kind/requiresAsync``.
    ///
    /// ```swift
    /// container.register { (config: Config) async in await ConnectionPool.connect(config) }
    ///     .lifetime(.perContainer(.single))
    /// let pool: ConnectionPool = await container.resolve()
    /// ```
    @discardableResult
    public func register<T, each P>(
        file: String = #fileID,
        line: UInt = #line,
        _ factory: @escaping (repeat each P) async -> T
    ) -> DIComponentBuilder<T> {
        let box = FactoryBox(makeAsync: { source, component throws(DIError) -> Any in
            var cursor = source.cursor(for: component)
            return await factory(repeat try await source.parameterAsync((each P).self, &cursor))
        })
        return add(T.self, file: file, line: line, factory: box, parameters: DIDependency.plans(repeat (each P).self))
    }

    /// Registers a component whose initializer runs on the main actor.
    ///
    /// The parameters are resolved first (they cross to the main actor, so they must be
    /// `Sendable`), then the initializer runs isolated to `MainActor` — never force-cast
    /// out of its isolation. Only an async resolve can make it.
    ///
    /// ```swift
    /// container.register(main: FeedViewModel.init)   // @MainActor final class FeedViewModel
    /// let model: FeedViewModel = await container.resolve()
    /// ```
    @discardableResult
    public func register<T: Sendable, each P: Sendable>(
        file: String = #fileID,
        line: UInt = #line,
        main factory: @escaping @MainActor (repeat each P) -> T
    ) -> DIComponentBuilder<T> {
        let box = FactoryBox(makeAsync: { source, component throws(DIError) -> Any in
            var cursor = source.cursor(for: component)
            let parameters = (repeat try await source.parameterAsync((each P).self, &cursor))
            return await MainActor.run { factory(repeat each parameters) }
        })
        return add(T.self, file: file, line: line, factory: box, parameters: DIDependency.plans(repeat (each P).self))
    }

    /// Registers a type with no initializer: only ``inject(into:)`` fills its properties.
    ///
    /// ```swift
    /// container.register(ProfileViewController.self).injection(\.presenter)
    /// ```
    ///
    /// Resolving such a component is a ``DIError`` of kind ``DIError/Kind/noInitializer``.
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
        // Observers hear of it once it is sealed (by the next look at the registry), with the
        // lifetime and aliases its modifiers gave it.
        withRegistry { registry in
            registry.add(
                id: id,
                Component.Config(
                    parameters: parameters,
                    factory: factory,
                    type: T.self,
                    origin: registry.currentOrigin,
                    owner: ObjectIdentifier(self),
                    file: file,
                    line: line
                ),
                announce: observed
            )
        }
        return DIComponentBuilder(container: self, id: id)
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

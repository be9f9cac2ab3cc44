extension DIContainer {
    /// Registers an initializer whose first parameter is the component registered under a
    /// name: `register(APIClient.init) { by(name: "baseURL", on: $0) }`. The other
    /// parameters are resolved as usual.
    ///
    /// The modifier runs once, here, to read the name; validation and the graph see the
    /// named edge from the start.
    @discardableResult
    public func register<T, P0, each P>(
        file: String = #fileID,
        line: UInt = #line,
        _ initializer: @escaping @Sendable (P0, repeat each P) -> T,
        _ modifier: (DIByName<P0>) -> DINamed<P0>
    ) -> DIComponentBuilder<T> {
        add(
            T.self,
            file: file,
            line: line,
            factory: FactoryBox { (first: P0, rest: repeat each P) in initializer(first, repeat each rest) },
            parameters: DIDependency.plans(P0.self, repeat (each P).self, names: [modifier(DIByName()).name])
        )
    }

    /// Registers an initializer whose first two parameters are components registered under
    /// names: `register(Session.init(user:token:)) { (by(name: "user", on: $0), by(name: "token", on: $1)) }`.
    @discardableResult
    public func register<T, P0, P1, each P>(
        file: String = #fileID,
        line: UInt = #line,
        _ initializer: @escaping @Sendable (P0, P1, repeat each P) -> T,
        _ modifier: (DIByName<P0>, DIByName<P1>) -> (DINamed<P0>, DINamed<P1>)
    ) -> DIComponentBuilder<T> {
        let (first, second) = modifier(DIByName(), DIByName())
        return add(
            T.self,
            file: file,
            line: line,
            factory: FactoryBox { (p0: P0, p1: P1, rest: repeat each P) in initializer(p0, p1, repeat each rest) },
            parameters: DIDependency.plans(P0.self, P1.self, repeat (each P).self, names: [first.name, second.name])
        )
    }

    /// The main-actor form: `register(main: ProfileViewModel.init) { by(name: "greeting", on: $0) }`.
    @discardableResult
    public func register<T, P0, each P>(
        file: String = #fileID,
        line: UInt = #line,
        main initializer: @escaping @MainActor @Sendable (P0, repeat each P) -> T,
        _ modifier: (DIByName<P0>) -> DINamed<P0>
    ) -> DIComponentBuilder<T> {
        add(
            T.self,
            file: file,
            line: line,
            factory: FactoryBox(mainActor: { @MainActor (first: P0, rest: repeat each P) in
                initializer(first, repeat each rest)
            }),
            parameters: DIDependency.plans(P0.self, repeat (each P).self, names: [modifier(DIByName()).name])
        )
    }

    /// The main-actor form without `main:`, for a `@MainActor` type:
    /// `register(ProfileViewModel.init) { by(name: "greeting", on: $0) }`.
    @discardableResult
    public func register<T: Sendable, P0, each P>(
        file: String = #fileID,
        line: UInt = #line,
        _ initializer: @escaping @MainActor @Sendable (P0, repeat each P) -> T,
        _ modifier: (DIByName<P0>) -> DINamed<P0>
    ) -> DIComponentBuilder<T> {
        register(file: file, line: line, main: initializer, modifier)
    }
}

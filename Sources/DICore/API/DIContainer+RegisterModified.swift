extension DIContainer {
    /// Registers an initializer whose first parameter goes through a modifier; the others are
    /// resolved as usual. DITranquillity's spelling of `register { X(a: arg($0), b: $1) }`.
    ///
    /// ```swift
    /// container.register(Greeting.init) { arg($0) }                  // Greeting(text:)
    /// container.register(NewsRouter.init(server:session:)) { arg($0) }
    /// // server: the first runtime argument; session: resolved
    /// container.register(Shelter.init) { many($0) }
    /// ```
    ///
    /// The modifier applies to the first parameter only, whatever the initializer's arity;
    /// the form whose modifier takes two arguments, `{ (arg($0), arg($1)) }`, modifies the first two.
    @discardableResult
    public func register<T, P0, M0, each P>(
        file: String = #fileID,
        line: UInt = #line,
        _ initializer: @escaping @Sendable (P0, repeat each P) -> T,
        _ modifier: @escaping @Sendable (M0) -> P0
    ) -> DIComponentBuilder<T> {
        register(file: file, line: line) { (first: M0, rest: repeat each P) in
            initializer(modifier(first), repeat each rest)
        }
    }

    /// Registers an initializer whose first two parameters go through a modifier:
    /// `register(Session.init(user:token:)) { (arg($0), arg($1)) }`.
    @discardableResult
    public func register<T, P0, P1, M0, M1, each P>(
        file: String = #fileID,
        line: UInt = #line,
        _ initializer: @escaping @Sendable (P0, P1, repeat each P) -> T,
        _ modifier: @escaping @Sendable (M0, M1) -> (P0, P1)
    ) -> DIComponentBuilder<T> {
        register(file: file, line: line) { (first: M0, second: M1, rest: repeat each P) in
            let (p0, p1) = modifier(first, second)
            return initializer(p0, p1, repeat each rest)
        }
    }

    /// The main-actor form of the first-parameter modifier:
    /// `register(main: ViewModel.init) { arg($0) }`.
    @discardableResult
    public func register<T, P0, M0, each P>(
        file: String = #fileID,
        line: UInt = #line,
        main initializer: @escaping @MainActor @Sendable (P0, repeat each P) -> T,
        _ modifier: @escaping @Sendable (M0) -> P0
    ) -> DIComponentBuilder<T> {
        register(
            file: file,
            line: line,
            main: { @MainActor (first: M0, rest: repeat each P) in initializer(modifier(first), repeat each rest) }
        )
    }

    /// The main-actor form of the two-parameter modifier:
    /// `register(main: ViewModel.init(id:title:)) { (arg($0), arg($1)) }`.
    @discardableResult
    public func register<T, P0, P1, M0, M1, each P>(
        file: String = #fileID,
        line: UInt = #line,
        main initializer: @escaping @MainActor @Sendable (P0, P1, repeat each P) -> T,
        _ modifier: @escaping @Sendable (M0, M1) -> (P0, P1)
    ) -> DIComponentBuilder<T> {
        register(
            file: file,
            line: line,
            main: { @MainActor (first: M0, second: M1, rest: repeat each P) in
                let (p0, p1) = modifier(first, second)
                return initializer(p0, p1, repeat each rest)
            }
        )
    }

    /// A main-actor initializer with a modifier for its first parameter, without `main:`:
    /// `register(ProfileViewModel.init) { arg($0) }` for a `@MainActor` type.
    @discardableResult
    public func register<T: Sendable, P0, M0, each P>(
        file: String = #fileID,
        line: UInt = #line,
        _ initializer: @escaping @MainActor @Sendable (P0, repeat each P) -> T,
        _ modifier: @escaping @Sendable (M0) -> P0
    ) -> DIComponentBuilder<T> {
        register(file: file, line: line, main: initializer, modifier)
    }

    /// A main-actor initializer with a modifier for its first two parameters, without
    /// `main:`: `register(ProfileViewModel.init) { (arg($0), arg($1)) }`.
    @discardableResult
    public func register<T: Sendable, P0, P1, M0, M1, each P>(
        file: String = #fileID,
        line: UInt = #line,
        _ initializer: @escaping @MainActor @Sendable (P0, P1, repeat each P) -> T,
        _ modifier: @escaping @Sendable (M0, M1) -> (P0, P1)
    ) -> DIComponentBuilder<T> {
        register(file: file, line: line, main: initializer, modifier)
    }
}

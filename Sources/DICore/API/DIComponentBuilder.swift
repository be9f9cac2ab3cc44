import DILazy
import DIRuntime

/// Describes a registered component further: aliases, lifetime, priority, injections.
///
/// Returned by `register`; every modifier returns the builder so calls chain:
///
/// ```swift
/// container.register(Cat.init)
///     .as(Animal.self)
///     .lifetime(.perContainer(.single))
///     .injection(\.owner)
///     .postInit { $0.wake() }
/// ```
///
/// > Warning: Finish a component's modifiers before resolving it from other threads;
/// > each modifier publishes a new version of the component atomically.
public struct DIComponentBuilder<T>: Sendable {
    let container: DIContainer
    let id: Int
    /// Shared by the copies the modifiers return; when the last goes (the registration
    /// statement ended), the registration is sealed and announced. `nil` when nothing observes it
    /// and no part or framework is loading it.
    let end: RegistrationEnd?

    func update(_ change: (inout Component.Config) -> Void) -> Self {
        container.update(componentID: id, change)
        return self
    }

    // MARK: Aliases

    /// Makes the component resolvable as `type` too.
    ///
    /// The container checks the conversion when resolving; a component that is not a
    /// `Parent` fails with ``DIError/Kind/typeMismatch``. Use ``as(check:_:)`` to have the
    /// compiler check it.
    ///
    /// Inlined where it is called: the conversion of an instance to `Parent` is compiled
    /// there, for both types, and a resolve of the alias runs it with no run-time lookup.
    @inlinable @discardableResult
    public func `as`<Parent>(_ type: Parent.Type) -> Self {
        aliased(AliasConversion(from: T.self, to: Parent.self), as: Parent.self)
    }

    /// Makes the component resolvable as `type` registered with `name`.
    @inlinable @discardableResult
    public func `as`<Parent>(_ type: Parent.Type, name: String) -> Self {
        aliased(AliasConversion(from: T.self, to: Parent.self), as: Parent.self, name: name)
    }

    /// Makes the component resolvable as `type` with tag `Tag` (any type can be a tag).
    @inlinable @discardableResult
    public func `as`<Parent, Tag>(_ type: Parent.Type, tag: Tag.Type) -> Self {
        aliased(AliasConversion(from: T.self, to: Parent.self), as: Parent.self, tag: Tag.self)
    }

    /// Makes the component resolvable as `type`, with the conversion checked by the compiler.
    ///
    /// ```swift
    /// container.register(Cat.init).as(check: Animal.self) { $0 }
    /// ```
    ///
    /// `conversion` returns its argument as a `Parent` (`{ $0 }`): the compiler checks that
    /// a `T` is one. A resolve of the alias that follows a compiled plan converts with it,
    /// an upcast compiled here: a class converted to a protocol needs no conformance lookup
    /// at run time, which ``as(_:)`` makes on every resolve. Other resolves cast the
    /// instance, so a conversion that returns anything else would give different answers:
    /// in a debug build, one that returns another object stops the program, naming both
    /// types.
    @inlinable @discardableResult
    public func `as`<Parent>(check type: Parent.Type, _ conversion: @escaping @Sendable (T) -> Parent) -> Self {
        aliased(AliasConversion(from: T.self, to: Parent.self, converting: conversion), as: Parent.self)
    }

    /// Makes the component resolvable as `type` registered with `name`, with the
    /// conversion checked by the compiler.
    ///
    /// ```swift
    /// container.register(Cat.init).as(check: Animal.self, name: "tom") { $0 }
    /// ```
    @inlinable @discardableResult
    public func `as`<Parent>(
        check type: Parent.Type,
        name: String,
        _ conversion: @escaping @Sendable (T) -> Parent
    ) -> Self {
        aliased(AliasConversion(from: T.self, to: Parent.self, converting: conversion), as: Parent.self, name: name)
    }

    /// Makes the component resolvable as `type` with tag `Tag`, with the conversion checked
    /// by the compiler.
    @inlinable @discardableResult
    public func `as`<Parent, Tag>(
        check type: Parent.Type,
        tag: Tag.Type,
        _ conversion: @escaping @Sendable (T) -> Parent
    ) -> Self {
        aliased(AliasConversion(from: T.self, to: Parent.self, converting: conversion), as: Parent.self, tag: Tag.self)
    }

    /// Adds the alias `type`, whose instances `conversion` makes from the component's.
    @usableFromInline
    func aliased(_ conversion: AliasConversion, as type: Any.Type) -> Self {
        update { $0.addAlias(Alias(type: type, qualifier: .none, conversion: conversion)) }
    }

    /// Adds the alias `type` with `name`.
    @usableFromInline
    func aliased(_ conversion: AliasConversion, as type: Any.Type, name: String) -> Self {
        update { $0.addAlias(Alias(type: type, qualifier: .name(name), conversion: conversion)) }
    }

    /// Adds the alias `type` with tag `Tag`.
    @usableFromInline
    func aliased<Tag>(_ conversion: AliasConversion, as type: Any.Type, tag: Tag.Type) -> Self {
        update { $0.addAlias(Alias(type: type, qualifier: DIContainer.qualifier(Tag.self), conversion: conversion)) }
    }

    // MARK: Lifetime and priority

    /// Sets how long instances live and who shares them (the default is ``DILifeTime/prototype``).
    @discardableResult
    public func lifetime(_ lifetime: DILifeTime) -> Self {
        var misuse: String?
        let builder = update { config in
            let policy = LifetimePolicy(lifetime, origin: config.origin)
            misuse = policy.outsideOriginMisuse
            // The same lifetime again keeps the cell, and an instance made in it.
            guard config.lifetime != lifetime else { return }
            config.lifetime = lifetime
            policy.configure(&config)
        }
        container.noteKeeping(lifetime)
        guard let misuse, container.isObserved, let info = container.info(ofComponent: id) else { return builder }
        container.report(
            DIDiagnostic(
                severity: .warning,
                kind: .scopeOutsideOrigin,
                message: "\(info.typeName) \(misuse)",
                component: info
            )
        )
        return builder
    }

    /// Marks the component as the one that wins when several match a request.
    @discardableResult
    public func `default`() -> Self {
        update { $0.isDefault = true }
    }

    /// Marks the component as a place where graph validation starts (DITranquillity 6).
    ///
    /// Once any component of a graph is a root, validation checks only the roots and what
    /// they reach (through every kind of dependency); a graph without roots is checked whole.
    ///
    /// ```swift
    /// container.register(AppCoordinator.init).root()
    /// ```
    @discardableResult
    public func root() -> Self {
        update { $0.isRoot = true }
    }

    /// Leaves the component out of graph validation where nothing validation checks reaches
    /// it: a registration the app keeps but does not resolve in this configuration
    /// (DITranquillity 6). A component that needs it gets it checked as usual, and it
    /// still resolves as usual.
    @discardableResult
    public func unused() -> Self {
        update { $0.isUnused = true }
    }

    /// Marks the component as a test override: it wins over every other candidate of its
    /// container. A child container still answers from its own registrations first.
    @discardableResult
    public func test() -> Self {
        update { $0.isTest = true }
    }
}

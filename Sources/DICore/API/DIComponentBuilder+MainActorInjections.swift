import DIRuntime

// Main-actor injections and `postInit`: for `@MainActor` view controllers and view models,
// and for every class of a module built with `.defaultIsolation(MainActor.self)`. Like a
// main-actor factory, they run on the main actor: a synchronous resolve runs them in place
// when it is there (its caller is isolated to the main actor, or it runs on the main thread)
// and fails with `.requiresAsync` anywhere else; an async resolve awaits their dependencies,
// then hops to the main actor. The instance and the resolved values cross to the main actor
// through `MainActorCall`, which hands them over while the resolve waits.
extension DIComponentBuilder {
    /// Injects a main-actor property after the initializer returns:
    /// `.injection(\.presenter)` on a `@MainActor` class, or on any class of a module built
    /// with `.defaultIsolation(MainActor.self)`.
    ///
    /// ```swift
    /// @MainActor final class ProfileViewController: UIViewController {
    ///     var presenter: ProfilePresenter!
    /// }
    ///
    /// container.register(ProfileViewController.self)
    ///     .injection(\.presenter)
    ///     .injection(name: "compact", \.layout)
    ///     .injection(cycle: true, \.router)
    /// ```
    ///
    /// Chosen where the key path refers to main-actor state, which Swift keeps from leaving
    /// the main actor (such a key path is not `Sendable`). The key path is therefore formed
    /// on the main actor too, when the injection runs, and never crosses to the resolver: the
    /// registration can stay in a nonisolated function. The property is set on the main
    /// actor, with the same rules as a main-actor factory.
    ///
    /// - Parameters:
    ///   - name: Resolve the component registered with this name.
    ///   - cycle: Inject after the outermost resolve has finished, which breaks a cycle
    ///     (the other side is then found in the object graph).
    ///   - keyPath: The property.
    @discardableResult
    public func injection<Property>(
        name: String? = nil,
        cycle: Bool = false,
        _ keyPath: @autoclosure @escaping @MainActor @Sendable () -> ReferenceWritableKeyPath<T, Property>
    ) -> Self {
        // `keyPath()` is not called here: it becomes the next overload's main-actor autoclosure.
        injection(name: name, cycle: cycle, keyPath()) { (value: Property) in value }
    }

    /// Injects a main-actor property through a modifier: `.injection(\.friends) { many($0) }`
    /// on a `@MainActor` class.
    ///
    /// The modifier runs where the resolve runs; the property is set on the main actor, as
    /// for `.injection(\.presenter)`.
    @discardableResult
    public func injection<Property, Request>(
        name: String? = nil,
        cycle: Bool = false,
        _ keyPath: @autoclosure @escaping @MainActor @Sendable () -> ReferenceWritableKeyPath<T, Property>,
        _ modifier: @escaping @Sendable (Request) -> Property
    ) -> Self {
        let (dependency, qualifier) = propertyDependency(Request.self, name: name, cycle: cycle)
        // The key path is never carried across isolation: only the `Sendable` autoclosure that
        // makes it is, and it is called (and the key path applied) inside the main-actor body.
        // The instance and the value cross through `MainActorCall`'s hand-off.
        let box = InjectionBox(
            onMainActor: true,
            apply: { instance, context throws(DIError) in
                guard let object = instance as? T else { return }
                let value = modifier(try context.dependency(Request.self, qualifier: qualifier))
                MainActorCall.inPlace(carrying: (object, value)) { (carried: (T, Property)) -> Void in
                    carried.0[keyPath: keyPath()] = carried.1
                }
            },
            applyAsync: { instance, context throws(DIError) in
                guard let object = instance as? T else { return }
                let value = modifier(try await context.dependencyAsync(Request.self, qualifier: qualifier))
                await MainActorCall.hop(carrying: (object, value)) { (carried: (T, Property)) -> Void in
                    carried.0[keyPath: keyPath()] = carried.1
                }
            }
        )
        return adding(Injection(dependencies: [dependency], isCycle: cycle, box: box))
    }

    /// Injects through a closure run on the main actor, whose parameters after the instance
    /// are resolved: the explicit spelling of the main-actor `injection`, for any instance type.
    ///
    /// In a module built with `.defaultIsolation(MainActor.self)` a plain
    /// `.injection { $0.service = $1 }` is nonisolated, and cannot touch the (main-actor)
    /// instance; `main:` makes the closure main-actor code without writing `@MainActor in`:
    ///
    /// ```swift
    /// container.register(FeedViewController.self)
    ///     .injection(main: { $0.configure(feed: $1, router: $2) })
    /// ```
    ///
    /// - Parameters:
    ///   - cycle: Inject after the outermost resolve has finished, which breaks a cycle.
    ///   - method: Takes the instance, then the resolved values, on the main actor.
    @discardableResult
    public func injection<each P>(
        cycle: Bool = false,
        main method: @escaping @MainActor @Sendable (T, repeat each P) -> Void
    ) -> Self {
        let box = InjectionBox(
            onMainActor: true,
            apply: { instance, context throws(DIError) in
                guard let object = instance as? T else { return }
                let values = (repeat try context.dependency((each P).self, qualifier: .none))
                MainActorCall.inPlace(carrying: (object, values)) { (carried: (T, (repeat each P))) -> Void in
                    method(carried.0, repeat each carried.1)
                }
            },
            applyAsync: { instance, context throws(DIError) in
                guard let object = instance as? T else { return }
                let values = (repeat try await context.dependencyAsync((each P).self, qualifier: .none))
                await MainActorCall.hop(carrying: (object, values)) { (carried: (T, (repeat each P))) -> Void in
                    method(carried.0, repeat each carried.1)
                }
            }
        )
        return addingMethod(repeat (each P).self, cycle: cycle, box: box)
    }

    /// Runs `body` on the main actor after all injections: the explicit spelling of the
    /// main-actor `postInit`, for any instance type — `.postInit(main: { $0.start() })` in a
    /// module built with `.defaultIsolation(MainActor.self)`.
    @discardableResult
    public func postInit(main body: @escaping @MainActor @Sendable (T) -> Void) -> Self {
        let box = InjectionBox(
            onMainActor: true,
            apply: { instance, _ throws(DIError) in
                guard let object = instance as? T else { return }
                MainActorCall.inPlace(carrying: object) { (object: T) -> Void in body(object) }
            },
            applyAsync: { instance, _ throws(DIError) in
                guard let object = instance as? T else { return }
                await MainActorCall.hop(carrying: object) { (object: T) -> Void in body(object) }
            }
        )
        return update { $0.addPostInit(box) }
    }
}

// The closures marked `@MainActor`. For a `Sendable` instance type (`@MainActor` classes
// are), `{ @MainActor in … }` picks these; an unmarked closure stays nonisolated.
extension DIComponentBuilder where T: Sendable {
    /// Injects through a closure isolated to the main actor:
    /// `.injection { @MainActor in $0.presenter = $1 }`.
    @discardableResult
    public func injection<each P>(
        cycle: Bool = false,
        _ method: @escaping @MainActor @Sendable (T, repeat each P) -> Void
    ) -> Self {
        injection(cycle: cycle, main: method)
    }

    /// Runs `body` on the main actor after all injections: `.postInit { @MainActor in $0.start() }`.
    @discardableResult
    public func postInit(_ body: @escaping @MainActor @Sendable (T) -> Void) -> Self {
        postInit(main: body)
    }
}

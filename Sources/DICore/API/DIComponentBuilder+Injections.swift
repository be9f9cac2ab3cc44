// Injections and `postInit`: user code that runs on a made instance. Like factories, the
// closures are `@Sendable` and keep their isolation: a main-actor closure runs on the main
// actor, an `async` one only in an async resolve.
extension DIComponentBuilder {
    /// Injects a property after the initializer returns.
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
        _ keyPath: any ReferenceWritableKeyPath<T, Property> & Sendable
    ) -> Self {
        injection(name: name, cycle: cycle, keyPath) { (value: Property) in value }
    }

    /// Injects a property through a modifier: `.injection(\.friends) { many($0) }`.
    @discardableResult
    public func injection<Property, Request>(
        name: String? = nil,
        cycle: Bool = false,
        _ keyPath: any ReferenceWritableKeyPath<T, Property> & Sendable,
        _ modifier: @escaping @Sendable (Request) -> Property
    ) -> Self {
        let (dependency, qualifier) = propertyDependency(Request.self, name: name, cycle: cycle)
        let box = InjectionBox(
            apply: { instance, context throws(DIError) in
                guard let object = instance as? T else { return }
                object[keyPath: keyPath] = modifier(try context.dependency(Request.self, qualifier: qualifier))
            },
            applyAsync: { instance, context throws(DIError) in
                guard let object = instance as? T else { return }
                let value = try await context.dependencyAsync(Request.self, qualifier: qualifier)
                object[keyPath: keyPath] = modifier(value)
            }
        )
        return adding(Injection(dependencies: [dependency], isCycle: cycle, box: box))
    }

    /// Injects through a closure whose parameters after the instance are resolved:
    /// `.injection { $0.owner = $1 }`.
    @discardableResult
    public func injection<each P>(
        cycle: Bool = false,
        _ method: @escaping @Sendable (T, repeat each P) -> Void
    ) -> Self {
        let box = InjectionBox(
            apply: { instance, context throws(DIError) in
                guard let object = instance as? T else { return }
                method(object, repeat try context.dependency((each P).self, qualifier: .none))
            },
            applyAsync: { instance, context throws(DIError) in
                guard let object = instance as? T else { return }
                method(object, repeat try await context.dependencyAsync((each P).self, qualifier: .none))
            }
        )
        return addingMethod(repeat (each P).self, cycle: cycle, box: box)
    }

    /// Injects through an `async` closure, on the actor it is isolated to, if any:
    /// `.injection { await $0.connect($1) }`. Only an async resolve can run it.
    @discardableResult
    public func injection<each P>(
        cycle: Bool = false,
        _ method: @escaping @Sendable (T, repeat each P) async -> Void
    ) -> Self {
        let box = InjectionBox(
            apply: nil,
            applyAsync: { instance, context throws(DIError) in
                guard let object = instance as? T else { return }
                await method(object, repeat try await context.dependencyAsync((each P).self, qualifier: .none))
            }
        )
        return addingMethod(repeat (each P).self, cycle: cycle, box: box)
    }

    /// Runs `body` after all injections (including `cycle:` ones) are done, and after the
    /// `postInit`s added before it: each one added runs, in order.
    @discardableResult
    public func postInit(_ body: @escaping @Sendable (T) -> Void) -> Self {
        let box = InjectionBox(
            apply: { instance, _ throws(DIError) in
                if let object = instance as? T { body(object) }
            },
            applyAsync: { instance, _ throws(DIError) in
                if let object = instance as? T { body(object) }
            }
        )
        return update { $0.addPostInit(box) }
    }

    /// Runs an `async` `body` after all injections, on the actor it is isolated to, if any:
    /// `.postInit { await $0.warmUp() }`. Only an async resolve can run it. Like every
    /// `postInit`, it runs after the ones added before it.
    @discardableResult
    public func postInit(_ body: @escaping @Sendable (T) async -> Void) -> Self {
        let box = InjectionBox(
            apply: nil,
            applyAsync: { instance, _ throws(DIError) in
                guard let object = instance as? T else { return }
                await body(object)
            }
        )
        return update { $0.addPostInit(box) }
    }

    /// The one dependency of a property injection, and the qualifier to resolve it with.
    func propertyDependency<Request>(
        _ request: Request.Type,
        name: String?,
        cycle: Bool
    ) -> (DIDependency, DIQualifier) {
        let qualifier: DIQualifier = name.map { .name($0) } ?? .none
        var dependency = DIDependency.plan(Request.self, role: .property, qualifier: qualifier)
        dependency.isCycle = cycle
        return (dependency, qualifier)
    }

    func adding(_ injection: Injection) -> Self {
        update { $0.injections.append(injection) }
    }

    /// Adds a method injection whose closure takes the instance, then `types` resolved.
    func addingMethod<each P>(_ types: repeat (each P).Type, cycle: Bool, box: InjectionBox) -> Self {
        var dependencies: [DIDependency] = []
        for parameter in repeat each types {
            var dependency = DIDependency.plan(parameter, role: .method)
            dependency.isCycle = cycle
            dependencies.append(dependency)
        }
        return adding(Injection(dependencies: dependencies, isCycle: cycle, box: box))
    }
}

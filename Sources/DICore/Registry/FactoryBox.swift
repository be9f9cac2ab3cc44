import DIRuntime

/// Calls a user's factory.
///
/// The factory is `@Sendable`: the container is, and runs it on whatever thread or task
/// resolves. A factory isolated to the main actor is called only there (see
/// ``runsOnMainActor``).
@usableFromInline
package struct FactoryBox: Sendable {
    /// Makes the instance synchronously; `nil` for an `async` factory.
    let make: (@Sendable (any ParameterSource, Component) throws(DIError) -> Any)?
    /// Makes the instance of an `async` factory; `nil` for a synchronous one, which an
    /// async resolve runs once it has awaited the parameters.
    let makeAsync: (@Sendable (any ParameterSource, Component) async throws(DIError) -> Any)?
    /// Whether ``make`` is isolated to the main actor: a synchronous resolve runs it only on
    /// the main thread, an async resolve hops there with the awaited parameters.
    let runsOnMainActor: Bool
    /// Whether only an async resolve can make the instance (``make`` is `nil`).
    let isAsync: Bool

    /// A synchronous factory; `onMainActor` when `make` runs the user's code with
    /// ``MainActorCall/inPlace(_:)``.
    @usableFromInline
    init(onMainActor: Bool = false, make: @escaping @Sendable (any ParameterSource, Component) throws(DIError) -> Any) {
        self.make = make
        makeAsync = nil
        runsOnMainActor = onMainActor
        isAsync = false
    }

    /// An `async` factory.
    init(makeAsync: @escaping @Sendable (any ParameterSource, Component) async throws(DIError) -> Any) {
        make = nil
        self.makeAsync = makeAsync
        runsOnMainActor = false
        isAsync = true
    }

    /// A synchronous, nonisolated factory whose parameters are resolved in order.
    @inlinable  // compiled for the caller's types: no pack walked at run time
    init<T, each P>(_ body: @escaping @Sendable (repeat each P) -> T) {
        self.init(make: { source, component throws(DIError) -> Any in
            var cursor = source.cursor(for: component)
            return body(repeat try source.parameter((each P).self, &cursor))
        })
    }

    /// A synchronous factory isolated to the main actor: its parameters are resolved and it
    /// runs there, in place.
    init<T, each P>(mainActor body: @escaping @MainActor @Sendable (repeat each P) -> T) {
        self.init(
            onMainActor: true,
            make: { source, component throws(DIError) -> Any in
                try MainActorCall.inPlace(carrying: source) { source throws(DIError) -> Any in
                    var cursor = source.cursor(for: component)
                    return body(repeat try source.parameter((each P).self, &cursor))
                }
            }
        )
    }
}

/// Runs a property or method injection, or a `postInit`, on an instance.
package struct InjectionBox: Sendable {
    /// The injection in a synchronous resolve; `nil` for an `async` one.
    let apply: (@Sendable (Any, any DependencySource) throws(DIError) -> Void)?
    /// The same injection in an async resolve, where its dependencies may be async.
    let applyAsync: @Sendable (Any, any DependencySource) async throws(DIError) -> Void
    /// Whether ``apply`` runs the user's code on the main actor (in place), so that a
    /// synchronous resolve can run it only on the main thread.
    let runsOnMainActor: Bool
    /// Whether only an async resolve can run it (``apply`` is `nil`).
    let isAsync: Bool

    init(
        onMainActor: Bool = false,
        apply: (@Sendable (Any, any DependencySource) throws(DIError) -> Void)?,
        applyAsync: @escaping @Sendable (Any, any DependencySource) async throws(DIError) -> Void
    ) {
        // `if let`, not `apply == nil`: comparing a typed-throws function value with `nil`
        // goes through a generic `==`, which needs the Swift 6 runtime (iOS 18, macOS 15).
        if let apply {
            self.apply = apply
            isAsync = false
        } else {
            self.apply = nil
            isAsync = true
        }
        self.applyAsync = applyAsync
        runsOnMainActor = onMainActor
    }
}

/// A property or method injection of a component.
package struct Injection: Sendable {
    /// What it resolves (one dependency for a property; the closure's parameters for a method).
    package let dependencies: [DIDependency]
    /// Whether it waits until the outer resolve has finished (`cycle: true`).
    package let isCycle: Bool
    let box: InjectionBox
}

/// Another type (with a name or tag) a component answers to.
package struct Alias: Sendable {
    let type: Any.Type
    let qualifier: DIQualifier

    var key: DIKey { DIKey(ObjectIdentifier(type), qualifier) }

    /// `Animal`, `Animal (name: "tom")`.
    var label: String {
        qualifier.label.isEmpty ? typeName(type) : "\(typeName(type)) (\(qualifier.label))"
    }
}

/// The key of the registry's index: a type and its qualifier.
package struct DIKey: Hashable, Sendable {
    let type: ObjectIdentifier
    let qualifier: DIQualifier

    init(_ type: ObjectIdentifier, _ qualifier: DIQualifier = .none) {
        self.type = type
        self.qualifier = qualifier
    }
}

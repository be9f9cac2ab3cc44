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
    let makeAsync: (nonisolated(nonsending) @Sendable (any ParameterSource, Component) async throws(DIError) -> Any)?
    /// Whether ``make`` is isolated to the main actor: a synchronous resolve runs it only on
    /// the main thread, an async resolve hops there with the awaited parameters.
    let runsOnMainActor: Bool
    /// Whether only an async resolve can make the instance (``make`` is `nil`).
    let isAsync: Bool
    /// Whether the factory is isolated to a global actor other than the main actor, which
    /// only an async resolve can hop to (``isAsync`` too): for the errors that say why.
    var runsOnOtherActor = false
    /// Compiles the component's step of a resolve plan (a ``TypedStep`` of the registered
    /// type); `nil` for a factory that is async or isolated, whose steps the resolve runs.
    let compile: (@Sendable (any StepCompiling) -> any AnyTypedStep)?

    /// A synchronous factory; `onMainActor` when `make` runs the user's code with
    /// ``MainActorCall/inPlace(_:)``.
    @usableFromInline
    init(
        onMainActor: Bool = false,
        make: @escaping @Sendable (any ParameterSource, Component) throws(DIError) -> Any,
        compile: (@Sendable (any StepCompiling) -> any AnyTypedStep)? = nil
    ) {
        self.make = make
        makeAsync = nil
        runsOnMainActor = onMainActor
        isAsync = false
        self.compile = compile
    }

    /// An `async` factory.
    @usableFromInline
    init(
        makeAsync:
            nonisolated(nonsending) @escaping @Sendable (any ParameterSource, Component) async throws(DIError) -> Any
    ) {
        make = nil
        self.makeAsync = makeAsync
        runsOnMainActor = false
        isAsync = true
        compile = nil
    }

    /// A synchronous, nonisolated factory whose parameters are resolved in order.
    ///
    /// Compiled for the caller's types, but the pack of parameters, expanded through `try`,
    /// is still walked at run time: the factories of up to eight parameters have an
    /// initializer per arity (`FactoryBox+Arities.swift`, generated), which `register`
    /// picks over this one.
    @inlinable
    init<T, each P>(_ body: @escaping @Sendable (repeat each P) -> T) {
        self.init(
            make: { source, component throws(DIError) -> Any in
                var cursor = source.cursor(for: component)
                return body(repeat try source.parameter((each P).self, &cursor))
            },
            compile: { compiler in
                guard compiler.buildsHere else { return TypedStep<T>.resolved(by: compiler) }
                let place = StepPlace(of: compiler, building: T.self)
                let parameters = (repeat compiler.nextParameter((each P).self))
                return TypedStep<T> { source, frame throws(DIError) -> T in
                    if let found = try TypedStep<T>.found(in: source, frame, at: place) {
                        return found
                    }
                    let value: T
                    do throws(DIError) {
                        value = body(repeat try (each parameters).answer(in: source, frame))
                    } catch {
                        frame.abandonStep()
                        throw error
                    }
                    TypedStep<T>.made(value, in: source, frame, at: place)
                    return value
                }
            }
        )
    }

    /// A synchronous factory isolated to the main actor: its parameters are resolved and it
    /// runs there, in place.
    @inlinable
    init<T, each P>(mainActor body: @escaping @MainActor @Sendable (repeat each P) -> T) {
        self.init(
            onMainActor: true,
            make: { source, component throws(DIError) -> Any in
                try MainActorCall.inPlace(carrying: source) { source throws(DIError) -> Any in
                    var cursor = source.cursor(for: component)
                    return body(repeat try source.parameter((each P).self, &cursor))
                }
            },
            compile: { compiler in
                guard compiler.buildsHere else { return TypedStep<T>.resolved(by: compiler) }
                let place = StepPlace(of: compiler, building: T.self)
                let parameters = (repeat compiler.nextParameter((each P).self))
                return TypedStep<T>.building(at: place) { source, frame throws(DIError) -> T in
                    // Where the general way checks: off the main actor, `requiresAsync`.
                    try source.checkRunsSynchronously(place.component)
                    return try MainActorCall.inPlace(carrying: (source, frame)) { carried throws(DIError) -> T in
                        body(repeat try (each parameters).answer(in: carried.0, carried.1))
                    }
                }
            }
        )
    }
}

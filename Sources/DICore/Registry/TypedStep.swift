import DIRuntime

/// A step of a resolve plan compiled for its component's registered type `T`: code that
/// gets the step's instance with no `Any` on the way from the factory to whoever asked.
///
/// Made once per plan (see `ResolvePlan`) by the component's factory (``FactoryBox``),
/// whose code is compiled for the registration's own types: a step that builds its
/// instance calls the factory with its parameters' typed steps; any other step asks the
/// resolve for the instance and casts it there, where `T` is known.
@usableFromInline
package final class TypedStep<T>: AnyTypedStep {
    /// The step's instance, in the resolve `source`.
    @usableFromInline
    package let get: @Sendable (any StepSource) throws(DIError) -> T

    @inlinable
    package init(_ get: @escaping @Sendable (any StepSource) throws(DIError) -> T) {
        self.get = get
    }

    @usableFromInline
    package func value<R>(as type: R.Type, in source: any StepSource) throws(DIError) -> R {
        let value = try get(source)
        do {
            return try identityCast(value, to: R.self)
        } catch {
            // A request for an alias of the registered type.
            return try cast(value, to: R.self)
        }
    }

    /// The code of a step that builds its instance with `make`: the bookkeeping around the
    /// factory, asked of `source`.
    @inlinable @inline(__always)
    package static func build(
        in source: any StepSource,
        _ component: Component,
        step: Int,
        slot: Int,
        _ make: () throws(DIError) -> T
    ) throws(DIError) -> T {
        if slot >= 0 {
            let found = source.lookUp(slot: slot)
            if found != StepSlot.empty {
                return try cast(source.answer(component, step: step, found: found), to: T.self)
            }
        }
        try source.enterStep(component)
        let value: T
        do {
            value = try make()
        } catch {
            source.abandonStep()
            throw error
        }
        // Boxed only when kept: a prototype goes straight to its requester.
        if slot >= 0 { source.keep(value, of: component, inSlot: slot) }
        source.leaveStep(component)
        return value
    }
}

/// A ``TypedStep`` of any type: how a plan's root is run for a request of a generic type.
@usableFromInline
package protocol AnyTypedStep: AnyObject, Sendable {
    /// The step's instance as an `R`, the type the request asked for.
    func value<R>(as type: R.Type, in source: any StepSource) throws(DIError) -> R
}

/// What ``StepSource/lookUp(slot:)`` finds.
@usableFromInline
package enum StepSlot {
    /// Nothing yet: the step builds its instance.
    @inlinable package static var empty: Int { -1 }
    /// The graph is shared (a `Lazy` captured it): the resolve answers.
    @inlinable package static var shared: Int { -2 }
}

/// What a factory needs, while a plan is made, to compile its step (see ``TypedStep``).
@usableFromInline
package protocol StepCompiling: AnyObject {
    /// The component whose step is compiled.
    var component: Component { get }
    /// The step's number in its plan.
    var step: Int { get }
    /// The step's slot in the resolve's private graph (`-1`: none).
    var slot: Int { get }
    /// Whether the step's code builds the instance: a synchronous, nonisolated factory with
    /// no injection, `postInit` or runtime argument, whose instance no cell keeps. Any other
    /// step asks the resolve for its instance.
    var buildsHere: Bool { get }
    /// The code that gets the factory's next parameter, a `P`.
    func nextParameter<P>(_ type: P.Type) -> @Sendable (any StepSource) throws(DIError) -> P
}

/// The resolve as compiled steps see it (``TypedStep``): the bookkeeping around a factory
/// that builds in a step's own code — the same steps a build takes in the resolve itself,
/// with the same events.
@usableFromInline
package protocol StepSource: ParameterSource {
    /// What the private graph holds at `slot`: the index of an instance this resolve already
    /// made there, ``StepSlot/empty`` or ``StepSlot/shared``.
    func lookUp(slot: Int) -> Int
    /// The instance of `component` at plan `step` when ``lookUp(slot:)`` `found` one (or
    /// found the graph shared), reported as reused.
    func answer(_ component: Component, step: Int, found: Int) throws(DIError) -> Any
    /// Starts building `component`: it is on the resolve's chain until ``leaveStep(_:)``
    /// or ``abandonStep()``.
    func enterStep(_ component: Component) throws(DIError)
    /// Keeps the `objectGraph` instance a step built at its `slot` in the private graph.
    func keep(_ value: consuming Any, of component: Component, inSlot slot: Int)
    /// Ends the build ``enterStep(_:)`` started: reports `component` made.
    func leaveStep(_ component: Component)
    /// Ends the build ``enterStep(_:)`` started, which failed.
    func abandonStep()
    /// The instance of `component` at plan `step`, got by the resolve (a step that does not
    /// build here).
    func instance(ofStep step: Int, _ component: Component) throws(DIError) -> Any
    /// Whether the resolve reports events (it is observed).
    var isTraced: Bool { get }
    /// Reports the request for parameter `position` of `owner`'s factory, a `requested`,
    /// answered by `component`, which its plan settled (an observed resolve).
    func beginParameter(_ requested: Any.Type, _ component: Component, of owner: Component, at position: Int)
    /// Reports the request ``beginParameter(_:_:of:at:)`` began answered.
    func endParameter(_ component: Component)
    /// The error of a parameter's request, a `requested`, located there (and reported).
    func failedParameter(_ error: DIError, _ requested: Any.Type) -> DIError
}

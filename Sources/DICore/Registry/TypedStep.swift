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
        let found = try source.beginStep(component, slot: slot)
        if found != StepSlot.build {
            return try cast(source.foundInstance(of: component, step: step, at: found), to: T.self)
        }
        let value: T
        do {
            value = try make()
        } catch {
            source.abandonStep()
            throw error
        }
        // Boxed only when kept: a prototype goes straight to its requester.
        if slot >= 0 {
            source.endStep(component, keeping: value, inSlot: slot)
        } else {
            source.endStep(component)
        }
        return value
    }
}

/// A ``TypedStep`` of any type: how a plan's root is run for a request of a generic type.
@usableFromInline
package protocol AnyTypedStep: AnyObject, Sendable {
    /// The step's instance as an `R`, the type the request asked for.
    func value<R>(as type: R.Type, in source: any StepSource) throws(DIError) -> R
}

/// What ``StepSource/beginStep(_:slot:)`` answers, besides the index of an instance the
/// resolve already made.
@usableFromInline
package enum StepSlot {
    /// The step builds its instance.
    @inlinable package static var build: Int { -1 }
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
    /// Starts the step of `component`, whose `objectGraph` instance has `slot` in the
    /// private graph (`-1`: none): ``StepSlot/build`` when the caller builds the instance
    /// (`component` is then on the resolve's chain until ``endStep(_:)`` or
    /// ``abandonStep()``); otherwise the index of the instance this resolve already made
    /// there, or ``StepSlot/shared``, for ``foundInstance(of:step:at:)``.
    func beginStep(_ component: Component, slot: Int) throws(DIError) -> Int
    /// The instance of `component` at plan `step` that ``beginStep(_:slot:)`` `found`,
    /// reported as reused (or got from the shared graph).
    func foundInstance(of component: Component, step: Int, at found: Int) throws(DIError) -> Any
    /// Ends the build ``beginStep(_:slot:)`` started: reports `component` made.
    func endStep(_ component: Component)
    /// Ends the build ``beginStep(_:slot:)`` started, keeping the `objectGraph` instance
    /// at its `slot` in the private graph.
    func endStep(_ component: Component, keeping value: consuming Any, inSlot slot: Int)
    /// Ends the build ``beginStep(_:slot:)`` started, which failed.
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

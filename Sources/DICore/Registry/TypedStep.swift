import DIRuntime

/// A step of a resolve plan compiled for its component's registered type `T`: code that
/// gets the step's instance with no `Any` on the way from the factory to whoever asked.
///
/// Made when a plan is compiled (see `StepCompiler`: once its request is answered again) by
/// the component's factory (``FactoryBox``), whose code is compiled for the registration's
/// own types: a step that builds its instance calls the factory with its parameters' typed
/// steps; any other step asks the resolve for the instance and casts it there, where `T` is
/// known.
@usableFromInline
package final class TypedStep<T>: AnyTypedStep {
    /// The step's instance, in the resolve `source`, whose ``StepFrame`` is `frame`.
    @usableFromInline
    package let get: @Sendable (any StepSource, StepFrame) throws(DIError) -> T

    @inlinable
    package init(_ get: @escaping @Sendable (any StepSource, StepFrame) throws(DIError) -> T) {
        self.get = get
    }

    @usableFromInline
    package func instance<R>(as type: R.Type, in source: any StepSource, _ frame: StepFrame) throws(DIError) -> R {
        let value = try get(source, frame)
        do {
            return try identityCast(value, to: R.self)
        } catch {
            // A request for an alias of the registered type.
            return try cast(value, to: R.self)
        }
    }

    @usableFromInline
    package func bindingArguments(of component: Component) -> any AnyTypedStep {
        let get = self.get
        return TypedStep { source, frame throws(DIError) -> T in
            // Bound before the step starts: an instance the resolve already made for it
            // takes the same arguments again, and is not built.
            try source.bindArguments(of: component)
            do throws(DIError) {
                let value = try get(source, frame)
                source.unbindArguments()
                return value
            } catch {
                source.unbindArguments()
                throw error
            }
        }
    }

    /// `root`, the compiled root of a plan starting at `component`, for a request of a `T`:
    /// itself when it is a `TypedStep<T>` (the registered type was asked for), through the
    /// conversion of `component`'s alias `T` (see ``AliasConversion``), else a step casting
    /// its instance to `T`.
    static func requested(from root: any AnyTypedStep, of component: Component) -> TypedStep<T> {
        if let typed = component.step(root, as: T.self) { return typed }
        return TypedStep { source, frame throws(DIError) -> T in
            try root.instance(as: T.self, in: source, frame)
        }
    }

    /// The step of a component whose instance the resolve gets (a step that does not build
    /// it here: see ``StepCompiling/buildsHere``).
    @inlinable
    package static func resolved(by compiler: any StepCompiling) -> TypedStep<T> {
        let component = compiler.component
        let step = compiler.step
        let keepsObject = StepFrame.keepsObject(T.self)
        return TypedStep { source, _ throws(DIError) -> T in
            try instance(in: source, ofStep: step, component, keepsObject: keepsObject)
        }
    }

    /// The instance of `component` at plan `step`, which the resolve gets: a class instance
    /// made where it is kept (a cell, a shared graph: a service of the app, found by most
    /// resolves) read as itself, a `T`, since what keeps it keeps what its component's
    /// factory made (``StepSource/keptObject(of:)``; `keepsObject`: ``StepFrame/keepsObject(_:)``
    /// of `T`); anything else is what the resolve's general way gets, cast to `T`.
    @inlinable @inline(__always)
    package static func instance(
        in source: any StepSource,
        ofStep step: Int,
        _ component: Component,
        keepsObject: Bool
    ) throws(DIError) -> T {
        if keepsObject, let object = source.keptObject(of: component) {
            source.reportReused(component)
            return classInstance(object, as: T.self)
        }
        return try cast(source.instance(ofStep: step, component), to: T.self)
    }

    /// Starts the step of a build (see ``StepFrame/beginStep(_:slot:in:)``): the instance
    /// the resolve already has for it, or `nil` when the caller builds it now and ends the
    /// step with ``made(_:in:_:at:)`` (or ``StepFrame/abandonStep()``).
    @inlinable @inline(__always)
    package static func found(in source: any StepSource, _ frame: StepFrame, at place: StepPlace) throws(DIError) -> T?
    {
        let component = place.component
        let found = try frame.beginStep(component, slot: place.slot, in: source)
        guard found != StepSlot.build else { return nil }
        guard found >= 0 else {
            // A shared graph (a `Lazy`'s): the resolve gets the instance.
            return try instance(in: source, ofStep: place.step, component, keepsObject: place.keepsObject)
        }
        return try frame.reusedInstance(
            at: found,
            as: T.self,
            keepsObject: place.keepsObject,
            of: component,
            in: source
        )
    }

    /// The step of a build that `make` makes, between ``found(in:_:at:)`` and
    /// ``made(_:in:_:at:)``, the step abandoned if it throws: for a build whose step calls
    /// more than its factory (a main-actor one). A step that calls its factory alone spells
    /// them out, one closure call fewer.
    @inlinable
    package static func building(
        at place: StepPlace,
        _ make: @escaping @Sendable (any StepSource, StepFrame) throws(DIError) -> T
    ) -> TypedStep<T> {
        TypedStep { source, frame throws(DIError) -> T in
            if let found = try found(in: source, frame, at: place) { return found }
            let value: T
            do throws(DIError) {
                value = try make(source, frame)
            } catch {
                frame.abandonStep()
                throw error
            }
            made(value, in: source, frame, at: place)
            return value
        }
    }

    /// Ends the step of a build that made `value`.
    @inlinable @inline(__always)
    package static func made(_ value: T, in source: any StepSource, _ frame: StepFrame, at place: StepPlace) {
        // Kept only in a slot: a prototype goes straight to its requester. A plan's root runs
        // only as the root of a compiled plain resolve (see `StepCompiler`).
        if place.slot >= 0, place.step != 0 || frame.keepsRootInstance {
            let object = place.keepsObject ? classObject(value) : SlotBox(value)
            frame.endStep(place.component, keeping: object, inSlot: place.slot, in: source)
        } else {
            frame.endStep(place.component, in: source)
        }
    }
}

/// A ``TypedStep`` of any type: how a plan's root is run for a request of a generic type.
@usableFromInline
package protocol AnyTypedStep: AnyObject, Sendable {
    /// The step's instance as an `R`, the type the request asked for.
    func instance<R>(as type: R.Type, in source: any StepSource, _ frame: StepFrame) throws(DIError) -> R
    /// This step, with the runtime arguments of `component` (which takes some) bound around
    /// it (``StepSource/bindArguments(of:)``): for its `arg` parameters to read.
    func bindingArguments(of component: Component) -> any AnyTypedStep
}

/// A ``TypedStep`` of any type: how a plan's root is run for a request of a generic type.
@usableFromInline
package protocol AnyTypedStep: AnyObject, Sendable {
    /// The step's instance as an `R`, the type the request asked for.
    func instance<R>(as type: R.Type, in source: any StepSource, _ frame: StepFrame) throws(DIError) -> R
}

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

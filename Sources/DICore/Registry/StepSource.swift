/// The resolve as compiled steps (``TypedStep``) see it, for what is rare: the events of an
/// observed resolve, an instance the resolve gets for a step that does not build it, a
/// graph a `Lazy` shares, a stack running low. What a step does for every instance it
/// makes is in the resolve's ``StepFrame``.
@usableFromInline
package protocol StepSource: ParameterSource {
    /// The part of the resolve a step changes for every instance it makes.
    var frame: StepFrame { get }
    /// The instance of `component` at plan `step`, got by the resolve (a step that does not
    /// build here).
    func instance(ofStep step: Int, _ component: Component) throws(DIError) -> Any
    /// The class instance a cell keeps for `component` for this resolve (its cached
    /// lifetime's, or the shared graph's), if it is made; `nil`: get it with
    /// ``instance(ofStep:_:)``, which claims the cell (and makes the instance, or waits for
    /// it). Not reported: the caller reports it reused.
    func keptObject(of component: Component) -> AnyObject?
    /// Throws ``DIError/Kind/tooDeep`` when the thread's stack is nearly used up.
    func checkStackLeft() throws(DIError)
    /// Throws ``DIError/Kind/requiresAsync`` unless this resolve can run `component`'s
    /// code here: a main-actor factory's step asks before it runs it in place.
    func checkRunsSynchronously(_ component: Component) throws(DIError)
    /// Reports `component` made (an observed resolve).
    func reportMade(_ component: Component)
    /// Reports the instance of `component` reused (an observed resolve).
    func reportReused(_ component: Component)
    /// Keeps an `objectGraph` instance whose making ended for the rest of the resolve, in
    /// whichever graph it keeps them in (held back, if it may hold a half-made instance).
    func keepMadeInGraph(_ value: consuming Any, of component: Component, slot: Int)
    /// Reports the request for parameter `position` of `owner`'s factory, a `requested`,
    /// answered by `component`, which its plan settled (an observed resolve); with why, when
    /// `notingChoice` (a rule picked it among several candidates).
    func beginParameter(
        _ requested: Any.Type,
        _ component: Component,
        of owner: Component,
        at position: Int,
        notingChoice: Bool
    )
    /// Reports the request ``beginParameter(_:_:of:at:notingChoice:)`` began answered.
    func endParameter()
    /// The error of a parameter's request, a `requested`, located there (and reported).
    func failedParameter(_ error: DIError, _ requested: Any.Type, answeredBy component: Component?) -> DIError
    /// Binds the runtime arguments of `component` (which takes some), whose step starts
    /// now: the top-level request's, for the root, else those a ``AnyArguments`` gave for
    /// its type — checked against every `arg` it takes, as the general way checks them.
    func bindArguments(of component: Component) throws(DIError)
    /// Lets go of the arguments ``bindArguments(of:)`` bound, when the step ends.
    func unbindArguments()
    /// The next runtime argument of the component being built, a `Value` (`arg`).
    func argument<Value>(_ type: Value.Type) throws(DIError) -> Value
}

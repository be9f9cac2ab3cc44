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
    /// How the step gets the factory's next parameter, a `P`.
    func nextParameter<P>(_ type: P.Type) -> ParameterStep<P>
}

/// Where a compiled build step stands in its plan: what ``TypedStep/found(in:_:at:)`` and
/// ``TypedStep/made(_:in:_:at:)`` read, taken from the ``StepCompiling`` once, when the step
/// is compiled.
@usableFromInline
package struct StepPlace: Sendable {
    /// The component the step builds.
    @usableFromInline
    let component: Component
    /// The step's number in its plan.
    @usableFromInline
    let step: Int
    /// The step's slot in the resolve's private graph (`-1`: none).
    @usableFromInline
    let slot: Int
    /// Whether the instance is kept in its slot as itself (see ``StepFrame/keepsObject(_:)``).
    @usableFromInline
    let keepsObject: Bool

    /// The place of the step `compiler` compiles, which builds a `T`.
    @inlinable
    package init<T>(of compiler: any StepCompiling, building type: T.Type) {
        component = compiler.component
        step = compiler.step
        slot = compiler.slot
        keepsObject = StepFrame.keepsObject(T.self)
    }
}

/// A factory's walk over its parameters, in order.
@usableFromInline
package struct ParameterCursor {
    /// The component whose factory runs.
    @usableFromInline package let owner: Component
    /// For each parameter, the step of the resolve's plan it resolves to, `-1` where the
    /// resolve chooses (see `ResolvePlan`); empty when nothing is settled.
    package let steps: [Int]
    /// The next parameter.
    package var position = 0

    package init(owner: Component, steps: [Int] = []) {
        self.owner = owner
        self.steps = steps
    }

    /// The position of the next parameter and the plan step settled for it (`-1` if none),
    /// moving on.
    @usableFromInline
    package mutating func advance() -> (position: Int, step: Int) {
        let current = position
        position += 1
        return (current, current < steps.count ? steps[current] : -1)
    }
}

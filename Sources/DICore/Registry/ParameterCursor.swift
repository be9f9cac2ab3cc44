/// A factory's walk over its parameters, in order.
@usableFromInline
package struct ParameterCursor {
    /// The component whose factory runs.
    package let owner: Component
    /// For each parameter, the component it resolves to when that is settled (a plain
    /// registered type with exactly one candidate); empty when nothing is settled.
    package let choices: [Component?]
    /// The next parameter.
    package var position = 0

    package init(owner: Component, choices: [Component?] = []) {
        self.owner = owner
        self.choices = choices
    }

    /// The position of the next parameter and its settled component, moving on.
    package mutating func advance() -> (position: Int, choice: Component?) {
        let current = position
        position += 1
        return (current, current < choices.count ? choices[current] : nil)
    }
}

import DIRuntime

/// Compiles the steps of a ``ResolvePlan`` into ``TypedStep``s, from the leaves up, and
/// hands each factory the code of its parameters: a settled parameter whose step was
/// compiled for exactly the type asked for gets that step's typed code; any other asks the
/// resolve (chosen then, or cast from what the resolve got).
///
/// Only a root that builds its instance is compiled, with the steps it reaches through the
/// settled parameters of steps that build: the plan's other steps are met through wrappers,
/// injections and cells, which the resolve runs.
final class StepCompiler: StepCompiling {
    /// What compiling changes as it goes: owned by the one plan being made, so its accesses
    /// need no run-time exclusivity check (see ``ExclusiveState``).
    private struct State {
        var compiled: [(any AnyTypedStep)?]
        /// The step being compiled, and the next parameter its factory asks for.
        var step = 0
        var position = 0
    }

    private let steps: [ResolvePlan.Step]
    private let state: ExclusiveState<State>

    private init(_ steps: [ResolvePlan.Step]) {
        self.steps = steps
        state = ExclusiveState(State(compiled: Array(repeating: nil, count: steps.count)))
    }

    var step: Int { state.value.step }
    var component: Component { steps[step].component }
    var slot: Int { steps[step].slot }
    var buildsHere: Bool { component.buildsInStep }

    /// The compiled first step of `steps` (the plan's root), if its factory compiles.
    ///
    /// Depth first without recursion (a chain thousands deep must not overflow the stack):
    /// a step is compiled once every step its settled parameters name is, or is open
    /// further up — a loop of initializers, which the resolve reports when it gets there.
    static func root(of steps: [ResolvePlan.Step]) -> (any AnyTypedStep)? {
        // A root the resolve gets anyway (a cell keeps it, …) gains nothing from a compiled step.
        guard steps[0].component.buildsInStep else { return nil }
        let compiler = StepCompiler(steps)
        var visited = Array(repeating: false, count: steps.count)
        var open: [(step: Int, next: Int)] = [(0, 0)]
        visited[0] = true
        while let (step, next) = open.last {
            // Only a step that builds calls its parameters' steps.
            let parameters = steps[step].component.buildsInStep ? steps[step].parameters : []
            if next < parameters.count {
                open[open.count - 1].next += 1
                let child = parameters[next]
                if child >= 0, !visited[child] {
                    visited[child] = true
                    open.append((child, 0))
                }
                continue
            }
            open.removeLast()
            compiler.state.value.compiled[step] = compiler.compile(step)
        }
        return compiler.state.value.compiled[0]
    }

    private func compile(_ step: Int) -> (any AnyTypedStep)? {
        guard let compile = steps[step].component.config.factory?.compile else { return nil }
        state.value.step = step
        state.value.position = 0
        let compiled = compile(self)
        let component = steps[step].component
        guard component.takesArguments, buildsHere else { return compiled }
        return compiled.bindingArguments(of: component)
    }

    func nextParameter<P>(_ type: P.Type) -> ParameterStep<P> {
        let owner = component
        let position = state.value.position
        state.value.position += 1
        let parameters = steps[step].parameters
        let settled = position < parameters.count ? parameters[position] : -1
        // Which parameters are arguments registration found out, with no conformance lookup.
        let declared = owner.config.parameters
        if position < declared.count, let step = declared[position].wrapper?.argumentStep() as? TypedStep<P> {
            return ParameterStep(argument: step.get, owner: owner, position: position)
        }
        guard settled >= 0 else {
            return ParameterStep(
                typed: nil,
                settled: -1,
                chosen: owner,
                notesChoice: false,
                owner: owner,
                position: position
            )
        }
        // Compiled for `P`, or for the registered type of which `P` is an alias (converted by
        // the alias's code); otherwise the resolve answers. The step, not its code, is
        // tested: an optional typed-throws function is not a value the runtime of the Apple
        // floor can compare.
        let compiled = state.value.compiled[settled].flatMap { steps[settled].component.step($0, as: P.self) }
        return ParameterStep(
            typed: compiled?.get,
            settled: settled,
            chosen: steps[settled].component,
            notesChoice: steps[step].reason(at: position).rule != nil,
            owner: owner,
            position: position
        )
    }
}

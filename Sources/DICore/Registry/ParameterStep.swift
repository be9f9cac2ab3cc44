import DIRuntime

/// How a compiled step (``TypedStep``) gets one parameter of its factory, a `P`: with the
/// typed code of the step its plan settled on, or by asking the resolve (a parameter the
/// plan left open, or settled on a step compiled for another type).
///
/// Kept by the factory's step and called in place: no closure of its own between the
/// factory and the code of the step it calls. A class: the step's code reads it where it
/// is, where a struct of references would be copied, each retained, on every call.
@usableFromInline
package final class ParameterStep<P>: Sendable {
    /// The code that gets the parameter: the settled step's, or a request to the resolve.
    @usableFromInline
    let get: @Sendable (any StepSource, StepFrame) throws(DIError) -> P
    /// Whether ``get`` is the settled step's code, which this parameter's request wraps with
    /// its events and its place in an error (the resolve's request does both itself).
    @usableFromInline
    let isTyped: Bool
    /// The settled step's component, for events; `owner` when left open.
    @usableFromInline
    let chosen: Component
    /// The component whose factory asks, and the parameter's position among its parameters.
    @usableFromInline
    let owner: Component
    @usableFromInline
    let position: Int
    /// Whether a rule picked ``chosen`` among several candidates (`.test()`, a framework,
    /// `.default()`): what an observed resolve notes at the parameter's request. Known when
    /// the plan is compiled, so a resolve looks the reason up only then.
    @usableFromInline
    let notesChoice: Bool

    /// A parameter got with `typed`, the code of the step the plan `settled` it on (`-1`:
    /// left open), or, when `nil`, by a request to the resolve.
    package init(
        typed: (@Sendable (any StepSource, StepFrame) throws(DIError) -> P)?,
        settled: Int,
        chosen: Component,
        notesChoice: Bool,
        owner: Component,
        position: Int
    ) {
        if let typed {
            get = typed
            isTyped = true
        } else {
            get = { source, _ throws(DIError) -> P in
                try source.parameter(P.self, settledAt: settled, of: owner, at: position)
            }
            isTyped = false
        }
        self.chosen = chosen
        self.owner = owner
        self.position = position
        self.notesChoice = notesChoice
    }

    /// A runtime argument (see ``DIRequestWrapper/argumentStep()``), read by `argument`'s code: no request,
    /// so no events and no place of its own in an error.
    package init(
        argument: @escaping @Sendable (any StepSource, StepFrame) throws(DIError) -> P,
        owner: Component,
        position: Int
    ) {
        get = argument
        isTyped = false
        chosen = owner
        self.owner = owner
        self.position = position
        notesChoice = false
    }

    /// The parameter's instance, in the resolve `source` whose frame is `frame`, with its
    /// request's events when the resolve is observed; an error names the parameter's type.
    @inlinable @inline(__always)
    package func answer(in source: any StepSource, _ frame: StepFrame) throws(DIError) -> P {
        guard isTyped else { return try get(source, frame) }
        guard frame.state.value.isTraced else {
            do throws(DIError) {
                return try get(source, frame)
            } catch {
                throw source.failedParameter(error, P.self, answeredBy: chosen)
            }
        }
        source.beginParameter(P.self, chosen, of: owner, at: position, notingChoice: notesChoice)
        do throws(DIError) {
            let value = try get(source, frame)
            source.endParameter()
            return value
        } catch {
            throw source.failedParameter(error, P.self, answeredBy: chosen)
        }
    }
}

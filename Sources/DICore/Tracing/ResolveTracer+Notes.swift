// The diagnostics a resolve's trace carries about its choices: why a rule picked one of
// several candidates, and why an optional request got `nil` from a tie.
extension ResolveTracer {
    /// Keeps why `component` was chosen before its request's frame opened (for ``notePinnedChoice(_:)``).
    func pinned(_ component: Component, _ reason: Selection.Reason) {
        pinnedChoice = reason.rule == nil ? nil : (component, reason)
    }

    /// Reports why the pinned `component` was chosen, if it was chosen by a rule just before.
    func notePinnedChoice(_ component: Component) {
        guard let choice = pinnedChoice, choice.component === component else { return }
        pinnedChoice = nil
        noteChoice(component, choice.reason)
    }

    /// Reports a choice among several candidates made by `.test()`, framework priority or
    /// `.default()` — the answer to "why did I get the stub client?". Informational: the
    /// rules worked as written, so there is nothing to change.
    func noteChoice(_ chosen: Component, _ reason: Selection.Reason) {
        guard let rule = reason.rule, let frame = frames.last else { return }
        let others = reason.others.map(\.info.location)
        let diagnostic = DIDiagnostic(
            severity: .info,
            kind: .resolvedByPriority,
            message:
                "\(frame.asked): \(others.count + 1) components match; \(rule) picked \(chosen.info.location) over \(ShortList.joined(others, separator: ", "))",
            component: chosen.info,
            path: path
        )
        emitCarrying(.diagnostic, component: chosen, diagnostic: diagnostic)
    }

    /// Reports `diagnostic` about the innermost open request, as a part of the trace.
    ///
    /// - Returns: `false` when no request is open (the resolve's tree is closed): the
    ///   caller reports it outside the trace.
    func note(_ diagnostic: DIDiagnostic, about component: Component?) -> Bool {
        guard !frames.isEmpty else { return false }
        emitCarrying(.diagnostic, component: component, diagnostic: diagnostic)
        return true
    }

    /// Reports an optional request answered `nil` because nothing is registered for it:
    /// what an optional is for, so a note (`.info`), not a warning, on its node.
    func noteNothingRegistered() {
        guard let frame = frames.last else { return }
        let diagnostic = DIDiagnostic(
            severity: .info,
            kind: .missingDependency,
            message: "\(frame.asked)? is nil: nothing is registered for it",
            path: path
        )
        emitCarrying(.diagnostic, diagnostic: diagnostic)
    }

    /// Reports an optional request answered `nil` because several components match: legal,
    /// but rarely meant (a second registration made a working optional silently `nil`).
    /// `tie` says why no rule picks one (``DIContainer/tie(among:for:)``).
    func noteAmbiguousNil(_ candidates: [Component], tie: String) {
        guard let frame = frames.last else { return }
        let locations = ShortList.joined(candidates.map(\.info.location), separator: ", ")
        let diagnostic = DIDiagnostic(
            severity: .warning,
            kind: .ambiguousDependency,
            message:
                "\(frame.label): \(tie), so the optional request gets nil: \(locations)",
            path: path
        )
        emitCarrying(.diagnostic, diagnostic: diagnostic)
    }
}

import DIRuntime

/// The plans a container made, by the component they start at (see ``ResolvePlan``).
///
/// Per container, because a child may answer a parameter differently than its parent;
/// retired all at once when ``Epochs/registry`` moves (a registration, a modifier, an
/// import anywhere), exactly like the selections the plans settled.
final class PlanCache: Sendable {
    private struct State {
        var epoch = -1
        var plans = IdentityTable<Int, ResolvePlan>()
    }

    private let state = Locked(State())

    /// The plan of a resolve starting at `component` in `container`, made now if needed.
    func plan(for component: Component, in container: DIContainer) -> ResolvePlan {
        let epoch = Epochs.registry.value
        if let known = state.withLock({ $0.epoch == epoch ? $0.plans[component.id] : nil }) { return known }
        // Made outside the lock: selection reads registries, which take their own locks.
        let plan = ResolvePlan(root: component, in: container)
        let stale = state.withLock { state -> (IdentityTable<Int, ResolvePlan>?, ResolvePlan?) in
            guard Epochs.registry.value == epoch else { return (nil, nil) }
            var stale: IdentityTable<Int, ResolvePlan>?
            if state.epoch != epoch {
                stale = state.plans
                state.plans = IdentityTable()
                state.epoch = epoch
            }
            return (stale, state.plans.store(plan, for: component.id))
        }
        withExtendedLifetime(stale) {}
        return plan
    }

    #if TRANQUIL_INTERNAL_CHECKS
    /// Stops the process if the table of plans, or a plan in it, is inconsistent.
    func checkInvariants() {
        let plans = state.withLock { state in
            state.plans.checkInvariants()
            return state.plans.all.map(\.value)
        }
        for plan in plans { plan.checkInvariants() }
    }
    #endif
}

extension DIContainer {
    /// The plan of a resolve starting at `component` here.
    func plan(for component: Component) -> ResolvePlan {
        plans.plan(for: component, in: self)
    }
}

import DIRuntime

/// The plans a container made, by the component they start at (see ``ResolvePlan``), and
/// the roots delayed resolves compiled from them.
///
/// Per container, because a child may answer a parameter differently than its parent;
/// retired all at once when ``Epochs/registryNow`` moves (a registration, a modifier, an
/// import anywhere), exactly like the selections the plans settled.
final class PlanCache: Sendable {
    private struct State {
        var epoch = -1
        var plans = IdentityTable<Int, ResolvePlan>()
        /// The compiled roots of ``plans`` for the resolves of a `Lazy` or `Provider` (see
        /// ``PlanCache/delayedRoot(of:in:as:)``), by the id of the component a plan starts
        /// at: one per type a delayed resolve asked for, `nil` where the root does not compile.
        var delayedRoots = IdentityTable<Int, [(type: ObjectIdentifier, root: (any AnyTypedStep)?)]>(capacity: 4)
    }

    private let state = Locked(State())

    /// The plan of a resolve starting at `component` in `container`, made now if needed.
    func plan(for component: Component, in container: DIContainer) -> ResolvePlan {
        var epoch = Epochs.registryNow
        if let known = state.withLock({ $0.epoch == epoch ? $0.plans[component.id] : nil }) { return known }
        // Made outside the lock: selection reads registries, which take their own locks.
        var plan = ResolvePlan(root: component, in: container, registryCount: epoch)
        // Made again while a registration came in meanwhile: one choice made before it and
        // one after would mix two registrations in one resolve. (A few tries: a registry
        // that never stops changing gets the last plan, counted as made under its start.)
        for _ in 0..<8 where Epochs.registryNow != epoch {
            epoch = Epochs.registryNow
            plan = ResolvePlan(root: component, in: container, registryCount: epoch)
        }
        let stale = state.withLock { state -> (State?, ResolvePlan?) in
            guard Epochs.registryNow == epoch else { return (nil, nil) }
            var stale: State?
            if state.epoch != epoch {
                stale = state
                state = State()
                state.epoch = epoch
            }
            return (stale, state.plans.store(plan, for: component.id))
        }
        withExtendedLifetime(stale) {}
        return plan
    }

    /// The plan of `component`, the component a `Lazy` or `Provider` was pinned to, with its
    /// root compiled for a request of a `T` (a `TypedStep<T>`, see
    /// ``TypedStep/requested(from:of:)``): compiled the first time a delayed resolve of a
    /// `T` follows the plan, and run by every later one, whichever `Provider` asks. The root
    /// is `nil` when it does not compile (its component does not build in a step).
    ///
    /// One lock for both on every later resolve; the root is not typed `TypedStep<T>`, whose
    /// metadata code not specialized for `T` would look up on every call.
    func delayedRoot<T>(
        of component: Component,
        in container: DIContainer,
        as type: T.Type
    ) -> (plan: ResolvePlan, root: (any AnyTypedStep)?) {
        let epoch = Epochs.registryNow
        let wanted = ObjectIdentifier(T.self)
        let known = state.withLock { state -> (plan: ResolvePlan, root: (any AnyTypedStep)??)? in
            guard state.epoch == epoch, let plan = state.plans[component.id] else { return nil }
            return (plan, state.delayedRoots[component.id]?.first { $0.type == wanted }.map(\.root))
        }
        if let known, let root = known.root { return (known.plan, root) }
        let plan = known?.plan ?? self.plan(for: component, in: container)
        // Compiled outside the lock: compiling reads components, which take their own locks.
        let root = plan.compiledRoot(for: T.self)
        state.withLock { state in
            // Kept only with the plan it was compiled from.
            guard state.epoch == epoch, state.plans[component.id] === plan else { return }
            var roots = state.delayedRoots[component.id] ?? []
            guard !roots.contains(where: { $0.type == wanted }) else { return }
            roots.append((wanted, root))
            state.delayedRoots.set(roots, for: component.id)
        }
        return (plan, root)
    }

    #if TRANQUIL_INTERNAL_CHECKS
    /// Stops the process if the table of plans, or a plan in it, is inconsistent.
    func checkInvariants() {
        let plans = state.withLock { state in
            state.plans.checkInvariants()
            state.delayedRoots.checkInvariants()
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

import DIRuntime

/// The components a container settled the plain parameters of its factories on, so a build
/// reads one entry instead of choosing per parameter.
///
/// A plain parameter (a registered type with no wrapper, name or tag) whose request has a
/// single candidate in this container's chain is settled; any other parameter (one a
/// `.test()`, framework or `.default()` rule picks among several) is left to the general
/// path, which chooses and reports why, traced or not. Settlements are per resolving
/// container (a child may answer differently than its parent) and are retired all at once
/// when ``Epochs/registry`` moves.
final class ParameterChoices: Sendable {
    private struct State {
        var epoch = -1
        var table = IdentityTable<Int, [Component?]>()
    }

    private let state = Locked(State())

    /// For each parameter of `component`'s factory, the component it settles on in `container`.
    func choices(for component: Component, in container: DIContainer) -> [Component?] {
        let epoch = Epochs.registry.value
        if let known = state.withLock({ $0.epoch == epoch ? $0.table[component.id] : nil }) { return known }
        let framework = component.config.origin.framework
        let settled = zip(component.config.parameters, component.plainParameters).map { dependency, isPlain in
            guard isPlain,
                case .one(let chosen, .only) = container.select(
                    DIKey(ObjectIdentifier(dependency.leaf)),
                    framework: framework
                )
            else { return Component?.none }
            return chosen
        }
        let stale = state.withLock { state -> (IdentityTable<Int, [Component?]>?, [Component?]?) in
            guard Epochs.registry.value == epoch else { return (nil, nil) }
            var stale: IdentityTable<Int, [Component?]>?
            if state.epoch != epoch {
                stale = state.table
                state.table = IdentityTable()
                state.epoch = epoch
            }
            return (stale, state.table.store(settled, for: component.id))
        }
        withExtendedLifetime(stale) {}
        return settled
    }
}

#if TRANQUIL_INTERNAL_CHECKS
extension ParameterChoices {
    /// Stops the process if the table of settled parameters is inconsistent.
    func checkInvariants() {
        state.withLock { $0.table.checkInvariants() }
    }
}
#endif

extension DIContainer {
    /// For each parameter of `component`'s factory, the component it settles on here.
    func settledParameters(of component: Component) -> [Component?] {
        parameterChoices.choices(for: component, in: self)
    }
}

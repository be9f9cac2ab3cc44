import DIRuntime

#if TRANQUIL_INTERNAL_CHECKS
extension DIContainer {
    /// Stops the process if this container's state is inconsistent: the registry's index,
    /// every instance cell it keeps (its components' and, isolating, its copies), and the
    /// tables of remembered answers and settled parameters.
    ///
    /// Only in builds with `TRANQUIL_INTERNAL_CHECKS` (CI's release step): the stress tests
    /// call it after racing registrations, cleans and resolves.
    package func checkInvariants() {
        let components = withRegistry { registry in
            registry.checkInvariants()
            return registry.components
        }
        for component in components { component.config.cell?.checkInvariants() }
        for (cell, _) in isolatedCells.withLock({ Array($0.values) }) { cell.checkInvariants() }
        answers.checkInvariants()
        plans.checkInvariants()
    }
}
#endif

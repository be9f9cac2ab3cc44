import DIRuntime

// Where a cached lifetime keeps its instance for a resolving container, which cells a clean
// drops, and whether a remembered answer may be the instance: with `LifetimePolicy`, the
// lifetimes' rules.
extension DIContainer {
    /// The cell that keeps a component's instance for resolves from this container: the
    /// component's own, or (in an isolating container, for an ancestor's component that is
    /// not process-wide) a cell of this container's.
    func cell(for component: Component) -> InstanceCell? {
        guard let cell = component.config.cell else { return nil }
        guard isolatesInstances, component.config.owner != ObjectIdentifier(self),
            case .cell(processWide: false) = component.storage
        else { return cell }
        return isolatedCells.withLock { cells in
            if let own = cells[component.id] { return own.cell }
            let own = InstanceCell(keepsAlive: cell.keepsAlive)
            cells[component.id] = (own, component)
            return own
        }
    }

    /// The cells this container keeps instances in whose lifetime `scope` cleans: its
    /// components' own, and (isolating) its copies of its ancestors'.
    func cells(cleanedBy scope: CleanScope) -> [(cell: InstanceCell, component: Component)] {
        func cleaned(_ component: Component) -> Bool {
            LifetimePolicy(component.config.lifetime, origin: component.config.origin).isCleaned(by: scope)
        }
        let own = withRegistry { registry in
            registry.components.compactMap { component in
                // Labelled as the result is: an unlabelled tuple array is cast element by element.
                cleaned(component) ? component.config.cell.map { (cell: $0, component: component) } : nil
            }
        }
        let isolated = isolatedCells.withLock { cells in
            cells.values.filter { cleaned($0.component) }
        }
        return own + isolated
    }

    /// Whether a remembered answer (``AnswerCache``) may be `component`'s instance itself:
    /// only when a cell keeps it alive for this container, and the clean that drops it
    /// takes the remembered instance with it at once — this container's own `clean`, or
    /// the clean of a scope this container registered it with (which the remembering
    /// tells first: ``willRememberInstance(of:in:)``).
    func mayRememberInstance(of component: Component) -> Bool {
        guard case .cell(let processWide) = component.storage, component.config.cell?.keepsAlive == true else {
            return false
        }
        let owned = component.config.owner == ObjectIdentifier(self)
        return owned || (isolatesInstances && !processWide)
    }

    /// Before `rememberer` remembers `component`'s instance (which
    /// ``mayRememberInstance(of:)`` allows): a scope's instance is dropped by the scope's
    /// clean, not this container's, so the scope is told who remembers it.
    func willRememberInstance(of component: Component, in rememberer: any InstanceRemembering) {
        if case .scoped(let scope) = component.config.lifetime {
            scope.storage.noteRemembered(by: rememberer)
        }
    }
}

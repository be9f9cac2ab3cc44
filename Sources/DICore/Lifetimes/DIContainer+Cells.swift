import DIRuntime

// Where a cached lifetime keeps its instance for a resolving container, which cells a clean
// drops, and whether a remembered answer may be the instance: with `LifetimePolicy`, the
// lifetimes' rules.
extension DIContainer: ScopeCopyKeeping {
    /// The cell that keeps a component's instance for resolves from this container: the
    /// component's own, or (in an isolating container, for an ancestor's component that is
    /// not `single`/`perApplication`) a cell of this container's. A copy of a
    /// `.custom(scope)` instance is noted in the scope's storage, whose clean drops it.
    func cell(for component: Component) -> InstanceCell? {
        guard let cell = component.config.cell else { return nil }
        guard isolatesInstances, component.config.owner != ObjectIdentifier(self) else { return cell }
        let scope: DIScope?
        switch (component.config.lifetime, component.storage) {
        case (.scoped(let owner), _): scope = owner
        case (_, .cell(processWide: false)): scope = nil
        default: return cell
        }
        let (own, isNew) = isolatedCells.withLock { cells in
            if let own = cells[component.id] { return (own.cell, false) }
            let own = InstanceCell(keepsAlive: cell.keepsAlive)
            cells[component.id] = (own, component)
            return (own, true)
        }
        if isNew, let scope { scope.storage.noteCopies(keptBy: self) }
        return own
    }

    /// The ancestor that makes `component`'s instance when a resolve from this container
    /// needs it made: the container that registered it, if that is an ancestor whose cell
    /// this container shares (not its own copy in an isolating container, not a custom
    /// scope's). The instance is the ancestor's, whichever container asks first, so it is
    /// made with the ancestor's registrations: a child's overrides never reach it.
    func ancestorMaking(_ component: Component) -> DIContainer? {
        let owner = component.config.owner
        guard owner != ObjectIdentifier(self), case .cell(let processWide) = component.storage else { return nil }
        if case .scoped = component.config.lifetime { return nil }
        if isolatesInstances && !processWide { return nil }
        var ancestor = parent
        while let keeper = ancestor {
            if ObjectIdentifier(keeper) == owner { return keeper }
            ancestor = keeper.parent
        }
        return nil
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

    /// Drops this container's copies of the instances `storage` keeps (see ``cell(for:)``).
    func dropCopies(keptFor storage: DICacheStorage) -> [Any] {
        let copies = isolatedCells.withLock { cells in
            cells.values.filter { _, component in
                if case .scoped(let scope) = component.config.lifetime { return scope.storage === storage }
                return false
            }
        }
        return copies.compactMap { $0.cell.clear().dropped }
    }

    /// Whether `rememberer`, this container's answers (``AnswerCache``), may remember
    /// `component`'s instance itself: when a cell keeps it alive for this container. The
    /// clean that drops the instance must take the remembered one with it at once, so the
    /// keeper of the cell is told who remembers it, unless it is this container (whose
    /// clean flushes its own answers): the scope of a `custom` scope's component, or the
    /// ancestor that registered a component this container shares.
    func remembersInstance(of component: Component, in rememberer: any InstanceRemembering) -> Bool {
        guard case .cell(let processWide) = component.storage, component.config.cell?.keepsAlive == true else {
            return false
        }
        if case .scoped(let scope) = component.config.lifetime {
            scope.storage.rememberers.note(rememberer)
            return true
        }
        let owner = component.config.owner
        // This container's cell: its own component's, or its copy of an ancestor's.
        if owner == ObjectIdentifier(self) || (isolatesInstances && !processWide) { return true }
        var ancestor = parent
        while let keeper = ancestor {
            if ObjectIdentifier(keeper) == owner {
                keeper.rememberers.note(rememberer)
                return true
            }
            ancestor = keeper.parent
        }
        return false
    }
}

import DIRuntime

// Where a cached lifetime keeps its instance for a resolving container, which cells a clean
// drops, and whether a remembered answer may be the instance: with `LifetimePolicy`, the
// lifetimes' rules.
extension DIContainer: ScopeKeeping {
    /// The container whose cell keeps `component`'s instance for resolves from this one,
    /// and whose resolve makes it (with its registrations, so no override of a container
    /// below reaches what others share): the nearest container from this one up that
    /// isolates instances, for an ancestor's component it copies (every cached lifetime but
    /// `single`/`perApplication`, a `DIScope`'s too); otherwise the component's owner.
    /// `nil` when the owner is not on this container's chain.
    func keeper(of component: Component) -> DIContainer? {
        let owner = component.config.owner
        let copied = isWithinIsolation && Self.isolatingContainersCopy(component)
        var current: DIContainer? = self
        while let container = current {
            if ObjectIdentifier(container) == owner || (copied && container.isolatesInstances) { return container }
            current = container.parent
        }
        return nil
    }

    /// Whether an isolating container keeps its own copy of an ancestor's `component`.
    private static func isolatingContainersCopy(_ component: Component) -> Bool {
        switch (component.config.lifetime, component.storage) {
        case (.scoped, _), (_, .cell(processWide: false)): true
        default: false
        }
    }

    /// The cell that keeps a component's instance for resolves from this container: its
    /// keeper's (``keeper(of:)``): the component's own, or an isolating container's copy.
    /// A copy of a `.custom(scope)` instance is noted in the scope's storage, whose clean
    /// drops it.
    func cell(for component: Component) -> InstanceCell? {
        guard let cell = component.config.cell else { return nil }
        guard isWithinIsolation, component.config.owner != ObjectIdentifier(self),
            let keeper = keeper(of: component), ObjectIdentifier(keeper) != component.config.owner
        else { return cell }
        return keeper.copy(of: component, keptLike: cell)
    }

    /// Whether the cached instances `plan` counts on finding made (``ResolvePlan/keptFirst``)
    /// are made: an awaited resolve runs the plan synchronously only then, since meeting one
    /// to make would send it the async way after building what came before.
    func keptInstancesReady(for plan: ResolvePlan) -> Bool {
        plan.keptFirst.allSatisfy { cell(for: $0)?.hasInstance == true }
    }

    /// The cell this container keeps `component`'s instance in, if it keeps it and has a cell
    /// for it already (``cell(for:)`` makes an isolating container's copy when first asked):
    /// `nil` when an ancestor keeps it, whose resolves made it with the ancestor's instances.
    func keptCell(of component: Component) -> InstanceCell? {
        guard let cell = component.config.cell, keeper(of: component) === self else { return nil }
        if component.config.owner == ObjectIdentifier(self) { return cell }
        return isolatedCells.withLock { $0[component.id]?.cell }
    }

    /// A warning for a `single`/`perApplication` component registered in a container within
    /// an isolation on a line one of its ancestors registers too (appending the app's
    /// framework again, say): the two share the line's one instance in the process, made by
    /// whichever container resolves it first, with that container's registrations.
    func sharedInstanceWarning(_ component: Component, _ info: DIComponentInfo) -> DIDiagnostic? {
        guard isWithinIsolation, let cell = component.config.cell else { return nil }
        switch component.config.lifetime {
        case .single, .perApplication: break
        default: return nil
        }
        // The same line registers the same type: only an ancestor's components of it can match.
        let type = DIKey(ObjectIdentifier(component.config.type))
        var ancestor = parent
        while let current = ancestor {
            let candidates = current.withRegistry { $0.manyCandidates(type) }
            if candidates.contains(where: { $0.config.cell?.isSameCell(as: cell) == true }) {
                return DIDiagnostic(
                    severity: .warning,
                    kind: .misuse,
                    message:
                        "\(info.typeName) (\(info.lifetime.traceName)) is registered here and in an ancestor of this isolated container by the same line, so the two share one instance in the process: whichever container makes it first makes it with its own registrations (this one's overrides too), and the other gets it. Leave the framework that registers it to the ancestor",
                    component: info
                )
            }
            ancestor = current.parent
        }
        return nil
    }

    /// This isolating container's copy of an ancestor's cell for `component`, made the first
    /// time it is asked for.
    ///
    /// A copy of a `.custom(scope)` instance is noted with the scope before the copy is
    /// published: once another thread can make an instance in it, the scope's clean must
    /// drop it. (Noted after, a clean in between skipped the copy, and the instance made in
    /// it outlived every clean until the note.)
    private func copy(of component: Component, keptLike cell: InstanceCell) -> InstanceCell {
        if let own = isolatedCells.withLock({ $0[component.id]?.cell }) { return own }
        if case .scoped(let scope) = component.config.lifetime { scope.storage.note(keeper: self) }
        return isolatedCells.withLock { cells in
            if let own = cells[component.id] { return own.cell }
            let own = InstanceCell(keepsAlive: cell.keepsAlive)
            cells[component.id] = (own, component)
            return own
        }
    }

    /// The ancestor that makes `component`'s instance when a resolve from this container
    /// needs it made: its keeper (``keeper(of:)``), when that is not this container. The
    /// instance is the keeper's, whichever container asks first, so it is made with the
    /// keeper's registrations: an override of a container below never reaches it.
    func ancestorMaking(_ component: Component) -> DIContainer? {
        guard component.config.owner != ObjectIdentifier(self), case .cell = component.storage,
            let keeper = keeper(of: component), keeper !== self
        else { return nil }
        return keeper
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

    /// Empties the cells this container owns (``LifetimePolicy/configure(_:)``: every cached
    /// lifetime but `single`/`perApplication` and a `DIScope`'s, whose cells outlive it),
    /// as it ends; returns what they held, to let go of after the locks.
    func dropOwnInstances() -> [Any] {
        // Not `withRegistry`: a registration not yet announced has no one left to announce to.
        let owned = registry.withLock { registry in
            registry.components.compactMap { component in
                component.storage == .cell(processWide: false) ? component.config.cell : nil
            }
        }
        let stamp = Epochs.cleanStamp
        return owned.compactMap { $0.clear(stamp: stamp).dropped }
    }

    /// Notes this container as a keeper of the instances of `lifetime`'s scope, if it is
    /// `.custom(scope)`, given to a registration here: the scope's clean tells its observers.
    func noteKeeping(_ lifetime: DILifeTime) {
        if case .scoped(let scope) = lifetime { scope.storage.note(keeper: self) }
    }

    /// Drops this container's copies of the instances `storage` keeps (see ``cell(for:)``).
    func dropCopies(keptFor storage: DICacheStorage) -> [Any] {
        let copies = isolatedCells.withLock { cells in
            cells.values.filter { _, component in
                if case .scoped(let scope) = component.config.lifetime { return scope.storage === storage }
                return false
            }
        }
        let stamp = Epochs.cleanStamp
        return copies.compactMap { $0.cell.clear(stamp: stamp).dropped }
    }

    /// Whether `rememberer`, this container's answers (``AnswerCache``), may remember
    /// `component`'s instance itself: when a cell keeps it alive for this container. The
    /// clean that drops the instance must take the remembered one with it at once, so the
    /// keeper of the cell is told who remembers it, unless it is this container (whose
    /// clean flushes its own answers): the scope of a `custom` scope's component, or the
    /// ancestor that registered a component this container shares.
    func remembersInstance(of component: Component, in rememberer: any InstanceRemembering) -> Bool {
        guard case .cell = component.storage, component.config.cell?.keepsAlive == true else { return false }
        if case .scoped(let scope) = component.config.lifetime {
            scope.storage.rememberers.note(rememberer)
            return true
        }
        // The keeper's clean drops the instance: this container's own, or an ancestor's.
        guard let keeper = keeper(of: component) else { return false }
        if keeper !== self { keeper.rememberers.note(rememberer) }
        return true
    }
}

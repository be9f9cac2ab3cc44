import DIRuntime

extension DIContainer {
    /// Drops this container's `perContainer` instances (and those of `perFramework`/`perPart`
    /// components registered outside any framework/part, which act as `perContainer`).
    ///
    /// The container forgets them; objects the app still holds stay alive. A resolve making
    /// one right now still completes, but its instance is not kept.
    public func clean() {
        clean(.container)
    }

    /// Drops the instances of this container's `custom(name:)` components with this name.
    public func clean(custom name: String) {
        clean(.custom(name))
    }

    /// Drops the cached instances of the components whose lifetime `scope` cleans (see
    /// ``LifetimePolicy/isCleaned(by:)``).
    package func clean(_ scope: CleanScope) {
        var dropped: [Any] = []
        // Which components lost an instance: only an observer is told.
        let observed = isObserved
        var droppedFrom: Set<Int> = []
        let stamp = Epochs.cleanStamp
        for (cell, component) in cells(cleanedBy: scope) {
            let (instance, hadInstance) = cell.clear(stamp: stamp)
            if hadInstance, observed { droppedFrom.insert(component.id) }
            if let instance { dropped.append(instance) }
        }
        // After the drops (see `Epochs.instancesDropped`): every container's remembered
        // instances are stale, and this one's go now, with its children's.
        Epochs.instancesDropped()
        answers.flush()
        rememberers.forgetAll()
        // The instances go here, outside every lock: a deinit is user code.
        dropped.removeAll()
        guard observed else { return }
        reportCleanOfUnappended(scope)
        reportCleaned(scope, droppedFrom: droppedFrom)
    }

    /// Tells the observers that `scope` was cleaned, and warns about the instances left
    /// holding one it dropped from the components `droppedFrom`.
    private func reportCleaned(_ scope: CleanScope, droppedFrom: Set<Int>) {
        deliver(DIEvent(kind: .cleaned, scope: scope.label, count: droppedFrom.count))
        if !droppedFrom.isEmpty {
            for warning in makeGraph().staleHolders(after: droppedFrom, by: scope.call) {
                deliver(DIEvent(kind: .diagnostic, component: warning.component, diagnostic: warning))
            }
        }
    }

    func instancesCleaned(by scope: DIScope) -> Set<Int>? {
        guard isObserved else { return nil }
        return Set(cells(cleanedBy: .scope(scope)).filter(\.cell.hasInstance).map(\.component.id))
    }

    func reportCleaned(_ scope: DIScope, droppedFrom: Set<Int>) {
        reportCleaned(.scope(scope), droppedFrom: droppedFrom)
    }

    /// Makes every `single` component of this container now.
    ///
    /// Until this is called, `single` components behave as `perApplication(.single)`.
    ///
    /// Each is made as a plain `resolve()` would make it; one whose registration's closure
    /// returns `nil` (`register { optional }`) is absent, as it is to an optional request,
    /// and skipped. Every one is made, also one that a `.test()` or `.default()` component
    /// outranks for an alias they share: its own type still resolves to it.
    ///
    /// > Warning: One that cannot be made stops the process with its error, naming the
    /// > component: `makeGraph().validate()` finds those beforehand, and warns about a
    /// > `single` no synchronous resolve without arguments can make (an `async`
    /// > initializer, injection or `postInit`, or `arg` parameters). Make such a one with
    /// > `await container.resolve()` (and its arguments) at launch instead.
    public func initializeSingletonObjects() {
        initializeObjects({ $0 == .single }, by: "initializeSingletonObjects()")
    }

    /// Makes every component of this container whose lifetime is `.custom(scope)` now
    /// (DITranquillity 6).
    ///
    /// ```swift
    /// let session = DIScope(name: "session")
    /// container.register(Cart.init).lifetime(.custom(session))
    /// container.initializeObjectsForScope(session)
    /// ```
    ///
    /// > Warning: As with ``initializeSingletonObjects()``, one that cannot be made stops the
    /// > process.
    public func initializeObjectsForScope(_ scope: DIScope) {
        initializeObjects({ $0 == .custom(scope) }, by: "initializeObjectsForScope(\(scope.label))")
    }

    /// Resolves each component of this container whose lifetime `included` accepts; one
    /// whose own closure returns `nil` is absent, not failed.
    private func initializeObjects(_ included: (DILifeTime) -> Bool, by caller: String) {
        let chosen = withRegistry { registry in
            registry.components.filter { included($0.config.lifetime) }
        }
        for component in chosen {
            do throws(DIError) {
                try makeNow(component.config.type, component)
            } catch let error where error.isAbsence(of: component) {
                continue
            } catch {
                fatalError("\(caller) could not make \(component.info): \(error)")
            }
        }
    }

    /// Resolves `component`, of type `T`: as a plain `resolve()` of it would, with `T` first
    /// on the path of the error. Synchronous by its nature: nothing it reports hints that the
    /// call may have meant an async overload.
    private func makeNow<T>(_ type: T.Type, _ component: Component) throws(DIError) {
        var request = Request()
        request.pinned = component
        _ = try resolveTopLevel(T.self, request, call: .chosenSynchronous)
    }
}

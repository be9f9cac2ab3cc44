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
        var count = 0
        for cell in cells(cleanedBy: scope) {
            let (instance, hadInstance) = cell.clear()
            if hadInstance { count += 1 }
            if let instance { dropped.append(instance) }
        }
        // After the drops (see `Epochs.instancesDropped`): every container's answers are stale.
        Epochs.instancesDropped()
        answers.flush()
        // The instances go here, outside every lock: a deinit is user code.
        dropped.removeAll()
        if isObserved { deliver(DIEvent(kind: .cleaned, scope: scope.label, count: count)) }
    }

    /// Makes every `single` component of this container now.
    ///
    /// Until this is called, `single` components behave as `perApplication(.single)`.
    public func initializeSingletonObjects() {
        let singles = withRegistry { registry in
            registry.components.filter { $0.config.lifetime == .single }
        }
        for component in singles {
            var request = Request()
            request.pinned = component
            do {
                // `Any`: the pinned component's value is returned whatever its type.
                _ = try resolveTopLevel(Any.self, request)
            } catch {
                fatalError(error.description)
            }
        }
    }
}

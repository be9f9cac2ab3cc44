@_spi(Tranquil) import DILazy

extension DIContainer {
    /// Drops this container's `perContainer` instances (and those of `perFramework`/`perPart`
    /// components registered outside any framework/part, which act as `perContainer`).
    ///
    /// The container forgets them; objects the app still holds stay alive. A resolve making
    /// one right now still completes, but its instance is not kept.
    public func clean() {
        clean(scope: "perContainer") { lifetime, origin in
            switch lifetime {
            case .perContainer: true
            case .perFramework: origin.framework == nil
            case .perPart: origin.part == nil
            default: false
            }
        }
    }

    /// Drops the instances of this container's `custom(name:)` components with this name.
    public func clean(custom name: String) {
        clean(scope: "custom(\(name))") { lifetime, _ in lifetime == .custom(name: name) }
    }

    /// Drops the cached instances of the components `matches` selects by lifetime and origin
    /// (just those two: handing each component's whole configuration to it would copy it).
    package func clean(scope: String, where matches: (DILifeTime, DIOrigin) -> Bool) {
        // Cleared in place under the registry's lock (a slot's lock is only ever taken
        // inside it, never the other way round), without copying each slot out; the
        // instances are let go of once no lock is held.
        let (dropped, ownCount) = registry.withLock { registry -> (Slot.Dropped, Int) in
            let components = registry.componentsInPlace
            // Room for all at once: most components of a container that cleans are cached.
            let dropped = Slot.Dropped(capacity: components.count)
            var count = 0
            for component in components where matches(component.config.lifetime, component.config.origin) {
                if component.config.slot?.clear(into: dropped) == true { count += 1 }
            }
            return (dropped, count)
        }
        var count = ownCount
        for (slot, config) in isolatedSlotsForAncestors where matches(config.lifetime, config.origin) {
            if slot.clear(into: dropped) { count += 1 }
        }
        // After the drops (see `Slot.clear(into:)`): every container's typed answers are stale.
        ResolvedCache.epoch.add(1)
        resolvedCache.flush()
        // The instances go here, outside every lock: a deinit is user code.
        dropped.letGo()
        if isObserved { deliver(DIEvent(kind: .cleaned, scope: scope, count: count)) }
    }

    /// Makes every `single` component of this container now.
    ///
    /// Until this is called, `single` components behave as `perApplication(.single)`.
    public func initializeSingletonObjects() {
        let singles = registry.withLock { registry in
            registry.components.filter { $0.config.lifetime == .single }
        }
        for component in singles {
            let context = ResolveContext(container: self)
            var request = Request()
            request.pinned = component
            do {
                // `Any`: the pinned component's value is returned whatever its type (a
                // placeholder type would fail the resolver's final type check).
                _ = try run(context) { context throws(DIError) in try context.value(Any.self, request) }
            } catch {
                fatalError(error.description)
            }
        }
    }
}

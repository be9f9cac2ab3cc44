@_spi(Tranquil) import DILazy

/// The dependency-injection container: registrations, cached instances, and resolution.
///
/// ```swift
/// let container = DIContainer()
/// container.register(Cat.init).as(Animal.self).lifetime(.perContainer(.single))
/// let cat: Cat = container.resolve()
/// let pet: Animal = *container
/// ```
///
/// Every method may be called from any thread. A child container (`DIContainer(parent:)`)
/// looks in its own registrations first and falls back to its parent's; a test container
/// over the app's one is a child with `.test()` overrides.
public final class DIContainer: Sendable {
    /// The container this one falls back to, if any.
    public let parent: DIContainer?
    /// Whether this container keeps its own instances of its ancestors' components.
    public let isolatesInstances: Bool
    let registry = Locked(Registry())
    /// An isolating container's own slots for its ancestors' components, by component id.
    private let isolatedSlots = Locked<[Int: (slot: Slot, config: Component.Config)]>([:])
    let observers = ObserverHub()
    /// Typed answers to repeat plain resolves of cached components (the fast path).
    let resolvedCache = ResolvedCache()
    static let globalObservers = ObserverHub()
    /// ``ObserverHub/attachedAnywhere``, reachable without the lazy-global check a static
    /// costs on every resolve.
    private let observersAnywhere = ObserverHub.attachedAnywhere
    /// ``ResolvedCache/registryEpoch``, reachable without the lazy-global check.
    private let registryEpoch = ResolvedCache.registryEpoch
    /// ``ResolveTask/running``, reachable without the lazy-global check.
    let resolveTasksRunning = ResolveTask.running

    /// Creates a container.
    ///
    /// - Parameter parent: A container to fall back to for anything not registered here.
    ///   The child shares the parent's `perContainer` instances of the parent's components
    ///   and keeps its own for its own components.
    public init(parent: DIContainer? = nil) {
        self.parent = parent
        isolatesInstances = false
    }

    /// Creates a child container that keeps its own instances of everything it resolves.
    ///
    /// A plain child shares its parent's `perContainer` instances. An isolating child does
    /// not: its ancestors' `perContainer`, `perFramework`, `perPart` and `custom`
    /// components get a separate instance here, made with this container's overrides.
    /// That is what a per-feature test container needs: `.test()` overrides reach every
    /// component it resolves, and nothing it makes leaks into the app's container.
    /// (`single`/`perApplication` stay process-wide.)
    ///
    /// ```swift
    /// let testContainer = DIContainer(isolatedFrom: app)
    /// testContainer.register(StubClient.init).as(HTTPClient.self).test()
    /// ```
    public init(isolatedFrom parent: DIContainer) {
        self.parent = parent
        isolatesInstances = true
    }

    deinit {
        // A later container may reuse this address: retire every choice remembered for it.
        ResolvedCache.registryChanged()
    }

    /// The slot that keeps a component's instance for resolves from this container.
    @inline(__always)
    func slot(for component: Component) -> Slot? {
        guard let slot = component.config.slot else { return nil }
        guard isolatesInstances else { return slot }
        guard component.config.owner != ObjectIdentifier(self) else { return slot }
        switch component.config.lifetime {
        case .single, .perApplication, .objectGraph, .prototype:
            return slot
        case .perContainer, .perFramework, .perPart, .custom:
            return isolatedSlots.withLock { slots in
                if let own = slots[component.id] { return own.slot }
                let own = Slot(kind: slot.kind)
                slots[component.id] = (own, component.config)
                return own
            }
        }
    }

    /// The slots this isolating container made for its ancestors' components.
    var isolatedSlotsForAncestors: [(slot: Slot, config: Component.Config)] {
        isolatedSlots.withLock { Array($0.values) }
    }

    // MARK: Lookup

    /// Chooses the component for a key: this container first, then the parent chain.
    func select(_ key: DIKey, framework: DIScope?) -> Selection {
        var container: DIContainer? = self
        while let current = container {
            let selection = current.registry.withLock { $0.select(key, framework: framework) }
            if case .none = selection {
                container = current.parent
                continue
            }
            return selection
        }
        return .none
    }

    /// What `many` gathers for a key, the root container's first, in registration order.
    func allCandidates(_ key: DIKey) -> [Component] {
        let own = registry.withLock { $0.manyCandidates(key) }
        guard let parent else { return own }
        return parent.allCandidates(key) + own
    }

    /// This container's components, in registration order.
    package var components: [Component] {
        registry.withLock { $0.components }
    }

    // MARK: Running a resolve

    /// Runs `body` as one whole resolve: finishes deferred work on success, undoes on failure.
    func run<T>(_ context: ResolveContext, _ body: (ResolveContext) throws(DIError) -> T) throws(DIError) -> T {
        do {
            let value = try body(context)
            try context.finish()
            return value
        } catch {
            throw failedRun(context, error, T.self)
        }
    }

    /// Undoes what a failed resolve left, and locates its error for the type asked for.
    func failedRun<T>(_ context: ResolveContext, _ error: DIError, _ type: T.Type) -> DIError {
        context.abandon()
        return error.located(as: T.self)
    }

    /// Runs `body` as one whole async resolve, under one maker identity for its nested
    /// resolves (so re-entering something it makes is recognized as re-entry).
    func runAsync<T>(
        _ context: ResolveContext,
        _ body: (ResolveContext) async throws(DIError) -> T
    ) async throws(DIError) -> T {
        let token = ResolveTask.token ?? EventIDs.next()
        ResolveTask.running.add(1)
        defer { ResolveTask.running.add(-1) }
        let result: Result<T, DIError> = await ResolveTask.$token.withValue(token) {
            do throws(DIError) {
                let value = try await body(context)
                try await context.finishAsync()
                return .success(value)
            } catch {
                return .failure(failedRun(context, error, T.self))
            }
        }
        return try result.get()
    }

    /// Resolves a request from outside any resolve, in an async context.
    func resolveTopLevelAsync<T>(_ type: T.Type, _ request: Request) async throws(DIError) -> T {
        var request = request
        if let cached = chosenInstance(T.self, &request) { return cached.value }
        let isShape = request.pinned == nil && T.self is any DIShape.Type
        let context = ResolveContext(container: self)
        return try await runAsync(context) { context throws(DIError) in
            isShape ? try await context.valueAsync(T.self, request) : try await context.directAsync(T.self, request)
        }
    }

    /// Resolves a request from outside any resolve.
    func resolveTopLevel<T>(_ type: T.Type, _ request: Request) throws(DIError) -> T {
        let isPlain = request.arguments == nil && request.framework == nil && request.qualifier == .none
        if isPlain, request.pinned == nil { return try resolvePlain(T.self) }
        var request = request
        if let cached = chosenInstance(T.self, &request) { return cached.value }
        return try resolveInContext(T.self, request)
    }

    /// The fast path of a request that is not plain: the one component it chooses (if
    /// exactly one) is pinned to `request`, so the resolve that follows does not choose
    /// again, and its cached instance, if its slot holds one, is the answer.
    @inline(__always)
    private func chosenInstance<T>(_ type: T.Type, _ request: inout Request) -> ResolvedCache.Box<T>? {
        guard !isObserved else { return nil }
        let epoch = resolvedCache.epoch
        guard let component = topLevelChoice(T.self, request, plain: false)?.takeUnretainedValue() else { return nil }
        request.pinned = component
        return cachedInstance(T.self, of: component, request, epoch: epoch, remember: false)
    }

    /// Resolves a plain request (`resolve<T>()`: no name, tag, arguments or framework) from
    /// outside any resolve. Its choice of component is remembered, and so is a cached
    /// instance of it that this container owns.
    func resolvePlain<T>(_ type: T.Type) throws(DIError) -> T {
        if !isObserved {
            let epoch = resolvedCache.epoch
            if let chosen = topLevelChoice(T.self, Request(), plain: true) {
                // The object path (see `objectClaim`), with the component only borrowed.
                switch objectClaim(of: chosen, for: T.self) {
                case .ready(let object, let remember):
                    // Exactly a `T` (its class is the component's type, or a subclass of it).
                    let value = object.taken(as: T.self)
                    if remember { resolvedCache.store(value, for: T.self, epoch: epoch) }
                    return value
                case .make(let ticket, let maker):
                    let object = try madeObject(of: chosen, ticket, maker: maker, requested: T.self)
                    return object.taken(as: T.self)
                case .elsewhere:
                    break
                }
                let component = chosen.takeUnretainedValue()
                var request = Request()
                request.pinned = component
                if let cached = cachedInstance(T.self, of: component, request, epoch: epoch, remember: true) {
                    return cached.value
                }
                return try resolveInContext(T.self, request)
            }
        }
        return try resolveInContext(T.self, Request())
    }

    /// A top-level request past the fast paths: resolved in a context of its own.
    @inline(__always)
    private func resolveInContext<T>(_ type: T.Type, _ request: Request) throws(DIError) -> T {
        // A registered type was found (and pinned); only otherwise can `T` be a wrapper
        // (`Optional`, `Lazy`, …), which is worth checking only then: the check is a
        // conformance lookup that costs as much as the rest of a cached resolve.
        let isShape = request.pinned == nil && T.self is any DIShape.Type
        let context = ContextPool.take(for: self)
        defer { ContextPool.giveBack(context) }
        // `run`, written out: a closure would copy the request into its context, and each
        // optional field of it through the runtime's generic witnesses.
        do throws(DIError) {
            let value =
                if let component = request.pinned, component.isFactoryOnly, component.storage == .slot,
                    request.arguments == nil, !context.observed
                {
                    try context.madeOnTop(T.self, of: component, request)
                } else {
                    isShape ? try context.value(T.self, request) : try context.direct(T.self, request)
                }
            try context.finish()
            return value
        } catch {
            throw failedRun(context, error, T.self)
        }
    }

    /// What claiming the slot of a plain request's component on the object path found.
    private enum ObjectClaim {
        /// The instance, retained for the caller, and whether to remember it as this
        /// container's answer.
        case ready(Unmanaged<AnyObject>, remember: Bool)
        /// The right to make it, claimed by `maker`.
        case make(Slot.Ticket, MakerID)
        /// No object path: the component is not one it serves, or its slot is being made
        /// (or holds its instance otherwise). The general path waits, or reports the loop.
        case elsewhere
    }

    /// The object path of a plain request for exactly the class a cached, factory-only
    /// component makes, with the slot its own: one claim of the slot takes the instance or
    /// the right to make it (see ``madeObject(of:_:maker:requested:)``), and the instance goes
    /// from the factory to the slot and the caller as a class reference, with no `Any` to
    /// unpack and no cast.
    ///
    /// Not generic, so the component is only borrowed (see ``topLevelChoice(_:_:plain:)``):
    /// a generic function's closure would not be inlined.
    private func objectClaim(of chosen: Unmanaged<Component>, for requested: Any.Type) -> ObjectClaim {
        chosen._withUnsafeGuaranteedRef { component in
            let owned = component.config.owner == ObjectIdentifier(self)
            guard component.keepsObjects, component.isFactoryOnly, component.storage == .slot,
                ObjectIdentifier(component.config.type) == ObjectIdentifier(requested),
                owned || !isolatesInstances
            else { return .elsewhere }
            let maker = MakerID.current(running: resolveTasksRunning)
            // The slot used in place: a copy would be retained.
            switch component.config.slot?.claimObject(by: maker) {
            case .ready(let object): return .ready(object, remember: owned && component.config.slot?.kind == .single)
            case .make(let ticket): return .make(ticket, maker)
            case .other, nil: return .elsewhere
            }
        }
    }

    /// The object path's making (see ``objectClaim(of:for:)``): the instance, made in a
    /// pooled context and committed to the slot it claimed, retained for the caller.
    ///
    /// Not generic, so the context is borrowed from the pool rather than held, and the
    /// component only borrowed.
    private func madeObject(
        of chosen: Unmanaged<Component>,
        _ ticket: Slot.Ticket,
        maker: MakerID,
        requested: Any.Type
    ) throws(DIError) -> Unmanaged<AnyObject> {
        let pooled = ContextPool.lend(for: self)
        defer { ContextPool.giveBack(pooled) }
        let outcome = chosen._withUnsafeGuaranteedRef { component in
            pooled._withUnsafeGuaranteedRef { context -> Result<Unmanaged<AnyObject>, DIError> in
                do throws(DIError) {
                    let object = try context.madeObject(of: component, ticket, maker: maker, requested: requested)
                    try context.finish()
                    return .success(object)
                } catch {
                    context.abandon()
                    return .failure(error.located(asType: requested))
                }
            }
        }
        return try outcome.get()
    }

    /// The fast path: a cached instance of the chosen component answers with one lookup and
    /// no context.
    ///
    /// With `remember`, a strong instance of a slot this container owns goes into
    /// ``resolvedCache``; `clean` flushes it, so it never outlives the slot's instance.
    /// Wrapper types are never registered, so they find no component here.
    @inline(__always)
    private func cachedInstance<T>(
        _ type: T.Type,
        of component: Component,
        _ request: Request,
        epoch: Int,
        remember: Bool
    ) -> ResolvedCache.Box<T>? {
        guard request.arguments == nil, let slot = self.slot(for: component) else { return nil }
        let instance = slot.instance()
        guard !Slot.isAbsent(instance), let value = try? cast(instance, to: T.self)
        else { return nil }
        // A slot this container made for an ancestor's component (isolation) is its own too.
        let isComponentSlot = component.config.slot.map(slot.isSame) ?? false
        let owned = component.config.owner == ObjectIdentifier(self) || !isComponentSlot
        if remember, owned, slot.kind == .single {
            return resolvedCache.store(value, for: T.self, epoch: epoch)
        }
        return ResolvedCache.Box(value)
    }

    /// The one component answering a top-level request, if exactly one does. A plain
    /// request's choice is remembered until the registry changes.
    ///
    /// Not retained: this container keeps every component it or its parents ever handed out
    /// until it goes (see ``ChoiceMemo``).
    @inline(__always)
    private func topLevelChoice<T>(_ type: T.Type, _ request: Request, plain: Bool) -> Unmanaged<Component>? {
        let key = ObjectIdentifier(T.self)
        let registryEpoch = registryEpoch.value
        if plain, let remembered = resolvedCache.choice(for: key, epoch: registryEpoch) { return remembered }
        guard case .one(let component) = select(DIKey(key, request.qualifier), framework: request.framework) else {
            return nil
        }
        if plain { resolvedCache.remember(component, for: key, epoch: registryEpoch) }
        return .passUnretained(component)
    }

    /// The fastest path, for plain `resolve<T>()`: a typed answer this container already
    /// gave, with no request, selection or cast. `nil` when observed or not cached yet.
    @inline(__always)
    func rememberedInstance<T>(_ type: T.Type) -> ResolvedCache.Box<T>? {
        isObserved ? nil : resolvedCache.box(T.self)
    }

    // MARK: Events

    /// Whether any observer would see this container's events.
    @inline(__always)
    var isObserved: Bool {
        observersAnywhere.value != 0 && isObservedHere
    }

    /// Whether this container, an ancestor, or the global hub has an observer.
    private var isObservedHere: Bool {
        if !Self.globalObservers.isEmpty { return true }
        var container: DIContainer? = self
        while let current = container {
            if !current.observers.isEmpty { return true }
            container = current.parent
        }
        return false
    }

    /// Delivers an event to this container's observers, its ancestors', and the global ones.
    package func deliver(_ event: DIEvent) {
        var container: DIContainer? = self
        while let current = container {
            for observer in current.observers.snapshot { observer.receive(event) }
            container = current.parent
        }
        for observer in Self.globalObservers.snapshot { observer.receive(event) }
    }

    /// Attaches an observer to this container; it also sees the events of child containers.
    public func addObserver(_ observer: any DIObserver) {
        observers.add(observer)
    }

    /// Detaches an observer added with ``addObserver(_:)``.
    public func removeObserver(_ observer: any DIObserver) {
        observers.remove(observer)
    }

    /// Attaches an observer to every container in the process.
    public static func addGlobalObserver(_ observer: any DIObserver) {
        globalObservers.add(observer)
    }

    /// Detaches an observer added with ``addGlobalObserver(_:)``.
    public static func removeGlobalObserver(_ observer: any DIObserver) {
        globalObservers.remove(observer)
    }

    /// Reports a diagnostic as an event (if anyone observes).
    package func report(_ diagnostic: DIDiagnostic) {
        guard isObserved else { return }
        deliver(DIEvent(kind: .diagnostic, diagnostic: diagnostic))
    }
}

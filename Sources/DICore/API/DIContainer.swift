import DIRuntime

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
    /// Whether this container or one of its ancestors isolates instances: only then may a
    /// cell other than a component's own keep its instance (``keeper(of:)``).
    let isWithinIsolation: Bool
    let registry = Locked(Registry())
    /// An isolating container's own cells for its ancestors' components, by component id.
    let isolatedCells = Locked<[Int: (cell: InstanceCell, component: Component)]>([:])
    let observers = ObserverHub()
    /// ``ObserverHub/attachedAnywhere``, reached through a field: every resolve reads it
    /// first, and a global's lazy-initialization check on every read costs more than the read.
    let observersAnywhere = ObserverHub.attachedAnywhere
    /// ``globalObservers``, reached through a field for the same reason.
    let processObservers = DIContainer.globalObservers
    /// The run-time warnings already given (``ResolveContext/reportAbsent(_:_:framework:)``).
    let firstReports = FirstReports()
    static let globalObservers = ObserverHub()
    /// Answers to repeat plain resolves.
    let answers = AnswerCache()
    /// The answers of children that remember instances this container's cells keep: its
    /// clean makes them forget.
    let rememberers = Rememberers()
    /// The process's ``ContextPool``, which top-level resolves take their contexts from.
    let contextPool = ContextPool.shared
    /// How resolves starting at each component proceed here (see ``ResolvePlan``).
    let plans = PlanCache()

    /// Creates a container.
    ///
    /// - Parameter parent: A container to fall back to for anything not registered here.
    ///   The child shares the parent's `perContainer` instances of the parent's components
    ///   and keeps its own for its own components. The parent makes its instances, with its
    ///   own registrations, even when the child asks first: the child's overrides reach
    ///   only what the child itself keeps or makes anew.
    public init(parent: DIContainer? = nil) {
        self.parent = parent
        isolatesInstances = false
        isWithinIsolation = parent?.isWithinIsolation ?? false
    }

    /// Creates a child container that keeps its own instances of everything it resolves.
    ///
    /// A plain child shares its parent's `perContainer` instances. An isolating child does
    /// not: its ancestors' `perContainer`, `perFramework`, `perPart` and `custom`
    /// components (a `DIScope`'s too) get a separate instance here, made with this
    /// container's overrides.
    /// That is what a per-feature test container needs: `.test()` overrides reach every
    /// component it resolves, and nothing it makes leaks into the app's container.
    /// (`single`/`perApplication` stay process-wide, made by the container that registered
    /// them, with its registrations.)
    ///
    /// ```swift
    /// let testContainer = DIContainer(isolatedFrom: app)
    /// testContainer.register(StubClient.init).as(HTTPClient.self).test()
    /// ```
    public init(isolatedFrom parent: DIContainer) {
        self.parent = parent
        isolatesInstances = true
        isWithinIsolation = true
    }

    /// Lets go of the instances this container kept: a `Lazy`/`Provider` it handed out may
    /// outlive it, holding one of its components (and so the component's cell), but not
    /// what the cell kept. Outside every lock: a deinit is user code.
    deinit {
        var dropped = dropOwnInstances()
        dropped.removeAll()
    }

    /// This container's components, in registration order.
    package var components: [Component] {
        withRegistry { $0.components }
    }

    /// Runs `body` on the registry under its lock, then tells observers about a registration
    /// `body` sealed (outside the lock: observers are user code).
    ///
    /// Every read or change of the registry goes through here, so a registration is announced
    /// as soon as anything looks at it, with the lifetime and aliases its modifiers gave it.
    @inline(__always)
    func withRegistry<Result>(_ body: (inout Registry) -> Result) -> Result {
        let (result, sealed) = registry.withLock { registry in (body(&registry), registry.takeAnnouncements()) }
        for component in sealed { announce(component) }
        return result
    }

    /// Tells observers of a registration its statement ended, with the modifiers it applied;
    /// and warns when it shares an ancestor's instance (``sharedInstanceWarning(_:_:)``).
    @inline(never)
    private func announce(_ component: Component) {
        let info = component.info
        deliver(DIEvent(kind: .registered, component: info))
        if let warning = sharedInstanceWarning(component, info) { report(warning) }
    }

    // MARK: Events

    /// Whether any observer would see this container's events: inlined into every resolve,
    /// which, in a process with no observer, reads one word.
    @inline(__always)
    var isObserved: Bool {
        mayBeObserved && isObservedHere
    }

    /// Whether any observer is attached anywhere in the process: if not, nobody observes
    /// this container, and no hub needs a look.
    var mayBeObserved: Bool {
        observersAnywhere.value != 0
    }

    /// Whether this container, an ancestor, or the global hub has an observer.
    @inline(never)
    private var isObservedHere: Bool {
        !processObservers.isEmpty || hasObserversUpward
    }

    /// Whether this container or an ancestor has an observer of its own. (Each container
    /// asks its parent, which a call borrows: a loop over a variable would retain and
    /// release every container on the way, in every resolve of a process with an observer.)
    private var hasObserversUpward: Bool {
        !observers.isEmpty || parent?.hasObserversUpward == true
    }

    /// The observers an event of this container goes to now: its own, its ancestors', the
    /// process's.
    var observersNow: ObserverList? {
        guard isObservedHere else { return nil }
        let process = processObservers.isEmpty ? nil : processObservers.snapshot
        return hasObserversUpward ? observersUpward(then: process) : process
    }

    /// This container's observers, then its ancestors', then `rest`. A list taken as it is
    /// when it is the only one: usually no list is made.
    private func observersUpward(then rest: ObserverList?) -> ObserverList? {
        let above = parent?.observersUpward(then: rest) ?? rest
        guard !observers.isEmpty, let own = observers.snapshot else { return above }
        guard let above else { return own }
        return own.followed(by: above)
    }

    /// Delivers an event to this container's observers, its ancestors', and the global ones
    /// (each once, however many of them it is attached to).
    package func deliver(_ event: DIEvent) {
        let process = processObservers.isEmpty ? nil : processObservers.snapshot
        let observers = hasObserversUpward ? observersUpward(then: process) : process
        observers?.deliver(event)
    }

    /// Attaches an observer to this container; it also sees the events of child containers
    /// (each once, if it is attached to a child too). Attaching an observer that is attached
    /// already does nothing: it gets each event once.
    ///
    /// A resolve reports to the observers attached when it started: one attached while a
    /// resolve runs sees the resolves that start after, and one removed while a resolve
    /// runs sees that resolve to its end.
    public func addObserver(_ observer: any DIObserver) {
        observers.add(observer)
    }

    /// Detaches an observer added with ``addObserver(_:)``.
    public func removeObserver(_ observer: any DIObserver) {
        observers.remove(observer)
    }

    /// Attaches an observer to every container in the process (once: attaching it again
    /// does nothing).
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

import DIRuntime

/// How a resolve that starts at one component proceeds, settled once per registry version:
/// for every component it can reach, the component each plain parameter resolves to (and
/// why that one won), and the slot its `objectGraph` instance takes in the resolve's
/// private graph.
///
/// A plan is made the first time a resolve starts at its component in a container (see
/// ``PlanCache``). A build then reads its parameters' components from the plan instead of
/// choosing them, and finds an `objectGraph` instance the resolve already made at a slot
/// numbered here instead of in a table keyed by component. A parameter the plan leaves
/// unsettled (wrapped, or not answered by exactly one rule) is chosen when it is resolved,
/// with the same rules; a component the plan does not reach builds with no settled
/// parameters and keeps its `objectGraph` instance by component id.
///
/// Plans are made the same way whether the resolve is observed or not, synchronous or
/// async: the reason a parameter's component won is kept for the trace, so an observer
/// changes what is reported, never what is chosen.
final class ResolvePlan: Sendable {
    /// One component of the plan.
    struct Step: Sendable {
        let component: Component
        /// The slot of the component's instance in a resolve's private graph; `-1` when its
        /// lifetime keeps it elsewhere (or nowhere).
        let slot: Int
        /// For each factory parameter, the step it resolves to; `-1` where the resolve chooses.
        let parameters: [Int]
        /// Why each settled parameter's component won, where a rule chose it among several
        /// (empty when every settled parameter had one candidate).
        let reasons: [Selection.Reason]
        /// The steps its other requests reach (a wrapped or named parameter, an injection's):
        /// with ``parameters``, what ``ResolvePlan/isSynchronous`` follows. Usually empty.
        let alsoReaches: [Int]

        /// Why parameter `position`'s component was chosen.
        func reason(at position: Int) -> Selection.Reason {
            position < reasons.count ? reasons[position] : .only
        }
    }

    /// The steps; the first is the component the plan starts at.
    let steps: [Step]
    /// How many private-graph slots a resolve following the plan needs.
    let slotCount: Int
    /// Whether a resolve following the plan can run without awaiting anything once its
    /// cached instances are made: every component it builds on the way to them makes its
    /// instances synchronously, off the main actor (factory, injections, `postInit`), and
    /// no request it makes is left to a choice among several components (which could pick
    /// one that awaits). A cached component (an async singleton, say) and what lies below
    /// it are not counted: a resolve finds its instance made, and builds it only in the
    /// rare resolve that finds its cell empty. An awaited resolve of such a plan runs as a
    /// synchronous one, which gives up and awaits when it meets something to await after
    /// all (see `DIContainer.resolveNow`).
    let isSynchronous: Bool
    /// The cached components a synchronous plan (``isSynchronous``) counts on finding made:
    /// those reached from the root with no cached component between. An awaited resolve
    /// that finds one of them not made goes the async way at once (its synchronous try
    /// makes no cached instance), rather than build what comes before it twice
    /// (``DIContainer/keptInstancesReady(for:)``).
    let keptFirst: [Component]
    /// The count of registry changes (``Epochs/registryNow``) the plan's choices were made
    /// under, all of them: a registration while it was made has it made again.
    let registryCount: Int
    /// The step of each component the plan reaches, by component id; `nil` for a plan of a
    /// few steps, which a scan of ``steps`` answers sooner than a hash table is built.
    private let stepOfComponent: IdentityTable<Int, Int>?

    /// How many steps a plan has at most without ``stepOfComponent``.
    fileprivate static var scanLimit: Int { 8 }

    /// The plan of a resolve starting at `root` in `container`, its choices made under
    /// `registryCount`.
    init(root: Component, in container: DIContainer, registryCount: Int) {
        self.registryCount = registryCount
        var builder = Builder(container: container)
        builder.walk(from: root)
        steps = builder.steps
        slotCount = builder.slotCount
        (isSynchronous, keptFirst) = builder.synchrony()
        stepOfComponent = builder.stepOfComponent
    }

    /// The plan's root compiled (see ``StepCompiler``) for a request of a `T`: a
    /// `TypedStep<T>` (``TypedStep/requested(from:of:)``), or `nil` when the root does not
    /// compile. What a remembered answer and a delayed resolve both run.
    func compiledRoot<T>(for type: T.Type) -> (any AnyTypedStep)? {
        StepCompiler.root(of: steps).map { TypedStep<T>.requested(from: $0, of: steps[0].component) }
    }

    /// Whether the plan made now for the same root in `container` makes the same choices:
    /// the same components at the same steps, every parameter settled the same. A plan that
    /// left a parameter to the resolve (a wrapped one, or one no single rule answers) does
    /// not know what the resolve chose there, so it is taken as choosing differently.
    func choosesAsMadeNow(in container: DIContainer) -> Bool {
        let now = container.plan(for: steps[0].component)
        if now === self { return true }
        guard now.steps.count == steps.count else { return false }
        for (step, current) in zip(steps, now.steps) {
            guard step.component === current.component, step.parameters == current.parameters,
                step.alsoReaches == current.alsoReaches, !step.parameters.contains(-1)
            else { return false }
        }
        return true
    }

    /// The step of `component`, or `-1` if the plan does not reach it.
    func step(of component: Component) -> Int {
        if let stepOfComponent { return stepOfComponent[component.id] ?? -1 }
        let id = component.id
        for index in steps.indices where steps[index].component.id == id {
            return index
        }
        return -1
    }

    #if TRANQUIL_INTERNAL_CHECKS
    /// Stops the process if the plan is inconsistent: a step or slot out of range, or a
    /// component reached twice.
    func checkInvariants() {
        stepOfComponent?.checkInvariants()
        precondition(
            (stepOfComponent == nil) == (steps.count <= Self.scanLimit),
            "a plan's index does not fit its size"
        )
        var slots = Set<Int>()
        for (index, step) in steps.enumerated() {
            precondition(self.step(of: step.component) == index, "a step is not found by its component")
            precondition(
                step.parameters.allSatisfy { $0 >= -1 && $0 < steps.count },
                "a parameter step is out of range"
            )
            if step.slot >= 0 {
                precondition(
                    step.slot < slotCount && slots.insert(step.slot).inserted,
                    "a slot is out of range or shared"
                )
            }
        }
    }
    #endif
}

extension ResolvePlan {
    /// Walks the components a resolve can reach, breadth first (a chain thousands deep must
    /// not recurse), numbering steps and slots as it first meets them.
    private struct Builder {
        let container: DIContainer
        var steps: [Step] = []
        var slotCount = 0
        /// The steps whose build may await (an async or main-actor component, or one with a
        /// request left to a choice among several): usually none, and then no walk is needed
        /// to tell that the plan is synchronous.
        private var awaiting: [Int] = []
        /// Filled once the plan outgrows ``ResolvePlan/scanLimit``.
        var stepOfComponent: IdentityTable<Int, Int>?
        private var found: [Component] = []

        init(container: DIContainer) {
            self.container = container
        }

        mutating func walk(from root: Component) {
            _ = number(root)
            var next = 0
            while next < found.count {
                steps.append(settle(found[next]))
                next += 1
            }
        }

        /// The step of `component`, numbered now if it is met for the first time.
        private mutating func number(_ component: Component) -> Int {
            let id = component.id
            if stepOfComponent == nil {
                if let known = found.firstIndex(where: { $0.id == id }) { return known }
                if found.count == ResolvePlan.scanLimit {
                    var table = IdentityTable<Int, Int>(capacity: ResolvePlan.scanLimit * 4)
                    for (index, component) in found.enumerated() { table.set(index, for: component.id) }
                    stepOfComponent = table
                }
            } else if let known = stepOfComponent?[id] {
                return known
            }
            let index = found.count
            found.append(component)
            stepOfComponent?.set(index, for: id)
            return index
        }

        /// The step of `component`: its slot, and its parameters settled where one component
        /// answers. Components reached only through wrappers and injections join the plan
        /// (so their own parameters are settled) without settling the request that reaches them.
        private mutating func settle(_ component: Component) -> Step {
            let slot: Int
            if component.storage == .graph {
                slot = slotCount
                slotCount += 1
            } else {
                slot = -1
            }
            if !component.makesSynchronously || component.needsMainActor { awaiting.append(steps.count) }
            let framework = component.config.origin.framework
            var parameters: [Int] = []
            var reasons: [Selection.Reason] = []
            var alsoReaches: [Int] = []
            for (position, dependency) in component.config.parameters.enumerated() {
                let qualifier =
                    dependency.qualifier == .none ? component.givenQualifier(at: position) : dependency.qualifier
                let key = DIKey(ObjectIdentifier(dependency.leaf), qualifier)
                let chosen = settled(key, framework)
                if dependency.isPlain, let (chosen, reason) = chosen {
                    if parameters.isEmpty {
                        parameters = Array(repeating: -1, count: component.config.parameters.count)
                    }
                    parameters[position] = number(chosen)
                    if reason.rule != nil {
                        if reasons.isEmpty { reasons = Array(repeating: .only, count: parameters.count) }
                        reasons[position] = reason
                    }
                } else if let (chosen, _) = chosen {
                    alsoReaches.append(number(chosen))
                }
            }
            for injection in component.config.injections {
                for dependency in injection.dependencies {
                    if let (chosen, _) = settled(
                        dependency.key,
                        framework
                    ) {
                        alsoReaches.append(number(chosen))
                    }
                }
            }
            return Step(
                component: component,
                slot: slot,
                parameters: parameters,
                reasons: reasons,
                alsoReaches: alsoReaches
            )
        }

        /// ``ResolvePlan/isSynchronous`` — no step that may await is reached from the root
        /// without passing a cached component — and, when it is, ``ResolvePlan/keptFirst``.
        func synchrony() -> (isSynchronous: Bool, keptFirst: [Component]) {
            var awaits = Array(repeating: false, count: steps.count)
            for step in awaiting { awaits[step] = true }
            var kept: [Int] = []
            let reached = reach(from: 0) { step in
                guard case .cell = steps[step].component.storage else { return true }
                kept.append(step)
                return false
            }
            if reached.contains(where: { awaits[$0] && !kept.contains($0) }) { return (false, []) }
            return (true, kept.map { steps[$0].component })
        }

        /// The steps reached from `start` (itself included), going on below a step only when
        /// `goesBelow` says so.
        private func reach(from start: Int, goesBelow: (Int) -> Bool) -> [Int] {
            var reached = Array(repeating: false, count: steps.count)
            var found: [Int] = []
            var next = [start]
            reached[start] = true
            while let step = next.popLast() {
                found.append(step)
                guard goesBelow(step) else { continue }
                for child in steps[step].parameters + steps[step].alsoReaches where child >= 0 && !reached[child] {
                    reached[child] = true
                    next.append(child)
                }
            }
            return found
        }

        /// The one component that answers `key`, and why; `nil` when none or several do
        /// (several: the resolve chooses, so the plan cannot say it awaits nothing).
        private mutating func settled(_ key: DIKey, _ framework: OriginUnit?) -> (Component, Selection.Reason)? {
            switch container.select(key, framework: framework) {
            case .one(let chosen, let reason): return (chosen, reason)
            case .ambiguous:
                if awaiting.last != steps.count { awaiting.append(steps.count) }
                return nil
            case .none: return nil
            }
        }
    }
}

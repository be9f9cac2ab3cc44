import DIRuntime

/// What a resolve's compiled steps (``TypedStep``) read and change for every instance they
/// make, kept where a step's own code reaches it without a call: the chain of components
/// being built, the private graph's numbered slots, and the flags that send a step to the
/// resolve (an observer, a graph a `Lazy` shares, a stack running low).
///
/// Owned by the resolve (`ResolveContext`), which keeps the flags in step with its own
/// state and reads the chain and the slots here too; only what is rare goes through the
/// resolve (``StepSource``).
@usableFromInline
package final class StepFrame {
    @usableFromInline
    package struct State {
        /// The components being made, outermost first: requesters, and how loops are seen.
        @usableFromInline
        package var building = UnretainedStack<Component>()
        /// The private graph's instances of the components the plan numbered, at their
        /// slots: a class instance a compiled step made as itself, anything else in a
        /// ``SlotBox`` (see ``StepFrame/keepsObject(_:)``). Objects, not `Any`: a step keeps
        /// and reads its class instance with a retain, where an `Any` is copied and
        /// destroyed through its type's metadata each time. A pooled context keeps the slots
        /// of its largest plan.
        @usableFromInline
        package var slots = ObjectSlots()
        /// Whether the resolve reports events.
        @usableFromInline
        package var isTraced = false
        /// Whether the resolve's graph is shared (a `Lazy` captured it, or the resolve
        /// joined one in progress): its instances are kept under the graph's lock.
        @usableFromInline
        package var sharesGraph = false
        /// How many components the resolves this one is nested in are making.
        @usableFromInline
        package var outerDepth = 0
        /// Whether the resolve left work for its end (`cycle:` injections, `postInit`s):
        /// user code that may ask the private graph for any instance made before it.
        @usableFromInline
        package var leavesWork = false
        /// Whether the resolve may hold a half-made instance (its `holdsHalfMade`): an
        /// `objectGraph` instance made from then on may hold it, and goes to the resolve.
        @usableFromInline
        package var mayHoldHalfMade = false

    }

    /// Owned by one resolve at a time (see ``ExclusiveState``).
    @usableFromInline
    package let state: ExclusiveState<State>

    package init() {
        state = ExclusiveState(State())
    }

    deinit {
        // The storage's one owner (see `ObjectSlots` and `UnretainedStack`).
        state.value.slots.deallocate()
        state.value.building.deallocate()
    }

    /// Starts the step of `component`, whose `objectGraph` instance has `slot` in the
    /// private graph (`-1`: none): ``StepSlot/build`` when the caller builds the instance
    /// (`component` is then on the chain until ``endStep(_:in:)`` or ``abandonStep()``);
    /// otherwise `slot`, when the resolve already made its instance there (for
    /// ``reusedInstance(at:as:keepsObject:of:in:)``), or ``StepSlot/shared`` (the resolve gets it:
    /// ``StepSource/instance(ofStep:_:)``).
    @inlinable @inline(__always)
    package func beginStep(_ component: Component, slot: Int, in source: any StepSource) throws(DIError) -> Int {
        if slot >= 0 {
            if state.value.sharesGraph { return StepSlot.shared }
            if slot < state.value.slots.capacity, state.value.slots.object(at: slot) != nil { return slot }
        }
        try push(component, in: source)
        return StepSlot.build
    }

    /// The instance the resolve already made for a step, at `slot` (as
    /// ``beginStep(_:slot:in:)`` answered), reported reused; `keepsObject`: the step's
    /// (see ``keepsObject(_:)``).
    @inlinable @inline(__always)
    package func reusedInstance<T>(
        at slot: Int,
        as type: T.Type,
        keepsObject: Bool,
        of component: Component,
        in source: any StepSource
    ) throws(DIError) -> T {
        if state.value.isTraced { source.reportReused(component) }
        guard let object = state.value.slots.object(at: slot) else {
            preconditionFailure("a reused slot that holds nothing")
        }
        // Not boxed: the step of this slot's component kept its instance, a `T`, as itself.
        if keepsObject, !SlotBox.isBox(object) { return classInstance(object, as: T.self) }
        return try cast(Self.value(of: object), to: T.self)
    }

    /// Whether a compiled step for a `T` keeps its instance in a slot as itself (`T` is a
    /// class) rather than in a ``SlotBox``. Asked once, when the step is compiled: the
    /// question is a dynamic cast of the type. A slot belongs to one component, whose
    /// steps are all compiled for its registered type: what one keeps unboxed, any other
    /// reads back as a `T` (``reusedInstance(at:as:keepsObject:of:in:)``).
    @usableFromInline
    package static func keepsObject<T>(_ type: T.Type) -> Bool {
        T.self is AnyObject.Type
    }

    /// The instance a slot's `object` keeps.
    @inlinable
    package static func value(of object: AnyObject) -> Any {
        if let box = object as? SlotBox { return box.value }
        return object
    }

    /// How many components are being made, this resolve's and those of the resolves it is
    /// nested in: the depth the stack check looks at.
    @inlinable @inline(__always)
    package var depth: Int {
        state.value.outerDepth + state.value.building.count
    }

    /// Whether the `objectGraph` instance the compiled root of a plan (its step 0) just made
    /// must be kept for the rest of the resolve: only when something can still ask for it
    /// — a build further out (here or in a resolve this one is nested in), a shared graph,
    /// an observer (its code runs inside the resolve and may resolve), or work left for
    /// the resolve's end. Otherwise the instance is the answer of a plain request and
    /// nobody else's, and keeping it would only retain it and release it again. (Any other
    /// build is always kept: a later one, or a factory resolving from inside, may ask.)
    @inlinable @inline(__always)
    package var keepsRootInstance: Bool {
        depth != 1 || state.value.isTraced || state.value.sharesGraph || state.value.leavesWork
    }

    /// Puts `component`, whose build is its factory alone, on the chain, after the stack
    /// check (from ``StackBounds/firstCheckedStep`` down, see `checkStackLeft`).
    @inlinable @inline(__always)
    package func push(_ component: Component, in source: any StepSource) throws(DIError) {
        if depth >= StackBounds.firstCheckedStep - 1 { try source.checkStackLeft() }
        state.value.building.append(component)
    }

    /// Ends the build ``beginStep(_:slot:in:)`` started: reports `component` made.
    @inlinable @inline(__always)
    package func endStep(_ component: Component, in source: any StepSource) {
        state.value.building.removeLast()
        if state.value.isTraced { source.reportMade(component) }
    }

    /// Ends the build ``beginStep(_:slot:in:)`` started, keeping the `objectGraph`
    /// instance at its `slot` in the private graph — or where the resolve keeps it: in the
    /// shared graph, if a `Lazy` among the factory's parameters captured the graph
    /// meanwhile, or by component, for one the plan gave no slot (`-1`).
    @inlinable @inline(__always)
    package func endStep(
        _ component: Component,
        keeping object: consuming AnyObject,
        inSlot slot: Int,
        in source: any StepSource
    ) {
        if state.value.sharesGraph || slot < 0 || state.value.mayHoldHalfMade {
            source.keepMadeInGraph(Self.value(of: object), of: component, slot: slot)
        } else {
            state.value.slots.keep(object, at: slot)
        }
        endStep(component, in: source)
    }

    /// Ends the build ``beginStep(_:slot:in:)`` started, which failed.
    @inlinable @inline(__always)
    package func abandonStep() {
        state.value.building.removeLast()
    }

    /// Forgets a finished resolve's chain and instances, keeping the storage's capacity.
    func clear() {
        state.value.isTraced = false
        state.value.sharesGraph = false
        state.value.outerDepth = 0
        state.value.leavesWork = false
        state.value.mayHoldHalfMade = false
        // A finished resolve leaves the chain empty; an undone one may not.
        if !state.value.building.isEmpty { state.value.building.removeAll() }
        if !state.value.slots.isEmpty { state.value.slots.removeAll() }
    }
}

@_spi(Tranquil) import DILazy

/// One place that keeps one cached instance, and makes sure it is made exactly once.
///
/// Every cached lifetime uses a slot: `perContainer`, `perFramework`, `perPart` and
/// `custom` components own one; `single`/`perApplication` components registered by the same
/// line share a process-wide one; an object graph holds one per `objectGraph` component.
///
/// Protocol: a resolver ``claim(by:)``s the slot. It gets the instance, or the right to make
/// it (a ``Ticket``), or a ``Flight`` to wait for. The maker builds outside the lock, then
/// ``commit(_:_:)``s or ``abandon(_:)``s. ``clear(into:)`` starts over: a making already under
/// way still hands its result to the threads waiting for it, but does not store it. A
/// resolver that wants the instance as a class reference claims with ``claimObject(by:)``
/// and commits with ``commit(_:object:)``.
///
/// Making is almost never contended, so it costs no allocation: a flight (with its gate) is
/// made only when a second party arrives and has to wait.
///
/// A struct around its locked state: copies are the same slot (``isSame(as:)``), and a
/// cached component costs one heap object for it, not two.
package struct Slot: Sendable {
    /// What waiters wait on: made by the first party that has to wait for a making (or
    /// when the maker publishes a provisional instance).
    package final class Flight: @unchecked Sendable {
        // @unchecked Sendable: `provisional` and `result` are guarded by the owning slot's lock.
        package let gate: Gate
        /// The instance after its initializer returned, before its injections finished.
        /// Only the maker may use it (to close property-injection cycles).
        @exclusivity(unchecked) var provisional: Any?
        /// The finished instance, for the threads that waited.
        @exclusivity(unchecked) var result: Any?

        init(maker: MakerID) {
            gate = Gate(maker: maker)
        }
    }

    /// The right to make the instance, handed out by ``claim(by:)``: the maker passes it back
    /// to ``commit(_:_:)``, ``abandon(_:)`` or ``setProvisional(_:_:)``.
    package struct Ticket: Sendable {
        let number: UInt64
    }

    /// What a resolver must do after claiming the slot.
    package enum Claim {
        case ready(Any)
        case make(Ticket)
        case wait(Flight)
        case reentered
    }

    /// What ``claimObject(by:)`` hands a resolver of a component that keeps objects.
    package enum ObjectClaim {
        /// The instance, retained for the caller.
        case ready(Unmanaged<AnyObject>)
        /// The right to make it, to be passed back to ``commit(_:object:)`` or ``abandon(_:)``.
        case make(Ticket)
        /// Anything else (a making under way, an instance not kept as an object): the caller
        /// takes the general path, which claims again with ``claim(by:)``.
        case other
    }

    /// An instance being made.
    ///
    /// No `Any?` in here: copying or destroying one goes through the runtime's generic
    /// optional witnesses, which would cost more than the rest of an uncontended making.
    private struct Making {
        let ticket: UInt64
        /// Who makes it: re-entry by the maker is told apart from contention by this.
        let maker: MakerID
        /// Made when the first waiter arrives (or a provisional instance is published).
        var flight: Flight?

        /// The flight, made now if there is none yet.
        mutating func ensureFlight() -> Flight {
            if let flight { return flight }
            let flight = Flight(maker: maker)
            self.flight = flight
            return flight
        }
    }

    /// The slot's state. The instance is kept as a plain `Any` with a flag, not as an
    /// `Any?`: every copy or destroy of an `Any?` goes through the runtime's generic
    /// optional witnesses, which cost as much as the rest of a claim.
    private struct State {
        /// The instance, kept alive, while `isStrong` and `object` is `nil`.
        var strong: Any = ()
        var isStrong = false
        /// The instance as a class reference, kept alive, while `isStrong` and its maker said
        /// it is an object (then `strong` is not set: storing an `Any` is an existential
        /// assignment, which compares types through the runtime first). Read as it is by
        /// resolves that want a class type, with no `Any` to unpack.
        var object: AnyObject?
        /// The instance, not kept alive (a `.weak` lifetime's class instance); looked at only
        /// while `isWeak`.
        weak var weak: AnyObject?
        var isWeak = false
        /// The making under way, if any.
        var making: Making?
        /// Makings a `clear(into:)` cut loose while others waited for them: they still wake
        /// their waiters, but store nothing.
        var retired: [Making] = []
        var lastTicket: UInt64 = 0

        /// Whether an instance is stored (and, if weak, still alive).
        var hasValue: Bool {
            isStrong || (isWeak && weak != nil)
        }

        /// The strong instance. Only while `isStrong`.
        var strongInstance: Any {
            if let object { return Slot.boxed(object) }
            return strong
        }

        /// Stores `value`, weakly if `weakly` and it is a class instance. `object` is the same
        /// instance as a class reference, when the caller knows it is one.
        mutating func store(_ value: Any, weakly: Bool, object: AnyObject? = nil) {
            if weakly, type(of: value) is AnyClass {
                weak = value as AnyObject
                isWeak = true
                var dropped: Any = ()
                var droppedObject: AnyObject?
                dropStrong(into: &dropped, &droppedObject)
            } else {
                if let object {
                    store(object)
                } else {
                    strong = value
                    keepStrongly()
                }
            }
        }

        /// Keeps `object`, the instance as a class reference, alive.
        mutating func store(_ object: AnyObject) {
            self.object = object
            keepStrongly()
        }

        /// Marks the instance stored as kept alive.
        private mutating func keepStrongly() {
            isStrong = true
            // Only a weak slot ever set `weak` (clearing it is a runtime call).
            if isWeak {
                isWeak = false
                weak = nil
            }
        }

        /// Forgets the strong instance, moving it into `dropped` or `droppedObject` (the
        /// caller lets go of it once the lock is released). Swaps: assigning an `Any`
        /// compares the two types through the runtime first.
        mutating func dropStrong(into dropped: inout Any, _ droppedObject: inout AnyObject?) {
            guard isStrong else { return }
            if object != nil {
                swap(&droppedObject, &object)
            } else {
                swap(&dropped, &strong)
            }
            isStrong = false
        }

        /// Ends the making of `ticket` (current or retired), handing back its flight, if any.
        ///
        /// - Returns: Whether it was the current making (`nil` for the flight when nobody waited).
        @inline(__always)
        mutating func endMaking(_ ticket: Ticket) -> (current: Bool, flight: Flight?) {
            guard making?.ticket == ticket.number else { return (false, endRetiredMaking(ticket)) }
            // Moved out, not copied: the making is over.
            let flight = making.take()?.flight
            return (true, flight)
        }

        /// Ends a making a `clear(into:)` cut loose, handing back its flight.
        private mutating func endRetiredMaking(_ ticket: Ticket) -> Flight? {
            guard let index = retired.firstIndex(where: { $0.ticket == ticket.number }) else { return nil }
            return retired.remove(at: index).flight
        }
    }

    /// Whether the slot keeps its instance alive.
    package let kind: DIReferenceKind
    private let state = Locked(State())

    package init(kind: DIReferenceKind) {
        self.kind = kind
    }

    /// Whether `other` is this slot (a copy of it), not merely one like it.
    package func isSame(as other: Slot) -> Bool {
        state.isSame(as: other.state)
    }

    /// What ``instance()`` returns when the slot has no instance: a value no component makes.
    private enum Absent { case absent }

    /// The stored instance, if there is one and it is still alive; otherwise a placeholder
    /// that ``isAbsent(_:)`` recognizes.
    ///
    /// Not an `Any?`, for the reason ``State`` keeps none; and returned rather than copied
    /// into a caller's `Any`, which would be an existential assignment (the runtime compares
    /// the two types first), several times the cost of the copy itself.
    @inline(__always)
    package func instance() -> Any {
        state.withLock { state -> Any in
            if state.isStrong { return state.strongInstance }
            if state.isWeak, let object = state.weak { return object }
            return Absent.absent
        }
    }

    /// Whether `value` is the placeholder ``instance()`` returns for no instance.
    @inline(__always)
    package static func isAbsent(_ value: Any) -> Bool {
        // `value` is opened: its type arrives as `X`, read from the box with no runtime call.
        isAbsentOpened(value)
    }

    @inline(__always)
    private static func isAbsentOpened<X>(_ value: X) -> Bool {
        X.self == Absent.self
    }

    /// The stored instance as a class reference, retained once for the caller (who takes
    /// over that reference), if there is one and its maker said it is an object (see
    /// ``commit(_:_:object:)``); `nil` otherwise, even if there is an instance.
    @inline(__always)
    package func retainedObject() -> Unmanaged<AnyObject>? {
        state.withLock { state in
            guard state.isStrong, let object = state.object else { return nil }
            return Unmanaged.passRetained(object)
        }
    }

    /// `object` as an `Any` of its own class (what a factory of that class returns).
    static func boxed(_ object: AnyObject) -> Any {
        // `object` is opened: its class arrives as `X`.
        boxedOpened(object)
    }

    private static func boxedOpened<X: AnyObject>(_ object: X) -> Any {
        object
    }

    /// `value` as a class reference. Only for a value whose type is a class.
    package static func object(of value: Any) -> AnyObject {
        // `value` is opened: its type arrives as `X`, which is the class itself.
        objectOpened(value)
    }

    private static func objectOpened<X>(_ value: X) -> AnyObject {
        unsafeBitCast(value, to: AnyObject.self)
    }

    /// Takes the instance, or the right to make it, or a flight to wait for.
    ///
    /// - Parameter maker: The calling party (``MakerID/current``, which a resolve looks up once).
    package func claim(by maker: MakerID) -> Claim {
        state.withLock { state in
            if state.isStrong { return .ready(state.strongInstance) }
            if state.isWeak, let object = state.weak { return .ready(object) }
            guard var making = state.making else {
                state.lastTicket &+= 1
                state.making = Making(ticket: state.lastTicket, maker: maker)
                return .make(Ticket(number: state.lastTicket))
            }
            if making.maker == maker {
                if let provisional = making.flight?.provisional { return .ready(provisional) }
                return .reentered
            }
            let flight = making.ensureFlight()
            state.making = making
            return .wait(flight)
        }
    }

    /// ``claim(by:)`` for a component that keeps objects (see ``commit(_:object:)``), whose
    /// caller wants the instance as a class reference: the stored object, or the right to
    /// make it when the slot is empty and nobody makes it.
    package func claimObject(by maker: MakerID) -> ObjectClaim {
        state.withLock { state in
            if state.isStrong, let object = state.object { return .ready(Unmanaged.passRetained(object)) }
            guard !state.hasValue, state.making == nil else { return .other }
            state.lastTicket &+= 1
            state.making = Making(ticket: state.lastTicket, maker: maker)
            return .make(Ticket(number: state.lastTicket))
        }
    }

    /// Stores an instance directly (an object graph adopting what it made privately).
    package func store(_ value: Any) {
        state.withLock { state in
            state.store(value, weakly: false)
        }
    }

    /// Publishes the instance to the maker's own thread while its injections run.
    package func setProvisional(_ ticket: Ticket, _ value: Any) {
        state.withLock { state in
            guard state.making?.ticket == ticket.number else { return }
            state.making?.ensureFlight().provisional = value
        }
    }

    /// Stores the finished instance (if the slot was not cleaned meanwhile) and wakes waiters.
    ///
    /// - Parameter object: `value` as a class reference (``object(of:)``), when the maker
    ///   knows its type is a class: ``retainedObject()`` then answers with it, and the
    ///   instance is kept as that reference alone.
    package func commit(_ ticket: Ticket, _ value: Any, object: AnyObject? = nil) {
        let kind = kind
        let flight = state.withLock { state -> Flight? in
            let (current, flight) = state.endMaking(ticket)
            flight?.provisional = nil
            flight?.result = value
            if current { state.store(value, weakly: kind == .weak, object: object) }
            return flight
        }
        flight?.gate.open()
    }

    /// ``commit(_:_:object:)`` for an instance its maker has only as a class reference (a
    /// strong slot's): waiters, if any, get it as an `Any` of its own class.
    ///
    /// - Parameter object: The instance, kept alive by the caller for the call (the slot
    ///   takes a reference of its own).
    package func commit(_ ticket: Ticket, object: Unmanaged<AnyObject>) {
        let flight = state.withLock { state -> Flight? in
            let (current, flight) = state.endMaking(ticket)
            if let flight {
                flight.provisional = nil
                flight.result = Slot.boxed(object.takeUnretainedValue())
            }
            if current { state.store(object.takeUnretainedValue()) }
            return flight
        }
        flight?.gate.open()
    }

    /// Gives up a making that failed: nothing is stored, waiters retry.
    package func abandon(_ ticket: Ticket) {
        let flight = state.withLock { state in state.endMaking(ticket).flight }
        flight?.gate.open()
    }

    /// The finished instance of a flight a waiter waited for, or `nil` if it failed.
    package func result(of flight: Flight) -> Any? {
        state.withLock { _ in flight.result }
    }

    /// Instances taken out of slots by ``clear(into:)``, for the caller to let go of with
    /// ``letGo()`` once it holds no lock: a deinit is user code.
    ///
    /// The objects are kept in a buffer of their own, moved in and released together: no
    /// copy, no reference counting and no uniqueness check per instance.
    package final class Dropped {
        private var objects: UnsafeMutablePointer<AnyObject>
        private var capacity: Int
        private var count = 0
        /// Instances that are not objects (value types, or kept as an `Any`).
        private var values: [Any] = []

        /// Room for `capacity` objects at first (most slots a clean empties hold one).
        package init(capacity: Int) {
            self.capacity = Swift.max(capacity, 1)
            objects = .allocate(capacity: self.capacity)
        }

        deinit {
            letGo()
            objects.deallocate()
        }

        /// Takes over `object`.
        fileprivate func append(_ object: consuming AnyObject) {
            if count == capacity {
                let larger = UnsafeMutablePointer<AnyObject>.allocate(capacity: capacity * 2)
                larger.moveInitialize(from: objects, count: count)
                objects.deallocate()
                objects = larger
                capacity *= 2
            }
            (objects + count).initialize(to: object)
            count += 1
        }

        /// Takes over `value`.
        fileprivate func append(value: consuming Any) {
            values.append(value)
        }

        /// Lets go of every instance taken so far. Call with no lock held.
        package func letGo() {
            objects.deinitialize(count: count)
            count = 0
            values.removeAll()
        }
    }

    /// Drops the instance and starts over.
    ///
    /// The caller then bumps ``ResolvedCache/epoch`` (once for all the slots it clears):
    /// bumped after the drop, a typed fast-path answer found before it can no longer be
    /// stored, and one found after it cannot see the dropped instance.
    ///
    /// The instance is moved into `dropped`, not released: the caller may hold a lock (it
    /// may clear many slots under its registry's lock, with no copy of each slot), and lets
    /// go of it with ``Dropped/letGo()`` once it holds none.
    ///
    /// - Returns: Whether an instance was dropped.
    @discardableResult
    package func clear(into dropped: Dropped) -> Bool {
        state.withLock { state -> Bool in
            let had = state.hasValue
            if state.isStrong {
                if let object = state.object.take() {
                    dropped.append(object)
                } else {
                    // Swapped out: assigning an `Any` compares the two types through the runtime.
                    var value: Any = ()
                    swap(&value, &state.strong)
                    dropped.append(value: value)
                }
                state.isStrong = false
            }
            // Only a weak slot ever sets `weak` (clearing it is a runtime call).
            if state.isWeak {
                state.weak = nil
                state.isWeak = false
            }
            // A making under way stores nothing now; if others wait for it, it still wakes them.
            if let making = state.making, making.flight != nil { state.retired.append(making) }
            state.making = nil
            return had
        }
    }

    /// Keeps a class instance only weakly from now on; values stay.
    ///
    /// An object graph calls this when its resolve returns, so a `Lazy` that still points
    /// at the graph does not keep the graph's objects alive by itself.
    package func weaken() {
        var kept: Any = ()
        state.withLock { state in
            guard state.isStrong else { return }
            kept = state.strongInstance
            state.store(kept, weakly: true)
        }
        // The last strong reference may go here, outside the lock: a deinit is user code.
        withExtendedLifetime(kept) {}
    }
}

/// One place that keeps one cached instance, and makes sure it is made exactly once.
///
/// Protocol: a resolver ``claim(by:resolve:)``s the cell. It gets the instance, or the right to make
/// it (a ``Ticket``), or a ``Flight`` to wait for, or learns that it is re-entering its own
/// making. The maker builds outside the lock, then ``commit(_:_:)``s or ``abandon(_:)``s.
/// ``clear(stamp:)`` starts over: a making already under way still hands its result to the
/// parties waiting for it, and to its maker re-entering it, but does not store it; both are
/// told it was cut loose (``Claim/cutLoose(_:)``, ``Handed/isCutLoose``), so that what they
/// make holding it is not stored either.
///
/// Every field is read and written under the cell's lock; values leave the lock as copies
/// (retained), and what the cell lets go of is handed back to the caller to release after
/// the lock, because a deinit is user code.
///
/// Copies share one cell: its state and lock are one object (a ``Locked``), and the cell
/// itself is that reference and a flag — one allocation per cached component, where an
/// object of its own around the lock was a second.
package struct InstanceCell: Sendable {
    /// What waiters wait on: made by the first party that has to wait for a making (or
    /// when the maker publishes a provisional instance).
    package final class Flight: @unchecked Sendable {
        // @unchecked Sendable: `provisional` and `result` are only touched under the owning
        // cell's lock.
        package let gate: Gate
        /// Who makes the instance.
        package let holder: MakingHolder
        /// The instance after its initializer returned, before its injections finished.
        /// Only the maker sees it (to close property-injection cycles).
        fileprivate var provisional: Any?
        /// The finished instance, for the parties that waited.
        fileprivate var result: Any?
        /// Whether a ``clear(stamp:)`` cut the making loose: its instance is no generation's.
        fileprivate var isCutLoose = false

        fileprivate init(holder: MakingHolder) {
            self.holder = holder
            gate = Gate(maker: holder.maker)
        }
    }

    /// The right to make the instance, handed out by ``claim(by:resolve:)``.
    package struct Ticket: Sendable, Equatable {
        fileprivate let number: UInt64
        /// The stamp the cell's last ``clear(stamp:)`` was given (0: never cleared), for the
        /// maker to compare with what its making is based on.
        package let clearStamp: Int
    }

    /// What a resolver must do after claiming the cell.
    package enum Claim {
        /// The instance.
        case ready(Any)
        /// Make it, then commit or abandon the ticket.
        case make(Ticket)
        /// Another party makes it: wait for the flight's gate, then read ``result(of:)``.
        case wait(Flight)
        /// The caller is making it already (an initializer cycle).
        case reentered
        /// The instance of the caller's own making, which a ``clear(stamp:)`` cut loose: the caller
        /// re-entered it (a `cycle:` injection closing on it) after its initializer returned.
        /// It is the caller's, no generation's: what the caller makes holding it must not be
        /// kept either.
        case cutLoose(Any)
    }

    /// A finished or provisional instance handed to a party that waited for its making.
    package struct Handed {
        package let value: Any
        /// Whether a ``clear(stamp:)`` cut its making loose (see ``Claim/cutLoose(_:)``).
        package let isCutLoose: Bool
    }

    private struct Making {
        let ticket: UInt64
        let holder: MakingHolder
        var flight: Flight?

        mutating func ensureFlight() -> Flight {
            if let flight { return flight }
            let flight = Flight(holder: holder)
            self.flight = flight
            return flight
        }
    }

    private struct State {
        /// The instance, kept alive.
        var strong: Any?
        /// ``strong`` when it is a class instance, as its reference: read back (``object``)
        /// with one retain, where a copy of an `Any` goes through the value witnesses of
        /// `Optional`, of the existential and of its type.
        var strongObject: AnyObject?
        /// The instance, not kept alive (a `.weak` lifetime's class instance).
        weak var weak: AnyObject?
        var making: Making?
        /// Makings a ``clear(stamp:)`` cut loose: they still wake their waiters and answer their
        /// maker's re-entry, but store nothing.
        var retired: [Making] = []
        var lastTicket: UInt64 = 0
        /// What the last ``clear(stamp:)`` was given.
        var clearStamp = 0

        var instance: Any? {
            if let strong { return strong }
            return weak
        }

        var object: AnyObject? {
            if let strongObject { return strongObject }
            return weak
        }

        /// Ends the making of `ticket` (current or retired), handing back its flight.
        mutating func endMaking(_ ticket: Ticket) -> (current: Bool, flight: Flight?) {
            if making?.ticket == ticket.number {
                let flight = making?.flight
                making = nil
                return (true, flight)
            }
            guard let index = retired.firstIndex(where: { $0.ticket == ticket.number }) else { return (false, nil) }
            return (false, retired.remove(at: index).flight)
        }

        /// Stores `value`: weakly if `weakly` and it is a class instance. Returns what it replaced.
        mutating func store(_ value: Any, weakly: Bool) -> Any? {
            let replaced = strong
            let object = objectInside(value)
            if weakly, let object {
                weak = object
                strong = nil
                strongObject = nil
            } else {
                strong = value
                strongObject = object
                weak = nil
            }
            return replaced
        }
    }

    /// Whether the cell keeps its instance alive (`false`: a `.weak` lifetime).
    package let keepsAlive: Bool
    private let state = Locked(State())

    package init(keepsAlive: Bool) {
        self.keepsAlive = keepsAlive
    }

    /// Whether `other` is this cell: a copy of it shares its state.
    package func isSameCell(as other: InstanceCell) -> Bool {
        state.storage === other.state.storage
    }

    /// The cell's identity: the same for every copy of it.
    package var identity: ObjectIdentifier {
        ObjectIdentifier(state.storage)
    }

    #if TRANQUIL_INTERNAL_CHECKS
    /// Stops the process if the cell is inconsistent: an instance held both strongly and
    /// weakly, a weak instance in a cell that keeps its instance alive, a making or retired
    /// making with a ticket never handed out, or one ticket twice.
    package func checkInvariants() {
        state.withLock { state in
            precondition(state.strong == nil || state.weak == nil, "InstanceCell: an instance held twice")
            precondition(
                state.strongObject.map { object in state.strong.map { ($0 as AnyObject) === object } ?? false } ?? true,
                "InstanceCell: an object that is not the instance"
            )
            precondition(!keepsAlive || state.weak == nil, "InstanceCell: a weak instance in a strong cell")
            let tickets = state.retired.map(\.ticket) + (state.making.map { [$0.ticket] } ?? [])
            precondition(tickets.allSatisfy { $0 <= state.lastTicket }, "InstanceCell: a ticket never handed out")
            precondition(Set(tickets).count == tickets.count, "InstanceCell: one ticket twice")
        }
    }
    #endif

    /// Takes the instance, or the right to make it, or a flight to wait for.
    ///
    /// - Parameters:
    ///   - maker: The calling party (``MakerID/current``).
    ///   - resolve: Its resolve's number (see ``MakingHolder/resolve``), asked for only when
    ///     the caller is to make the instance.
    package func claim(by maker: MakerID, resolve: () -> UInt64) -> Claim {
        state.withLock { state in
            // A making a clear() cut loose is still its maker's: re-entering it (a `cycle:`
            // injection closing on it) gets that instance, not the next generation's.
            if !state.retired.isEmpty, let own = state.retired.last(where: { $0.holder.maker == maker }) {
                if let provisional = own.flight?.provisional { return .cutLoose(provisional) }
                return .reentered
            }
            if let instance = state.instance { return .ready(instance) }
            guard var making = state.making else {
                state.lastTicket &+= 1
                let holder = MakingHolder(maker: maker, resolve: resolve())
                state.making = Making(ticket: state.lastTicket, holder: holder)
                return .make(Ticket(number: state.lastTicket, clearStamp: state.clearStamp))
            }
            if making.holder.maker == maker { return Self.reentering(making) }
            let flight = making.ensureFlight()
            state.making = making
            return .wait(flight)
        }
    }

    /// What a maker re-entering its own making gets: the instance, once its initializer
    /// returned; before that, an initializer cycle.
    private static func reentering(_ making: Making) -> Claim {
        if let provisional = making.flight?.provisional { return .ready(provisional) }
        return .reentered
    }

    /// Publishes the instance to its maker while its injections run, and to a waiter that
    /// is let through to break a loop of waits (an injection cycle raced across threads).
    package func setProvisional(_ ticket: Ticket, _ value: Any) {
        let flight = state.withLock { state -> Flight? in
            if state.making?.ticket == ticket.number {
                let flight = state.making?.ensureFlight()
                flight?.provisional = value
                return flight
            }
            guard let index = state.retired.firstIndex(where: { $0.ticket == ticket.number }) else { return nil }
            let flight = state.retired[index].ensureFlight()
            flight.provisional = value
            flight.isCutLoose = true
            return flight
        }
        flight?.gate.allowPassing()
    }

    /// Stores the finished instance (if the cell was not cleared meanwhile) and wakes waiters.
    ///
    /// - Parameter keeping: `false` when the instance must be no generation's (its maker
    ///   met one a ``clear(stamp:)`` cut loose, which it may hold, or made it from older
    ///   choices): nothing is stored. The waiters of a making the clear cut loose get it, cut
    ///   loose (they asked before the clear); those of a current making claim again, as after
    ///   ``abandon(_:)``, and make the instance of the cell's generation.
    /// - Returns: `false` when a clear cut the making loose: the instance is no generation's,
    ///   and neither is what its maker goes on to make with it.
    @discardableResult
    package func commit(_ ticket: Ticket, _ value: Any, keeping: Bool = true) -> Bool {
        let weakly = !keepsAlive
        let (flight, replaced, current) = state.withLock { state -> (Flight?, Any?, Bool) in
            let (current, flight) = state.endMaking(ticket)
            flight?.provisional = nil
            if keeping || !current { flight?.result = value }
            let kept = current && keeping
            if !kept { flight?.isCutLoose = true }
            return (flight, kept ? state.store(value, weakly: weakly) : nil, current)
        }
        withExtendedLifetime(replaced) {}
        flight?.gate.open()
        return current
    }

    /// Whether a clear cut the making of `ticket` loose (its ``commit(_:_:keeping:)`` would
    /// return `false`), as far as can be told now.
    package func isCutLoose(_ ticket: Ticket) -> Bool {
        state.withLock { $0.making?.ticket != ticket.number }
    }

    /// Gives up a making that failed: nothing is stored, waiters claim again.
    package func abandon(_ ticket: Ticket) {
        let flight = state.withLock { state -> Flight? in
            let flight = state.endMaking(ticket).flight
            flight?.provisional = nil
            return flight
        }
        flight?.gate.open()
    }

    /// The finished instance of a flight a waiter waited for, or `nil` if its making failed.
    package func result(of flight: Flight) -> Handed? {
        state.withLock { _ in flight.result.map { Handed(value: $0, isCutLoose: flight.isCutLoose) } }
    }

    /// What a waiter let through a flight's gate (``Gate/Outcome/passed``) goes on with: the
    /// instance its maker made and is still injecting, or the finished one if it finished
    /// meanwhile; `nil` if the making failed.
    package func passedValue(of flight: Flight) -> Handed? {
        state.withLock { _ in
            (flight.result ?? flight.provisional).map { Handed(value: $0, isCutLoose: flight.isCutLoose) }
        }
    }

    /// Stores an instance made outside the claim protocol (an object graph adopting what
    /// its resolve made privately).
    package func store(_ value: Any) {
        let replaced = state.withLock { $0.store(value, weakly: false) }
        withExtendedLifetime(replaced) {}
    }

    /// The instance the cell keeps now, made and finished (a weak one only while it lives),
    /// when it is a class instance; `nil` when it is not, when there is none yet, or when it
    /// is being made: then ``claim(by:resolve:)`` says what to do.
    package var object: AnyObject? {
        state.withLock { $0.object }
    }

    /// Whether the cell keeps an instance now (a weak one only while it lives).
    package var hasInstance: Bool {
        state.withLock { $0.instance != nil }
    }

    /// Drops the instance and starts over.
    ///
    /// - Parameter stamp: What the tickets of the makings claimed from now on carry
    ///   (``Ticket/clearStamp``): the caller's measure of what a making must be based on to
    ///   be kept.
    /// - Returns: The dropped instance (`nil` if there was none), for the caller to let go
    ///   of once it holds no lock, and whether there was an instance at all.
    package func clear(stamp: Int) -> (dropped: Any?, hadInstance: Bool) {
        state.withLock { state in
            state.clearStamp = stamp
            let had = state.instance != nil
            let dropped = state.strong
            state.strong = nil
            state.strongObject = nil
            state.weak = nil
            if let making = state.making {
                making.flight?.isCutLoose = true
                state.retired.append(making)
            }
            state.making = nil
            return (dropped, had)
        }
    }

    /// Keeps a class instance only weakly from now on; values stay.
    ///
    /// - Returns: What the cell held strongly, for the caller to let go of once it holds
    ///   no lock: the last strong reference may go with it, and a deinit is user code.
    package func weaken() -> Any? {
        state.withLock { state -> Any? in
            guard let strong = state.strong else { return nil }
            _ = state.store(strong, weakly: true)
            return strong
        }
    }
}

@_spi(Tranquil) import DILazy

/// One place that keeps one cached instance, and makes sure it is made exactly once.
///
/// Every cached lifetime uses a slot: `perContainer`, `perFramework`, `perPart` and
/// `custom` components own one; `single`/`perApplication` components registered by the same
/// line share a process-wide one; an object graph holds one per `objectGraph` component.
///
/// Protocol: a resolver ``claim()``s the slot. It gets the instance, or the right to make
/// it (a ``Flight`` whose gate it holds closed), or a flight to wait for. The maker builds
/// outside the lock, then ``commit(_:_:)``s or ``abandon(_:)``s. ``clear()`` starts a new
/// generation: a flight of the old one still hands its result to its own waiters but
/// does not store it.
package final class Slot: Sendable {
    /// An instance being made: its gate, and what waiters need once it opens.
    package final class Flight: @unchecked Sendable {
        // @unchecked Sendable: `provisional` and `result` are guarded by the owning slot's lock.
        package let gate = Gate()
        let generation: UInt64
        /// The instance after its initializer returned, before its injections finished.
        /// Only the making thread may use it (to close property-injection cycles).
        @exclusivity(unchecked) var provisional: Any?
        /// The finished instance, for the threads that waited.
        @exclusivity(unchecked) var result: Any?

        init(generation: UInt64) {
            self.generation = generation
        }
    }

    /// What a resolver must do after claiming the slot.
    package enum Claim {
        case ready(Any)
        case make(Flight)
        case wait(Flight)
        case reentered
    }

    private struct State {
        var generation: UInt64 = 0
        /// The instance, kept alive.
        var strong: Any?
        /// The instance, not kept alive (a `.weak` lifetime's class instance).
        weak var weak: AnyObject?
        var flight: Flight?

        /// The stored instance, if there is one and it is still alive.
        var value: Any? {
            if let strong { return strong }
            // A weak load only when there is no strong instance (`??` would build a closure).
            return weak
        }

        /// Stores `value`, weakly if `weakly` and it is a class instance.
        mutating func store(_ value: Any, weakly: Bool) {
            if weakly, type(of: value) is AnyClass {
                weak = value as AnyObject
                strong = nil
            } else {
                strong = value
                weak = nil
            }
        }

        mutating func drop() {
            strong = nil
            weak = nil
        }
    }

    /// Whether the slot keeps its instance alive.
    package let kind: DIReferenceKind
    private let state = Locked(State())

    package init(kind: DIReferenceKind) {
        self.kind = kind
    }

    /// The stored instance, if there is one and it is still alive.
    @inline(__always)
    package var instance: Any? {
        state.withLock { $0.value }
    }

    /// Takes the instance, or the right to make it, or a flight to wait for.
    package func claim() -> Claim {
        state.withLock { state in
            if let value = state.value { return .ready(value) }
            if let flight = state.flight {
                if flight.gate.maker == .current {
                    if let provisional = flight.provisional { return .ready(provisional) }
                    return .reentered
                }
                return .wait(flight)
            }
            let flight = Flight(generation: state.generation)
            state.flight = flight
            return .make(flight)
        }
    }

    /// Stores an instance directly (an object graph adopting what it made privately).
    package func store(_ value: Any) {
        state.withLock { state in
            state.store(value, weakly: false)
        }
    }

    /// Publishes the instance to the maker's own thread while its injections run.
    package func setProvisional(_ flight: Flight, _ value: Any) {
        state.withLock { _ in flight.provisional = value }
    }

    /// Stores the finished instance (if the slot was not cleaned meanwhile) and wakes waiters.
    package func commit(_ flight: Flight, _ value: Any) {
        let kind = kind
        state.withLock { state in
            flight.result = value
            flight.provisional = nil
            guard state.flight === flight else { return }
            state.flight = nil
            if state.generation == flight.generation {
                state.store(value, weakly: kind == .weak)
            }
        }
        flight.gate.open()
    }

    /// Gives up a flight that failed: nothing is stored, waiters retry.
    package func abandon(_ flight: Flight) {
        state.withLock { state in
            flight.provisional = nil
            if state.flight === flight { state.flight = nil }
        }
        flight.gate.open()
    }

    /// The finished instance of a flight a waiter waited for, or `nil` if it failed.
    package func result(of flight: Flight) -> Any? {
        state.withLock { _ in flight.result }
    }

    /// Drops the instance and starts a new generation.
    ///
    /// - Returns: Whether an instance was dropped.
    @discardableResult
    package func clear() -> Bool {
        // Any container's typed fast-path answers found before this are stale now.
        ResolvedCache.epoch.add(1)
        var dropped: Any?
        let had = state.withLock { state -> Bool in
            let had = state.value != nil
            state.generation &+= 1
            swap(&dropped, &state.strong)
            state.drop()
            state.flight = nil
            return had
        }
        // Let go of the instance outside the lock: its deinit is user code.
        dropped = nil
        return had
    }

    /// Keeps a class instance only weakly from now on; values stay.
    ///
    /// An object graph calls this when its resolve returns, so a `Lazy` that still points
    /// at the graph does not keep the graph's objects alive by itself.
    package func weaken() {
        var kept: Any?
        state.withLock { state in
            guard let value = state.strong else { return }
            state.store(value, weakly: true)
            kept = value
        }
        // The last strong reference may go here, outside the lock: a deinit is user code.
        withExtendedLifetime(kept) {}
    }
}

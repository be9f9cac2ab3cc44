/// Which party waits on which gate: the edges of the process-wide wait-for graph.
///
/// Of two parties that would wait on each other, the second to arrive sees the loop.
package final class WaitGraph: Sendable {
    package static let shared = WaitGraph()

    private let waiting = Locked<[MakerID: Gate]>([:])

    /// What a party about to wait should do.
    enum Start {
        /// Wait: the wait is recorded.
        case wait
        /// Do not wait: go on with the maker's unfinished value (it closed a loop, and the
        /// gate lets waiters through).
        case pass
        /// Do not wait: the wait closes a loop nobody can be let out of.
        case deadlocked
    }

    /// Records that `me` waits on `gate`, unless that closes a loop of waits.
    ///
    /// A loop is broken where a gate lets waiters through (``Gate/allowPassing()``): at the
    /// caller's own wait if it can (``Start/pass``), else by letting another waiter of the
    /// loop through, after which the caller waits. Only a loop with no such gate — an
    /// initializer cycle split across threads — is ``Start/deadlocked``.
    ///
    /// Lock order: this graph's lock, then a gate's stripe.
    func startWaiting(_ me: MakerID, on gate: Gate) -> Start {
        waiting.withLock { waiting in
            var link = gate
            var hops = 0
            // The waits that lead from the caller to the maker of `link`.
            var loop: [(waiter: MakerID, gate: Gate)] = [(me, gate)]
            // An open gate ends the chain: its maker is done with it, so what that party
            // waits for now (or a new thread reusing its ID) cannot block this wait.
            while hops <= waiting.count, !link.isOpenNow {
                if link.maker == me { return Self.breakLoop(loop, me, &waiting) }
                guard let next = waiting[link.maker] else { break }
                loop.append((link.maker, next))
                link = next
                hops += 1
            }
            waiting[me] = gate
            return .wait
        }
    }

    /// Breaks the loop of waits `loop` (the caller's first) at a gate that lets waiters through.
    private static func breakLoop(
        _ loop: [(waiter: MakerID, gate: Gate)],
        _ me: MakerID,
        _ waiting: inout [MakerID: Gate]
    ) -> Start {
        guard let breakable = loop.firstIndex(where: { $0.gate.letsWaitersPass }) else { return .deadlocked }
        if breakable == 0 { return .pass }
        let (waiter, gate) = loop[breakable]
        waiting[waiter] = nil
        gate.pass(waiter)
        waiting[me] = loop[0].gate
        return .wait
    }

    func stopWaiting(_ me: MakerID) {
        // The gate is released outside the lock (it could be the last reference).
        let gate = waiting.withLock { $0.removeValue(forKey: me) }
        withExtendedLifetime(gate) {}
    }
}

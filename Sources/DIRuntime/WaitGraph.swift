/// Which party waits on which gate: the edges of the process-wide wait-for graph.
///
/// Of two parties that would wait on each other, the second to arrive sees the loop.
package final class WaitGraph: Sendable {
    package static let shared = WaitGraph()

    private let waiting = Locked<[MakerID: Wait]>([:])

    /// A party's wait: the gate, whether the party must not block for an async resolve, and
    /// whether it waits for the making's outcome (``Gate/waitForOutcome(as:mustNotBlockForAsync:)``):
    /// such a waiter is never let through.
    private struct Wait {
        let gate: Gate
        let mustNotBlockForAsync: Bool
        var forOutcome = false
    }

    /// What a party about to wait should do.
    enum Start {
        /// Wait: the wait is recorded.
        case wait
        /// Do not wait: go on with the maker's unfinished value (it closed a loop, and the
        /// gate lets waiters through).
        case pass
        /// Do not wait: the wait closes a loop nobody can be let out of.
        case deadlocked
        /// Do not wait: the waits lead to an async resolve, which the party must not block for.
        case refused
    }

    /// Records that `me` waits on `gate`, unless that closes a loop of waits.
    ///
    /// A loop is broken where a gate lets waiters through (``Gate/allowPassing()``): at the
    /// caller's own wait if it can (``Start/pass``), else by letting another waiter of the
    /// loop through, after which the caller waits. Only a loop with no such gate — an
    /// initializer cycle split across threads — is ``Start/deadlocked``.
    ///
    /// A party that must not block for an async resolve (`mustNotBlockForAsync`) is
    /// ``Start/refused`` when the waits lead to one; and when they do, parties of that kind
    /// already waiting for the caller, directly or through others, are told to stop
    /// (``Gate/refuse(_:)``): the caller's wait would hold them up behind the async resolve.
    ///
    /// A party waiting `forOutcome` is never let through: a loop of waits is broken at
    /// another waiter, and is ``Start/deadlocked`` when only such parties are in it.
    ///
    /// Lock order: this graph's lock, then a gate's stripe.
    func startWaiting(_ me: MakerID, on gate: Gate, mustNotBlockForAsync: Bool, forOutcome: Bool = false) -> Start {
        waiting.withLock { waiting in
            var link = gate
            var hops = 0
            var leadsToAsync = false
            // The waits that lead from the caller to the maker of `link`.
            var loop: [(waiter: MakerID, gate: Gate)] = [(me, gate)]
            // An open gate ends the chain: its maker is done with it, so what that party
            // waits for now (or a new thread reusing its ID) cannot block this wait.
            while hops <= waiting.count, !link.isOpenNow {
                if link.maker == me {
                    let wait = Wait(gate: gate, mustNotBlockForAsync: mustNotBlockForAsync, forOutcome: forOutcome)
                    return Self.breakLoop(loop, me, wait, &waiting)
                }
                if link.maker.isAsyncResolve {
                    if mustNotBlockForAsync { return .refused }
                    leadsToAsync = true
                }
                guard let next = waiting[link.maker]?.gate else { break }
                loop.append((link.maker, next))
                link = next
                hops += 1
            }
            waiting[me] = Wait(gate: gate, mustNotBlockForAsync: mustNotBlockForAsync, forOutcome: forOutcome)
            if leadsToAsync { Self.refuseWaiters(for: me, &waiting) }
            return .wait
        }
    }

    /// Tells the parties that must not block for an async resolve and wait for `party`,
    /// directly or through others that may, to stop: `party` now waits for one.
    private static func refuseWaiters(for party: MakerID, _ waiting: inout [MakerID: Wait]) {
        var blocked = [party]
        var seen: Set<MakerID> = [party]
        while let maker = blocked.popLast() {
            for (waiter, wait) in waiting where wait.gate.maker == maker && seen.insert(waiter).inserted {
                guard wait.mustNotBlockForAsync else {
                    blocked.append(waiter)
                    continue
                }
                waiting[waiter] = nil
                wait.gate.refuse(waiter)
            }
        }
    }

    /// Breaks the loop of waits `loop` (the caller's first) at a gate that lets waiters
    /// through, whose waiter does not wait for an outcome.
    ///
    /// The caller then waits for the parties of the loop before the one let through: if one
    /// of them is an async resolve, a caller that must not block for one is refused, and
    /// others that must not, waiting for the caller, are told to stop (as in
    /// ``startWaiting(_:on:mustNotBlockForAsync:forOutcome:)``).
    private static func breakLoop(
        _ loop: [(waiter: MakerID, gate: Gate)],
        _ me: MakerID,
        _ wait: Wait,
        _ waiting: inout [MakerID: Wait]
    ) -> Start {
        let mayPass = { (index: Int) in
            let forOutcome = index == 0 ? wait.forOutcome : waiting[loop[index].waiter]?.forOutcome == true
            return !forOutcome && loop[index].gate.letsWaitersPass
        }
        guard let breakable = loop.indices.first(where: mayPass) else { return .deadlocked }
        if breakable == 0 { return .pass }
        let leadsToAsync = loop[..<breakable].contains { $0.gate.maker.isAsyncResolve }
        let (waiter, gate) = loop[breakable]
        waiting[waiter] = nil
        gate.pass(waiter)
        if leadsToAsync, wait.mustNotBlockForAsync { return .refused }
        waiting[me] = wait
        if leadsToAsync { refuseWaiters(for: me, &waiting) }
        return .wait
    }

    func stopWaiting(_ me: MakerID) {
        // The gate is released outside the lock (it could be the last reference).
        let wait = waiting.withLock { $0.removeValue(forKey: me) }
        withExtendedLifetime(wait) {}
    }
}

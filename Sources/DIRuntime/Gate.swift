/// A one-shot gate: threads and tasks wait on it until its maker opens it.
///
/// Used wherever one party makes a value others must wait for (a `Lazy`, a cached
/// instance). The maker's identity is recorded so a waiter can tell re-entry from
/// contention, and every wait goes through the process-wide ``WaitGraph``, so a wait that
/// would close a loop of waits is refused instead of hanging.
///
/// A gate is made only when a second party has to wait, and almost never waited on for
/// long, so it owns no OS primitive: its state is guarded by one of a few process-wide
/// stripes (a mutex and a condition variable each), picked by the gate's identity.
package final class Gate: @unchecked Sendable {
    // @unchecked Sendable: `isOpen` and `continuations` are only touched while holding the
    // gate's stripe.
    private var isOpen = false
    private var continuations: [CheckedContinuation<Void, Never>] = []

    /// Who holds the gate closed while making the value.
    package let maker: MakerID

    package init(maker: MakerID = .current) {
        self.maker = maker
    }

    private var stripe: PlatformCondition {
        let bits = UInt(bitPattern: ObjectIdentifier(self).hashValue)
        return Self.stripes[Int(truncatingIfNeeded: bits >> 4) & (Self.stripes.count - 1)]
    }

    private static let stripes: [PlatformCondition] = (0..<16).map { _ in PlatformCondition() }

    /// Opens the gate and wakes every waiter. Opening twice is harmless.
    package func open() {
        let stripe = stripe
        let waiting = stripe.withLock {
            isOpen = true
            let waiting = continuations
            continuations = []
            stripe.broadcast()
            return waiting
        }
        for continuation in waiting { continuation.resume() }
    }

    /// Whether the gate has been opened.
    package var isOpenNow: Bool {
        stripe.withLock { isOpen }
    }

    /// Blocks the calling thread until the gate is open, unless waiting would deadlock.
    ///
    /// - Returns: `false` without waiting if the wait would never end: the gate's maker is,
    ///   directly or through others, waiting for something the caller is making (or is
    ///   the caller).
    package func waitUnlessDeadlocked() -> Bool {
        let me = MakerID.current
        guard WaitGraph.shared.startWaiting(me, on: self) else { return false }
        stripe.wait { isOpen }
        WaitGraph.shared.stopWaiting(me)
        return true
    }

    /// Suspends the calling task until the gate is open, unless waiting would deadlock.
    ///
    /// - Returns: `false` without waiting if the wait would never end.
    package func waitUnlessDeadlockedAsync() async -> Bool {
        let me = MakerID.current
        guard WaitGraph.shared.startWaiting(me, on: self) else { return false }
        let stripe = stripe
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let openAlready = stripe.withLock {
                if isOpen { return true }
                continuations.append(continuation)
                return false
            }
            if openAlready { continuation.resume() }
        }
        WaitGraph.shared.stopWaiting(me)
        return true
    }
}

/// Which party waits on which gate: the edges of the process-wide wait-for graph.
///
/// Of two parties that would wait on each other, the second to arrive sees the loop.
package final class WaitGraph: Sendable {
    package static let shared = WaitGraph()

    private let waiting = Locked<[MakerID: Gate]>([:])

    /// Records that `me` waits on `gate`, unless that closes a loop of waits.
    ///
    /// Lock order: this graph's lock, then a gate's stripe (``Gate/isOpenNow``).
    func startWaiting(_ me: MakerID, on gate: Gate) -> Bool {
        waiting.withLock { waiting in
            var link = gate
            var hops = 0
            // An open gate ends the chain: its maker is done with it, so what that party
            // waits for now (or a new thread reusing its ID) cannot block this wait.
            while hops <= waiting.count, !link.isOpenNow {
                if link.maker == me { return false }
                guard let next = waiting[link.maker] else { break }
                link = next
                hops += 1
            }
            waiting[me] = gate
            return true
        }
    }

    func stopWaiting(_ me: MakerID) {
        // The gate is released outside the lock (it could be the last reference).
        let gate = waiting.withLock { $0.removeValue(forKey: me) }
        withExtendedLifetime(gate) {}
    }
}

/// A one-shot gate: threads and tasks wait on it until its maker opens it.
///
/// Used wherever one party makes a value others must wait for (a `Lazy`, a cached
/// instance). The maker's identity is recorded so a waiter can tell re-entry from
/// contention, and every wait goes through the process-wide ``WaitGraph``, so a wait that
/// would close a loop of waits is broken (a waiter is let through, see ``allowPassing()``)
/// or refused instead of hanging.
///
/// A gate is made only when a second party has to wait, and almost never waited on for
/// long, so it owns no OS primitive: its state is guarded by one of a few process-wide
/// stripes (a mutex and a condition variable each), picked by the gate's identity.
package final class Gate: @unchecked Sendable {
    // @unchecked Sendable: `isOpen`, `letsPass`, `passed` and `continuations` are only
    // touched while holding the gate's stripe.
    private var isOpen = false
    /// Whether a waiter may go on without the gate opening, to break a loop of waits (see
    /// ``WaitGraph``): set while the maker's value exists but is not finished.
    private var letsPass = false
    /// Waiters let through while the gate stays closed, until they notice.
    private var passed: Set<MakerID> = []
    /// Waiters told to stop waiting, until they notice: what they wait for now waits for an
    /// async resolve (see ``WaitGraph``).
    private var refused: Set<MakerID> = []
    private var continuations: [(waiter: MakerID, continuation: CheckedContinuation<Outcome, Never>)] = []

    /// How a wait on a gate ended.
    package enum Outcome: Sendable {
        /// The maker opened the gate: its value is finished (or its making failed).
        case opened
        /// The waiter was let through to break a loop of waits: the maker's unfinished value
        /// is what it may use (see ``allowPassing()``).
        case passed
        /// Waiting would never end: the maker is, directly or through others, waiting for
        /// something the waiter is making (or is the waiter), and nobody could be let through.
        case deadlocked
        /// Waiting could hang: the maker is, directly or through others, waiting for an async
        /// resolve, and the waiter must not block for one (see ``wait(as:mustNotBlockForAsync:)``).
        case refused
    }

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
        for waiting in waiting { waiting.continuation.resume(returning: .opened) }
    }

    /// Whether the gate has been opened.
    package var isOpenNow: Bool {
        stripe.withLock { isOpen }
    }

    /// From now on, a loop of waits through this gate may be broken by letting its waiter
    /// through: the maker has a value others may use before it is finished.
    package func allowPassing() {
        stripe.withLock { letsPass = true }
    }

    /// Whether a waiter may be let through (see ``allowPassing()``).
    var letsWaitersPass: Bool {
        stripe.withLock { letsPass && !isOpen }
    }

    /// Lets `waiter` through without opening the gate, waking it if it sleeps here.
    func pass(_ waiter: MakerID) {
        let stripe = stripe
        let woken = stripe.withLock { () -> [CheckedContinuation<Outcome, Never>] in
            passed.insert(waiter)
            stripe.broadcast()
            let woken = continuations.filter { $0.waiter == waiter }.map(\.continuation)
            guard !woken.isEmpty else { return [] }
            continuations.removeAll { $0.waiter == waiter }
            passed.remove(waiter)
            return woken
        }
        for continuation in woken { continuation.resume(returning: .passed) }
    }

    /// Whether blocking the calling thread on this gate could hang: the maker is an async
    /// resolve and the caller must not block for one
    /// (``callerMustNotBlockForAsync(callerOnMainActor:)``).
    package func synchronousWaitMayHang(callerOnMainActor: Bool) -> Bool {
        maker.isAsyncResolve && Self.callerMustNotBlockForAsync(callerOnMainActor: callerOnMainActor)
    }

    /// Whether the calling thread must not block for an async resolve, which may need the
    /// cooperative pool or the main actor to go on: it runs the main actor (its isolation
    /// says so, however the main queue is run: with `dispatchMain()` on Linux it runs on a
    /// worker thread), is the main thread, or is a thread running a task (so it may be just
    /// what the async resolve needs). A plain thread may: it takes nothing one needs.
    package static func callerMustNotBlockForAsync(callerOnMainActor: Bool) -> Bool {
        callerOnMainActor || withUnsafeCurrentTask { $0 != nil } || MainActorCall.isMainThread
    }

    /// Blocks the calling thread until the gate is open, or the caller is let through,
    /// unless waiting would deadlock.
    ///
    /// - Parameters:
    ///   - me: The waiting party (the maker it claims cells as).
    ///   - mustNotBlockForAsync: Whether the caller must not block for an async resolve
    ///     (``callerMustNotBlockForAsync(callerOnMainActor:)``): then it is ``Outcome/refused``
    ///     when the maker waits for one, directly or through others, now or later.
    package func wait(as me: MakerID = .current, mustNotBlockForAsync: Bool = false) -> Outcome {
        wait(as: me, mustNotBlockForAsync: mustNotBlockForAsync, forOutcome: false)
    }

    /// Blocks the calling thread until the gate is open: the maker finished its value or gave
    /// it up. Never ``Outcome/passed``: a loop of waits is broken at another waiter, and is
    /// ``Outcome/deadlocked`` when every party in it waits for an outcome — each of them
    /// finished its own making, which waits only for the others'.
    package func waitForOutcome(as me: MakerID, mustNotBlockForAsync: Bool) -> Outcome {
        wait(as: me, mustNotBlockForAsync: mustNotBlockForAsync, forOutcome: true)
    }

    private func wait(as me: MakerID, mustNotBlockForAsync: Bool, forOutcome: Bool) -> Outcome {
        let start = WaitGraph.shared.startWaiting(
            me,
            on: self,
            mustNotBlockForAsync: mustNotBlockForAsync,
            forOutcome: forOutcome
        )
        switch start {
        case .wait: break
        case .pass: return .passed
        case .deadlocked: return .deadlocked
        case .refused: return .refused
        }
        var outcome = Outcome.opened
        stripe.wait {
            let wasPassed = passed.remove(me) != nil
            let wasRefused = refused.remove(me) != nil
            if isOpen { return true }
            if wasPassed { outcome = .passed }
            if wasRefused { outcome = .refused }
            return wasPassed || wasRefused
        }
        WaitGraph.shared.stopWaiting(me)
        return outcome
    }

    /// Tells `waiter`, asleep here, to stop waiting: what it waits for waits for an async
    /// resolve now (see ``WaitGraph``).
    func refuse(_ waiter: MakerID) {
        let stripe = stripe
        stripe.withLock {
            refused.insert(waiter)
            stripe.broadcast()
        }
    }

    /// Suspends the calling task until the gate is open, or the caller is let through,
    /// unless waiting would deadlock.
    package func waitAsync(as me: MakerID = .current) async -> Outcome {
        await waitAsync(as: me, forOutcome: false)
    }

    /// ``waitForOutcome(as:mustNotBlockForAsync:)``, suspending the calling task.
    package func waitForOutcomeAsync(as me: MakerID) async -> Outcome {
        await waitAsync(as: me, forOutcome: true)
    }

    private func waitAsync(as me: MakerID, forOutcome: Bool) async -> Outcome {
        switch WaitGraph.shared.startWaiting(me, on: self, mustNotBlockForAsync: false, forOutcome: forOutcome) {
        case .wait: break
        case .pass: return .passed
        case .deadlocked: return .deadlocked
        case .refused: return .refused
        }
        let stripe = stripe
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
            let now: Outcome? = stripe.withLock {
                let wasPassed = passed.remove(me) != nil
                if isOpen { return .opened }
                if wasPassed { return .passed }
                continuations.append((me, continuation))
                return nil
            }
            if let now { continuation.resume(returning: now) }
        }
        WaitGraph.shared.stopWaiting(me)
        return outcome
    }
}

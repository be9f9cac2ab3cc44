import CDIRuntime

/// A value read far more often than it changes, guarded by a lock striped by thread: a
/// reader takes only its own thread's stripe, a writer takes them all.
///
/// Two threads reading a ``Locked`` value at once take turns on one lock, and its word
/// bounces between their caches on every read. Here each stripe is a ``PlatformLock``
/// primitive on a cache line of its own, and threads take the stripe of their
/// ``ThreadNumber``: threads reading at once write no memory they share (the first 8
/// threads each have a stripe of their own; more share stripes, still correctly). A writer
/// takes every stripe, in order, so while it holds them no reader is inside.
///
/// ```swift
/// let answers = StripedLocked([ObjectIdentifier: Int]())
/// answers.withLock { $0[ObjectIdentifier(Int.self)] = 1 }
/// let one = answers.withReadLock { $0[ObjectIdentifier(Int.self)] }
/// ```
///
/// Invariants (checked with `TRANQUIL_INTERNAL_CHECKS`, stripe by stripe as in
/// ``PlatformLock``): the stripes live in one allocation that never moves, each
/// initialized once and destroyed once; a reader only reads the state; no thread takes a
/// stripe it holds (so a writer never waits for its own read).
///
/// > Warning: As with ``Locked``, never call user code or wait inside either closure.
@usableFromInline
package final class StripedLocked<State>: @unchecked Sendable {
    // @unchecked Sendable: `state` is read holding one stripe and changed holding all.
    @usableFromInline let stripes: UnsafeMutableRawPointer
    // The stripes are the exclusivity: the runtime's check of each access would only repeat
    // them (see ``ExclusiveState``).
    #if TRANQUIL_INTERNAL_CHECKS
    @usableFromInline var state: State
    #else
    @usableFromInline @exclusivity(unchecked) var state: State
    #endif

    /// How many stripes: a power of two.
    @inlinable package static var stripeCount: Int { 8 }
    /// Bytes from one stripe to the next: a cache line, so that no two stripes share one.
    @inlinable static var stripeBytes: Int { CacheLine.bytes }

    /// A striped lock guarding `state`.
    package init(_ state: State) {
        precondition(PlatformLock.slotBytes <= Self.stripeBytes, "a lock slot must fit a cache line")
        self.state = state
        stripes = .allocate(byteCount: Self.stripeCount * Self.stripeBytes, alignment: Self.stripeBytes)
        for index in 0..<Self.stripeCount {
            PlatformLock.initializeSlot(stripes + index * Self.stripeBytes)
        }
    }

    deinit {
        for index in 0..<Self.stripeCount {
            PlatformLock.destroy(stripe(index))
        }
        stripes.deallocate()
    }

    /// The lock of stripe `index`.
    @inlinable
    func stripe(_ index: Int) -> UnsafeMutablePointer<PlatformLock.Primitive> {
        (stripes + index * Self.stripeBytes).assumingMemoryBound(to: PlatformLock.Primitive.self)
    }

    /// Runs `body` with read access to the state, holding the calling thread's stripe.
    @inlinable
    package func withReadLock<Result, Failure: Error>(
        _ body: (borrowing State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try withStripeReadLock { state, _ throws(Failure) in try body(state) }
    }

    /// Runs `body` with read access to the state and the index of the calling thread's
    /// stripe (`0..<stripeCount`), holding that stripe: for a state kept per stripe.
    @inlinable
    package func withStripeReadLock<Result, Failure: Error>(
        _ body: (borrowing State, Int) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let index = Self.stripeOfThread
        let stripe = stripe(index)
        lock(stripe)
        defer { unlock(stripe) }
        return try body(state, index)
    }

    /// The calling thread's stripe: the one ``withReadLock(_:)`` takes.
    @inlinable
    package static var stripeOfThread: Int {
        ThreadNumber.current & (stripeCount - 1)
    }

    /// Runs `body` with exclusive access to the state, holding every stripe.
    @inlinable
    package func withLock<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        for index in 0..<Self.stripeCount {
            lock(stripe(index))
        }
        defer {
            for index in (0..<Self.stripeCount).reversed() {
                unlock(stripe(index))
            }
        }
        return try body(&state)
    }

    /// Takes one stripe.
    @inlinable
    func lock(_ stripe: UnsafeMutablePointer<PlatformLock.Primitive>) {
        PlatformLock.lockSlot(stripe)
    }

    /// Releases one stripe taken by ``lock(_:)`` on this thread.
    @inlinable
    func unlock(_ stripe: UnsafeMutablePointer<PlatformLock.Primitive>) {
        PlatformLock.unlockSlot(stripe)
    }
}

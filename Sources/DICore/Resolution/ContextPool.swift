import DIRuntime

/// A few spare ``ResolveContext``s, reused by top-level resolves (awaited ones included)
/// and by those a `Lazy` or `Provider` makes, on any thread.
///
/// A context is an object with a handful of arrays: allocating it, growing its arrays and
/// freeing it all again costs a good part of resolving a small graph. The pool keeps
/// ``capacity`` contexts for the life of the process, each with a flag saying whether a
/// resolve is using it; when all are in use, a resolve makes a context of its own.
///
/// The protocol (the pool's only lock-free part, stressed by the reliability suite under
/// ThreadSanitizer in release):
/// - The contexts are made once, when the pool is first used, and the array holding them
///   never changes: every thread reads the same references, no reference is published
///   racily.
/// - A resolve takes a context by exchanging its flag from 0 to 1 with *acquiring*
///   ordering; it gives it back, cleared, by storing 0 with *releasing* ordering. So everything one user wrote to the context happens before the next user
///   reads it, and no two resolves use one context at once.
/// - A waiting context keeps nothing alive: it lets go of its container, its instances and
///   its tracer before its flag is cleared.
/// - A spare holds its context for the life of the process, so a resolve borrows it
///   (``UnretainedReference/lending(_:)``) instead of retaining it.
final class ContextPool: Sendable {
    /// The process's pool, which every container reaches through a field of its own
    /// (``DIContainer/contextPool``): a global's lazy-initialization check on each take and
    /// give-back costs more than the pool's own work.
    static let shared = ContextPool()

    /// How many contexts are kept: enough for the threads of a busy app (a power of two).
    private static let capacity = 4

    /// A pooled context and whether a resolve is using it.
    private final class Spare: Sendable {
        /// 1 while a resolve uses ``context``, 0 when it waits in the pool. Alone on its
        /// cache line: threads taking neighbouring contexts would slow each other down.
        let inUse = AtomicWord(aloneOnItsCacheLine: 0)
        /// Handed from one resolve to the next through ``inUse`` (see the protocol above).
        nonisolated(unsafe) let context: ResolveContext
        /// ``context``, lent to the resolve using it without a retain and a release: the
        /// spare holds it for the life of the process.
        nonisolated(unsafe) let lent: UnretainedReference<ResolveContext>

        init() {
            let context = ResolveContext()
            self.context = context
            var lent = UnretainedReference<ResolveContext>()
            lent.object = context
            self.lent = lent
        }
    }

    private let spares: [Spare] = (0..<capacity).map { _ in Spare() }

    private init() {}

    /// Runs `body` with a context ready for a top-level resolve from `container`, in
    /// `graph` when a `Lazy`/`Provider` shares one, and takes the context back, cleared,
    /// when `body` returns or throws.
    @inline(__always)
    func withContext<Value>(
        for container: DIContainer,
        graph: ObjectGraph? = nil,
        _ body: (ResolveContext) throws(DIError) -> Value
    ) throws(DIError) -> Value {
        guard let index = takeSpare() else {
            // Cleared too, though it goes: clearing ends what the resolve began (a graph it
            // joined, see `ResolveState.clear()`).
            let context = ResolveContext(container: container, graph: graph)
            defer { context.clearForPool() }
            return try body(context)
        }
        return try spares[index].lent.lending { context throws(DIError) in
            context.start(from: container, graph: graph)
            defer {
                context.clearForPool()
                spares[index].inUse.storeReleasing(0)
            }
            return try body(context)
        }
    }

    /// ``withContext(for:graph:_:)`` for an async resolve, which holds its context across
    /// its awaits (on whichever threads it resumes): the flag protocol above does not care
    /// which thread takes a context and which gives it back. The context is retained, not
    /// lent: once per resolve, against everything an async resolve costs.
    nonisolated(nonsending) func withContextAsync<Value>(
        for container: DIContainer,
        _ body: nonisolated(nonsending) (ResolveContext) async throws(DIError) -> Value
    ) async throws(DIError) -> Value {
        guard let index = takeSpare() else {
            let context = ResolveContext(container: container)
            defer { context.clearForPool() }
            return try await body(context)
        }
        let spare = spares[index]
        spare.context.start(from: container, graph: nil)
        defer {
            spare.context.clearForPool()
            spare.inUse.storeReleasing(0)
        }
        return try await body(spare.context)
    }

    /// The index of a spare this resolve now uses, or `nil` when all are in use.
    @inline(__always)
    private func takeSpare() -> Int? {
        // From the context of the thread's number on: threads resolving at once start at
        // different contexts instead of all trying the first one taken.
        let first = ThreadNumber.current
        // By index: iterating the array itself retains and releases each element.
        for offset in 0..<Self.capacity {
            let index = (first &+ offset) & (Self.capacity - 1)
            if spares[index].inUse.exchange(ifHolding: 0, with: 1) { return index }
        }
        return nil
    }
}

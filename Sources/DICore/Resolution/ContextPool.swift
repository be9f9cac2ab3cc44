import Synchronization

/// One spare ``ResolveContext``, kept between top-level resolves.
///
/// A context is a class with a handful of arrays: allocating it, reserving its stack and
/// freeing it all again costs about a tenth of resolving a small graph. A finished resolve
/// leaves its context here instead, and the next top-level resolve (on any thread, from any
/// container) takes it. One slot is enough for the common case of one resolving thread at a
/// time; concurrent resolves that find it empty allocate a context as before.
///
/// A waiting context keeps no container (or instance) alive: it does not retain its
/// container, and it lets go of everything else when it finishes.
enum ContextPool {
    /// The spare context's address, or 0.
    private static let spare = Atomic<UInt>(0)

    /// A context ready for a top-level resolve from `container`, held by the caller.
    @inline(__always)
    static func take(for container: DIContainer) -> ResolveContext {
        lend(for: container).takeRetainedValue()
    }

    /// ``take(for:)`` for a caller that borrows the context instead of holding a reference
    /// (and hands it back with ``giveBack(_:)-(Unmanaged<ResolveContext>)``): the pool's
    /// reference passes to the caller and back with no reference counting.
    @inline(__always)
    static func lend(for container: DIContainer) -> Unmanaged<ResolveContext> {
        let bits = spare.exchange(0, ordering: .acquiring)
        guard bits != 0, let address = UnsafeRawPointer(bitPattern: bits) else {
            return Unmanaged.passRetained(ResolveContext(container: container, pooled: true))
        }
        let context = Unmanaged<ResolveContext>.fromOpaque(address)
        context._withUnsafeGuaranteedRef { $0.start(from: container) }
        return context
    }

    /// Takes back a context ``lend(for:)`` handed out: kept for the next resolve if it is
    /// clean and the slot is free, released otherwise.
    @inline(__always)
    static func giveBack(_ context: Unmanaged<ResolveContext>) {
        let reusable = context._withUnsafeGuaranteedRef { context in
            guard context.isReusable else { return false }
            context.clearForPool()
            return true
        }
        let bits = UInt(bitPattern: context.toOpaque())
        if !reusable || !spare.compareExchange(expected: 0, desired: bits, ordering: .releasing).exchanged {
            context.release()  // not clean, or another context is waiting already
        }
    }

    /// Keeps a finished context ``take(for:)`` handed out for the next resolve, if it is
    /// clean and the slot is free.
    @inline(__always)
    static func giveBack(_ context: ResolveContext) {
        giveBack(Unmanaged.passRetained(context))
    }
}

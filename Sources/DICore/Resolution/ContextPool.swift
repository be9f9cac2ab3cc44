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

    /// A context ready for a top-level resolve from `container`.
    @inline(__always)
    static func take(for container: DIContainer) -> ResolveContext {
        let bits = spare.exchange(0, ordering: .acquiring)
        guard bits != 0, let address = UnsafeRawPointer(bitPattern: bits) else {
            return ResolveContext(container: container)
        }
        let context = Unmanaged<ResolveContext>.fromOpaque(address).takeRetainedValue()
        context.start(from: container)
        return context
    }

    /// Keeps a finished context for the next resolve, if it is clean and the slot is free.
    @inline(__always)
    static func giveBack(_ context: ResolveContext) {
        guard context.isReusable else { return }
        context.clearForPool()
        let kept = Unmanaged.passRetained(context)
        let bits = UInt(bitPattern: kept.toOpaque())
        if !spare.compareExchange(expected: 0, desired: bits, ordering: .releasing).exchanged {
            kept.release()  // another context is waiting already
        }
    }
}

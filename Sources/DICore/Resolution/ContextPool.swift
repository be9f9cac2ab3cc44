import DIRuntime

/// A few spare ``ResolveContext``s, kept between top-level resolves.
///
/// A context is an object with a handful of arrays: allocating it, growing its arrays and
/// freeing it all again costs a good part of resolving a small graph. A finished resolve
/// that left its context clean puts it here, and the next top-level resolve (on any thread,
/// from any container) takes it. A waiting context keeps nothing alive: it lets go of its
/// container and its instances before it is put back.
enum ContextPool {
    /// How many spare contexts are kept: enough for the threads of a busy app.
    private static let capacity = 4
    private static let spares = Locked<[ResolveContext]>([])

    /// A context ready for a top-level resolve from `container`.
    static func take(for container: DIContainer) -> ResolveContext {
        if let spare = spares.withLock({ $0.popLast() }) {
            spare.start(from: container)
            return spare
        }
        return ResolveContext(container: container)
    }

    /// Takes back a context ``take(for:)`` handed out, once its resolve is over.
    static func giveBack(_ context: ResolveContext) {
        guard context.isReusable else { return }
        context.clearForPool()
        spares.withLock { spares in
            if spares.count < capacity { spares.append(context) }
        }
    }
}

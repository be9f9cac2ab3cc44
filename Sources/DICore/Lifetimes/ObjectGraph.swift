@_spi(Tranquil) import DILazy

/// The instances of `objectGraph` components made in one top-level resolve.
///
/// A `Lazy` or `Provider` handed out during the resolve keeps a reference to its graph, so
/// whatever it resolves later reaches the same instances ("delayed injections do not
/// create new graphs"). Once the resolve returns, class instances are held weakly: the
/// graph then never keeps alive what the app has let go.
package final class ObjectGraph: Sendable {
    private let slots = Locked<[Int: Slot]>([:])

    /// The trace (top-level resolve) that created the graph, for linking delayed resolves.
    package let traceID: UInt64

    init(traceID: UInt64) {
        self.traceID = traceID
    }

    /// The slot of a component in this graph.
    func slot(for componentID: Int) -> Slot {
        slots.withLock { slots in
            if let slot = slots[componentID] { return slot }
            let slot = Slot(kind: .single)
            slots[componentID] = slot
            return slot
        }
    }

    /// Keeps an instance made outside a slot's protocol (while the graph was private, or
    /// by a resolve that owns the graph): later requests in the graph reuse it.
    func store(_ value: Any, for componentID: Int) {
        let slot = self.slot(for: componentID)
        slot.store(value)
    }

    /// Stops keeping class instances alive (called when the resolve that made them returns).
    func release() {
        for slot in slots.withLock({ Array($0.values) }) {
            slot.weaken()
        }
    }
}

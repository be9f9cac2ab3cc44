/// The wrappers of a ``DIDependency`` in the order they are written, outermost first: what
/// each one is (`[Lazy<Cat?>]` is many, lazy, optional), eight bits a layer in one word, so
/// no allocation per dependency. Past eight layers, the rest join the eighth: only a label
/// reads them.
struct WrapperLayers: Sendable {
    private var packed: UInt64 = 0
    private var closed = 0
    /// The layer being described: the wrappers added since the last ``close()``.
    private var open: DIDependency.Wrappers = []

    /// Adds `wrapper` to the layer being described.
    mutating func add(_ wrapper: DIDependency.Wrappers) {
        open.formUnion(wrapper)
    }

    /// Ends the layer being described: the next wrapper added is inside it.
    mutating func close() {
        guard !open.isEmpty else { return }
        let slot = min(closed, 7)
        packed |= UInt64(open.rawValue) << (8 * slot)
        closed = slot + 1
        open = []
    }

    /// The layers, innermost first (one still open among them).
    var innermostFirst: [DIDependency.Wrappers] {
        var layers = (0..<closed).map { DIDependency.Wrappers(rawValue: UInt8(truncatingIfNeeded: packed >> (8 * $0))) }
        if !open.isEmpty { layers.append(open) }
        return layers.reversed()
    }
}

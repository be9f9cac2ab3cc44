import DIRuntime

// Where making a component again would repeat forever: a loop on the request chain (an
// initializer cycle), or `cycle:` rounds made of prototypes alone. `prepareBuild` asks both
// before each build.
extension ResolveContext {
    /// The components since `component` was last made, when a `cycle:` injection round led
    /// back to it through prototypes only: every round would make fresh instances and defer
    /// the same injections again, forever. `nil` when it is safe. (On the request chain
    /// itself it is an initializer cycle: ``chainLoop(_:)``.)
    func prototypeRoundsLoop(_ component: Component) -> [Component]? {
        let id = component.id
        let made = madeDepth
        // The rounds so far: the chain that led to the deferred item, then the item.
        let start: [Component]
        if made > 0, building[0].id == id {
            start = [building[0]]
        } else if let found = deferredChain.lastIndex(where: { $0.id == id }) {
            start = Array(deferredChain[found...]) + building.elements().prefix(made)
        } else {
            return nil
        }
        let loop = start + building.elements(from: made)
        return loop.allSatisfy { $0.config.lifetime == .prototype } ? loop : nil
    }

    /// The components since `component` was last made on the request chain (this resolve's,
    /// or the outer ones' it is nested in), if it is on it: making it again there repeats
    /// forever. A cached component is on it only when its cell was cleaned while it was
    /// being made (a factory that calls `clean()`), or when a nested resolve re-enters it.
    ///
    /// The item whose `cycle:` injections run (``nextDeferred()``) is first on the chain, but
    /// made: asking for its component again finds its instance or, for a prototype, makes
    /// another, which is a loop only if every round makes prototypes
    /// (``prototypeRoundsLoop(_:)``).
    func chainLoop(_ component: Component) -> [Component]? {
        let id = component.id
        let made = madeDepth
        if let found = (made..<building.count).first(where: { building[$0].id == id }) {
            return building.elements(from: found)
        }
        guard !outerChain.isEmpty, let found = outerChain.lastIndex(where: { $0.id == id }) else { return nil }
        return Array(outerChain[found...]) + building.elements()
    }

    /// How many components at the bottom of ``building`` are made already: 1 while a
    /// deferred item's `cycle:` injections run (the item), else 0.
    private var madeDepth: Int {
        deferredIndex > 0 && !building.isEmpty ? 1 : 0
    }

    /// The components being made on the way to the current request, across `cycle:` rounds.
    var chainToHere: [Component] {
        deferredChain + building.elements()
    }
}

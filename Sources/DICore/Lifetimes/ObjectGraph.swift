import DIRuntime

/// The instances of `objectGraph` components made in one top-level resolve, once a `Lazy`
/// or `Provider` handed out during it can reach them.
///
/// Such a handle keeps a reference to its graph, so whatever it resolves later reaches the
/// same instances ("delayed injections do not create new graphs"). Once the resolve
/// returns, class instances are held weakly: the graph then never keeps alive what the app
/// has let go. What a handle's own resolves make in the graph later is held strongly while
/// one of them runs, then weakly too; what they find made there they hold themselves
/// (`ResolveState.foundInSharedGraph`), since the graph may hold it only weakly.
package final class ObjectGraph: Sendable {
    private struct State {
        /// The cells by component id: a list for the few components of a typical graph, a
        /// table past it (``ComponentTable``), where a dictionary hashed each id.
        var cells = ComponentTable<InstanceCell>()
        /// Whether the resolve the graph was made in has returned (``release()``).
        var resolveReturned = false
        /// How many resolves of a `Lazy` or `Provider` run in the graph now
        /// (``enterDelayedResolve()``): while one does, what it makes stays alive.
        var delayedResolves = 0
        /// Whether a cell may hold an instance strongly: a cell was handed out to make one
        /// in (or an instance stored) since the graph last let its instances go.
        var mayKeepAlive = false
    }

    private let state = Locked(State())

    /// The trace (top-level resolve) that created the graph, for linking delayed resolves.
    package let traceID: UInt64
    /// The identity of the runtime arguments by type (`AnyArguments`) the resolve that created
    /// the graph was given, if any: an instance of a component with `arg` parameters is the
    /// graph's only when those made it.
    let arguments: (any AnyObject & Sendable)?

    init(traceID: UInt64, arguments: (any AnyObject & Sendable)?) {
        self.traceID = traceID
        self.arguments = arguments
    }

    /// The cell of a component in this graph, for a resolve to claim (and maybe make its
    /// instance in, which the cell keeps alive until no resolve runs in the graph).
    func cell(for componentID: Int) -> InstanceCell {
        state.withLock { state in
            state.mayKeepAlive = true
            if let cell = state.cells.value(of: componentID) { return cell }
            let cell = InstanceCell(keepsAlive: true)
            state.cells.store(cell, of: componentID)
            return cell
        }
    }

    /// The class instance made for a component in this graph, if there is one (a weak one
    /// only while it lives): read without claiming its cell, or making one.
    func object(for componentID: Int) -> AnyObject? {
        state.withLock { $0.cells.value(of: componentID) }?.object
    }

    /// Keeps an instance made outside a cell's protocol (while the graph was private).
    func store(_ value: Any, for componentID: Int) {
        cell(for: componentID).store(value)
    }

    /// Forgets the instance of a component whose making failed after it was kept here for
    /// its own injections (see ``ResolveContext/forgetInGraph(_:slot:)``): its cell is
    /// replaced by an empty one, and the next request of the graph makes it anew.
    func forget(_ componentID: Int) {
        state.withLock { $0.cells.store(InstanceCell(keepsAlive: true), of: componentID) }
    }

    /// The resolve that made the graph returned: class instances are held weakly from now
    /// on, once no delayed resolve runs in the graph.
    func release() {
        let kept = state.withLock { state -> [Any] in
            state.resolveReturned = true
            return Self.letGo(&state)
        }
        // The last strong references may go here, outside the lock: a deinit is user code.
        withExtendedLifetime(kept) {}
    }

    /// A `Lazy` or `Provider` starts resolving in the graph, or a resolve that joined the
    /// graph's own (one its factory made, in its task or a task it started): what it makes
    /// stays alive at least until ``leaveDelayedResolve()``.
    func enterDelayedResolve() {
        state.withLock { $0.delayedResolves += 1 }
    }

    /// A delayed resolve in the graph returned: once the graph's own resolve returned too
    /// and no other delayed resolve runs, what they made is held weakly, as the rest of
    /// the graph is; the caller holds what it asked for.
    func leaveDelayedResolve() {
        let kept = state.withLock { state -> [Any] in
            state.delayedResolves -= 1
            return Self.letGo(&state)
        }
        withExtendedLifetime(kept) {}
    }

    /// Weakens every cell when no resolve in the graph runs any more; returns what the cells
    /// held strongly, to let go of after the lock. Under the graph's lock, each cell's taken
    /// inside it: a resolve entering meanwhile waits, so nothing it makes is weakened under it.
    private static func letGo(_ state: inout State) -> [Any] {
        guard state.resolveReturned, state.delayedResolves == 0, state.mayKeepAlive else { return [] }
        state.mayKeepAlive = false
        return state.cells.all.compactMap { $0.value.weaken() }
    }
}

import DIRuntime

/// The instances of `objectGraph` components made in one top-level resolve, once a `Lazy`
/// or `Provider` handed out during it can reach them.
///
/// Such a handle keeps a reference to its graph, so whatever it resolves later reaches the
/// same instances ("delayed injections do not create new graphs"). Once the resolve
/// returns, class instances are held weakly: the graph then never keeps alive what the app
/// has let go.
package final class ObjectGraph: Sendable {
    /// The cells by component id: a list for the few components of a typical graph, a
    /// table past it (``ComponentTable``), where a dictionary hashed each id.
    private let cells = Locked(ComponentTable<InstanceCell>())

    /// The trace (top-level resolve) that created the graph, for linking delayed resolves.
    package let traceID: UInt64

    init(traceID: UInt64) {
        self.traceID = traceID
    }

    /// The cell of a component in this graph.
    func cell(for componentID: Int) -> InstanceCell {
        cells.withLock { cells in
            if let cell = cells.value(of: componentID) { return cell }
            let cell = InstanceCell(keepsAlive: true)
            cells.store(cell, of: componentID)
            return cell
        }
    }

    /// The class instance made for a component in this graph, if there is one (a weak one
    /// only while it lives): read without claiming its cell, or making one.
    func object(for componentID: Int) -> AnyObject? {
        cells.withLock { $0.value(of: componentID) }?.object
    }

    /// Keeps an instance made outside a cell's protocol (while the graph was private).
    func store(_ value: Any, for componentID: Int) {
        cell(for: componentID).store(value)
    }

    /// Stops keeping class instances alive (called when the resolve that made them returns).
    func release() {
        for (_, cell) in cells.withLock({ $0.all }) {
            cell.weaken()
        }
    }
}

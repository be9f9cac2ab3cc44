import DIRuntime

/// Where a ``DIScope`` keeps its instances: one cell per registration (type, `file:line`,
/// and the names and tags it answers to), safe to use from any thread.
public final class DICacheStorage: Sendable {
    struct Key: Hashable {
        let type: ObjectIdentifier
        let file: String
        let line: UInt
        /// A loop registering named components on one line gets one cell per name.
        let qualifiers: [DIQualifier]
        /// One line registered `.weak` in one container and `.single` in another keeps each
        /// instance as its own lifetime says.
        let keepsAlive: Bool
    }

    /// The cells, by registration, and all of them in the order they were made: what a
    /// clean walks, taken as it is (one retain) instead of copied out of the dictionary.
    struct Cells {
        var byKey: [Key: InstanceCell] = [:]
        var all: [InstanceCell] = []
    }

    let cells = Locked(Cells())
    /// What remembers this storage's instances outside it (a container's remembered
    /// answers): a clean makes each forget them at once.
    let rememberers = Rememberers()
    /// The containers that keep its instances (see ``ScopeKeeping``), held weakly: a clean
    /// drops their copies too, and tells their observers.
    let keepers = Locked<[WeakKeeper]>([])

    /// A container that keeps the storage's instances, held weakly: its copies end with it.
    struct WeakKeeper {
        weak var keeper: (any ScopeKeeping)?
    }

    /// An empty storage.
    public init() {}
}

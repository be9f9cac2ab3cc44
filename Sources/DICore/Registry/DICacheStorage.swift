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
    /// The containers that keep copies of its instances apart (isolating containers), held
    /// weakly: a clean drops their copies too.
    let copyKeepers = Locked<[WeakCopyKeeper]>([])

    /// A container that keeps copies, held weakly: the copies end with it.
    struct WeakCopyKeeper {
        weak var keeper: (any ScopeCopyKeeping)?
    }

    /// An empty storage.
    public init() {}
}

import DIRuntime

/// The observers of one container (or of all containers), and a lock-free "anyone?" check.
///
/// Delivery works on a snapshot: the list is read (retained) under the lock and its
/// observers called after it, so an observer removed meanwhile still lives until its last
/// event. Writers replace the list (an ``ObserverList`` never changes).
final class ObserverHub: Sendable {
    private let observers = Locked<ObserverList?>(nil)
    private let count = AtomicCount()

    /// Observers attached anywhere in the process, in any hub: while it is zero, no
    /// container needs to look at its own hub or its ancestors'. Every resolve reads it,
    /// through its container's field (``DIContainer/observersAnywhere``).
    static let attachedAnywhere = AtomicCount()

    /// Whether no observer is attached.
    var isEmpty: Bool { count.value == 0 }

    /// Attaches `observer`, unless it is attached already (each observer gets each event once).
    func add(_ observer: any DIObserver) {
        let added = observers.withLock { list in
            let all = list?.all ?? []
            if all.contains(where: { $0 === observer }) { return false }
            list = ObserverList.of(all + [observer])
            return true
        }
        guard added else { return }
        count.add(1)
        Self.attachedAnywhere.add(1)
    }

    func remove(_ observer: any DIObserver) {
        let removed = observers.withLock { list -> [any DIObserver] in
            let all = list?.all ?? []
            list = ObserverList.of(all.filter { $0 !== observer })
            return all.filter { $0 === observer }
        }
        count.add(-removed.count)
        Self.attachedAnywhere.add(-removed.count)
        // Released outside the lock: a deinit is user code.
        withExtendedLifetime(removed) {}
    }

    /// The observers now, to call outside the lock.
    var snapshot: ObserverList? {
        observers.withLock { $0 }
    }
}

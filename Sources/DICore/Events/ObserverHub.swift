import DIRuntime

/// The observers of one container (or of all containers), and a lock-free "anyone?" check.
///
/// Delivery works on a snapshot: the observers are copied (retained) under the lock and
/// called after it, so an observer removed meanwhile still lives until its last event.
final class ObserverHub: Sendable {
    private let observers = Locked<[any DIObserver]>([])
    private let count = AtomicCount()

    /// Observers attached anywhere in the process, in any hub: while it is zero, no
    /// container needs to look at its own hub or its ancestors'.
    static let attachedAnywhere = AtomicCount()

    /// Whether no observer is attached.
    var isEmpty: Bool { count.value == 0 }

    func add(_ observer: any DIObserver) {
        observers.withLock { $0.append(observer) }
        count.add(1)
        Self.attachedAnywhere.add(1)
    }

    func remove(_ observer: any DIObserver) {
        let removed = observers.withLock { list -> [any DIObserver] in
            let gone = list.filter { $0 === observer }
            list.removeAll { $0 === observer }
            return gone
        }
        count.add(-removed.count)
        Self.attachedAnywhere.add(-removed.count)
        // Released outside the lock: a deinit is user code.
        withExtendedLifetime(removed) {}
    }

    /// A copy of the observers, to call outside the lock.
    var snapshot: [any DIObserver] {
        observers.withLock { $0 }
    }
}

@_spi(Tranquil) import DILazy

/// The observers of one container (or of all containers), and a lock-free "anyone?" check.
final class ObserverHub: Sendable {
    private let observers = Locked<[any DIObserver]>([])
    private let count = AtomicCount()

    /// Observers attached anywhere in the process, in any hub: while it is zero, no
    /// container needs to look at its own hub or its ancestors'.
    static let attachedAnywhere = AtomicCount()

    /// Whether any observer is attached: one relaxed atomic load.
    @inline(__always)
    var isEmpty: Bool { count.value == 0 }

    func add(_ observer: any DIObserver) {
        observers.withLock { $0.append(observer) }
        count.add(1)
        Self.attachedAnywhere.add(1)
    }

    func remove(_ observer: any DIObserver) {
        let removed = observers.withLock { list in
            let before = list.count
            list.removeAll { $0 === observer }
            return before - list.count
        }
        count.add(-removed)
        Self.attachedAnywhere.add(-removed)
    }

    /// A copy of the observers, to call outside the lock.
    var snapshot: [any DIObserver] {
        observers.withLock { $0 }
    }
}

import DIRuntime

/// The observers of one container (or of all containers), and a lock-free "anyone?" check.
///
/// Delivery works on a snapshot: the observers are copied (retained) under the lock and
/// called after it, so an observer removed meanwhile still lives until its last event.
///
/// Writers replace the list, never change it in place: copy-on-write decides that a buffer
/// is unique from a reference count the Swift runtime keeps outside ThreadSanitizer's view,
/// so changing in place a buffer a reader has just let go of looks like a race to it.
final class ObserverHub: Sendable {
    private let observers = Locked<[any DIObserver]>([])
    private let count = AtomicCount()

    /// Observers attached anywhere in the process, in any hub: while it is zero, no
    /// container needs to look at its own hub or its ancestors'.
    private static let attachedAnywhere = AtomicCount()
    /// ``attachedAnywhere``, reached through a field: every resolve reads it, and a global's
    /// lazy-initialization check on every read costs more than the read.
    private let anywhere = ObserverHub.attachedAnywhere

    /// Whether any hub in the process has an observer (``attachedAnywhere`` is not zero).
    var anyAttachedAnywhere: Bool { anywhere.value != 0 }

    /// Whether no observer is attached.
    var isEmpty: Bool { count.value == 0 }

    func add(_ observer: any DIObserver) {
        observers.withLock { list in
            // A new buffer, built element by element (`list + [observer]` appends in place).
            var larger: [any DIObserver] = []
            larger.reserveCapacity(list.count + 1)
            for existing in list { larger.append(existing) }
            larger.append(observer)
            list = larger
        }
        count.add(1)
        anywhere.add(1)
    }

    func remove(_ observer: any DIObserver) {
        let removed = observers.withLock { list -> [any DIObserver] in
            let gone = list.filter { $0 === observer }
            list = list.filter { $0 !== observer }
            return gone
        }
        count.add(-removed.count)
        anywhere.add(-removed.count)
        // Released outside the lock: a deinit is user code.
        withExtendedLifetime(removed) {}
    }

    /// A copy of the observers, to call outside the lock.
    var snapshot: [any DIObserver] {
        observers.withLock { $0 }
    }
}

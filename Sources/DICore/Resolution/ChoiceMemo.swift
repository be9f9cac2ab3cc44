@_spi(Tranquil) import DILazy

/// What each plain parameter of one component resolved to last time, so the next build can
/// skip the registry lookup.
///
/// An answer is reused only for the same resolving container and while nothing that could
/// change it happened: every registration, modifier or import in any container — and every
/// container's deinit — bumps ``ResolvedCache/registryEpoch``, which retires every
/// remembered answer at once.
///
/// A struct over its lock (shared by the component's versions, which copy it): one
/// allocation less per registration than a class around a lock.
struct ChoiceMemo: Sendable {
    private struct Entry {
        let epoch: Int
        let container: ObjectIdentifier
        /// Not retained: components choose each other (A's parameter is B, B's is A when
        /// they form a cycle), so a strong memo would be a reference cycle that outlives the
        /// container; a weak one would move every component's reference counting to a slow
        /// side table. Unowned is sound here: an entry is used only for the container it was
        /// made in while the epoch is unchanged, so that container is the live one running
        /// the resolve (a container's deinit retires every entry, so its address cannot be
        /// reused unnoticed), and a container keeps every component (and every replaced
        /// version of one) it or its parents ever chose from until it goes.
        unowned(unsafe) let component: Component
    }

    private let entries: Locked<[Entry?]>

    init(parameterCount: Int) {
        entries = Locked(Array(repeating: nil, count: parameterCount))
    }

    /// The component parameter `position` resolved to in `container`, if still current.
    @inline(__always)
    func choice(at position: Int, in container: DIContainer, epoch: Int) -> Component? {
        let id = ObjectIdentifier(container)
        return entries.withLock { entries in
            guard let entry = entries[position], entry.epoch == epoch, entry.container == id else { return nil }
            return entry.component
        }
    }

    /// Remembers what parameter `position` resolved to (found while the epoch was `epoch`).
    func remember(_ component: Component, at position: Int, in container: DIContainer, epoch: Int) {
        let entry = Entry(epoch: epoch, container: ObjectIdentifier(container), component: component)
        entries.withLock { $0[position] = entry }
    }
}

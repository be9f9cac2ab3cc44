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

    /// The entries, the first few inline: a typical factory's parameters then need no
    /// array of their own (one allocation less per registration).
    private struct Entries {
        static let inlineCount = 4
        /// Parameters 0 to 3: a homogeneous tuple, laid out like a C array.
        var inline: (Entry?, Entry?, Entry?, Entry?) = (nil, nil, nil, nil)
        /// Parameters from the fifth on.
        var more: [Entry?]

        init(count: Int) {
            more = Array(repeating: nil, count: max(count - Self.inlineCount, 0))
        }

        /// The entry of parameter `position` (mutating only to address the tuple in place).
        @inline(__always)
        mutating func entry(at position: Int) -> Entry? {
            guard position < Self.inlineCount else { return more[position - Self.inlineCount] }
            return withUnsafeMutablePointer(to: &inline) {
                UnsafeMutableRawPointer($0).assumingMemoryBound(to: Entry?.self)[position]
            }
        }

        mutating func set(_ entry: Entry, at position: Int) {
            guard position < Self.inlineCount else {
                more[position - Self.inlineCount] = entry
                return
            }
            withUnsafeMutablePointer(to: &inline) {
                UnsafeMutableRawPointer($0).assumingMemoryBound(to: Entry?.self)[position] = entry
            }
        }
    }

    private let entries: Locked<Entries>

    init(parameterCount: Int) {
        entries = Locked(Entries(count: parameterCount))
    }

    /// The component parameter `position` resolved to in `container`, if still current.
    @inline(__always)
    func choice(at position: Int, in container: DIContainer, epoch: Int) -> Component? {
        let id = ObjectIdentifier(container)
        return entries.withLock { entries in
            guard let entry = entries.entry(at: position), entry.epoch == epoch, entry.container == id else {
                return nil
            }
            return entry.component
        }
    }

    /// Remembers what parameter `position` resolved to (found while the epoch was `epoch`).
    func remember(_ component: Component, at position: Int, in container: DIContainer, epoch: Int) {
        let entry = Entry(epoch: epoch, container: ObjectIdentifier(container), component: component)
        entries.withLock { $0.set(entry, at: position) }
    }
}

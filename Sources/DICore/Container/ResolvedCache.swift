import DILazy

/// A container's answers to plain `resolve<T>()` calls for strongly cached components it
/// owns, stored typed: a repeat resolve is one locked dictionary lookup, with no wrapper
/// check, no selection and no dynamic cast.
///
/// Anything that could change an answer (a registration or modifier in any container, a
/// cleared slot) bumps the process-wide ``epoch``; entries filled under an older epoch are
/// never used. ``flush()`` on `clean` lets go of the instances at once.
final class ResolvedCache: Sendable {
    /// An instance stored under `ObjectIdentifier(T.self)`, so its `T` is known on lookup.
    final class Box<T>: @unchecked Sendable {
        // @unchecked Sendable: immutable; the instance is one the container already hands
        // to any thread that resolves it.
        let value: T
        init(_ value: T) { self.value = value }
    }

    private struct State {
        var epoch = -1
        var boxes: [ObjectIdentifier: AnyObject] = [:]
        /// A direct-mapped front of `boxes`, by the type's address: a hit needs no hashing.
        var recent = [Recent?](repeating: nil, count: ResolvedCache.recentCount)

        mutating func forget() -> [ObjectIdentifier: AnyObject] {
            var stale: [ObjectIdentifier: AnyObject] = [:]
            swap(&stale, &boxes)
            recent = [Recent?](repeating: nil, count: ResolvedCache.recentCount)
            return stale
        }
    }

    private struct Recent {
        let key: ObjectIdentifier
        let box: AnyObject
    }

    private static let recentCount = 64

    /// Where `key` goes in the direct-mapped front (type metadata is 16-byte aligned).
    @inline(__always)
    private static func recentIndex(_ key: ObjectIdentifier) -> Int {
        Int(truncatingIfNeeded: UInt(bitPattern: key) >> 4) & (recentCount - 1)
    }

    /// Bumped by every registry change and every slot clear, in any container.
    static let epoch = AtomicCount()

    /// Bumped by every change that may change which component answers a request
    /// (registrations, modifiers, imports) — not by cleans. ``ChoiceMemo`` checks it.
    static let registryEpoch = AtomicCount()

    /// Records a registry change: retires remembered choices and remembered answers.
    static func registryChanged() {
        registryEpoch.add(1)
        epoch.add(1)
    }

    private let state = Locked(State())

    /// The cached answer for `T`, if it is still current.
    ///
    /// A box rather than a `T?`: an optional of a class needs no generic metadata lookup,
    /// which would cost as much as the rest of the hit.
    @inline(__always)
    func box<T>(_ type: T.Type) -> Box<T>? {
        let epoch = Self.epoch.value
        let key = ObjectIdentifier(T.self)
        let index = Self.recentIndex(key)
        let box = state.withLock { state -> AnyObject? in
            guard state.epoch == epoch else { return nil }
            if let recent = state.recent[index], recent.key == key { return recent.box }
            guard let box = state.boxes[key] else { return nil }
            state.recent[index] = Recent(key: key, box: box)
            return box
        }
        guard let box else { return nil }
        // Only `store` writes under this key, always a `Box<T>`.
        return unsafeDowncast(box, to: Box<T>.self)
    }

    /// Remembers the answer for `T`, found while the epoch was `epoch`.
    ///
    /// - Returns: The answer, boxed.
    @discardableResult
    func store<T>(_ value: T, for type: T.Type, epoch: Int) -> Box<T> {
        let box = Box(value)
        let stale = state.withLock { state -> [ObjectIdentifier: AnyObject] in
            guard Self.epoch.value == epoch else { return [:] }
            var stale: [ObjectIdentifier: AnyObject] = [:]
            if state.epoch != epoch {
                stale = state.forget()
                state.epoch = epoch
            }
            let key = ObjectIdentifier(T.self)
            state.boxes[key] = box
            state.recent[Self.recentIndex(key)] = Recent(key: key, box: box)
            return stale
        }
        // Released outside the lock: a deinit is user code.
        withExtendedLifetime(stale) {}
        return box
    }

    /// Forgets every answer and lets go of the instances.
    func flush() {
        let stale = state.withLock { state -> [ObjectIdentifier: AnyObject] in
            state.epoch = -1
            return state.forget()
        }
        withExtendedLifetime(stale) {}
    }
}

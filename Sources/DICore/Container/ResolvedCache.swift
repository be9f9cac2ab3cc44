@_spi(Tranquil) import DILazy

/// A container's answers to plain `resolve<T>()` calls for strongly cached components it
/// owns, stored typed: a repeat resolve is one locked table lookup, with no wrapper check,
/// no selection and no dynamic cast. It also remembers which component each plain top-level
/// request chose.
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

    /// ``epoch``, reachable without the lazy-global check a static costs on every hit.
    private let epochCounter = ResolvedCache.epoch

    /// ``epoch``'s current value.
    @inline(__always)
    var epoch: Int { epochCounter.value }

    private struct State {
        /// The epoch the answers were found under; `-1`: none.
        var seenEpoch = -1
        /// The answers, by the requested type: each a `Box<T>` for that `T`.
        var boxes = IdentityTable<AnyObject>()
        /// The component each plain top-level request chose, by the requested type, under
        /// ``chosenEpoch``, the registry epoch they were made in: a repeat resolve of an
        /// uncached component skips the registry's lookup. Not emptied by `clean`, which
        /// changes no choice.
        ///
        /// Not retained: a container keeps every component it or its parents ever handed
        /// out until it goes (see ``ChoiceMemo``), and a cache lives and dies with its
        /// container.
        var chosen = IdentityTable<Unmanaged<Component>>()
        var chosenEpoch = -1
    }

    private let state = Locked(State())

    /// The cached answer for `T`, if it is still current.
    ///
    /// A box rather than a `T?`: an optional of a class needs no generic metadata lookup,
    /// which would cost as much as the rest of the hit.
    @inline(__always)
    func box<T>(_ type: T.Type) -> Box<T>? {
        let epoch = epochCounter.value
        let key = ObjectIdentifier(T.self)
        let box = state.withLock { state in state.seenEpoch == epoch ? state.boxes[key] : nil }
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
        var stale: IdentityTable<AnyObject>?
        var replaced: AnyObject?
        state.withLock { state in
            guard epochCounter.value == epoch else { return }
            if state.seenEpoch != epoch {
                if !state.boxes.isEmpty { stale = forget(&state) }
                state.seenEpoch = epoch
            }
            replaced = state.boxes.store(box, for: ObjectIdentifier(T.self))
        }
        // Released outside the lock: a deinit is user code.
        withExtendedLifetime((stale, replaced)) {}
        return box
    }

    /// The component a plain request for `key` chose while the registry epoch was `epoch`,
    /// not retained (see ``State/chosen``).
    @inline(__always)
    func choice(for key: ObjectIdentifier, epoch: Int) -> Unmanaged<Component>? {
        state.withLock { state in state.chosenEpoch == epoch ? state.chosen[key] : nil }
    }

    /// Remembers the component a plain request for `key` chose (while the epoch was `epoch`).
    func remember(_ component: Component, for key: ObjectIdentifier, epoch: Int) {
        var stale: IdentityTable<Unmanaged<Component>>?
        state.withLock { state in
            if state.chosenEpoch != epoch {
                stale = state.chosen
                state.chosen = IdentityTable()
                state.chosenEpoch = epoch
            }
            state.chosen.store(.passUnretained(component), for: key)
        }
        // The old table's storage is freed outside the lock.
        withExtendedLifetime(stale) {}
    }

    /// Forgets every answer and lets go of the instances.
    func flush() {
        let stale = state.withLock { state -> IdentityTable<AnyObject>? in
            state.seenEpoch = -1
            // Nothing remembered since the last flush: no new table to make.
            guard !state.boxes.isEmpty else { return nil }
            return forget(&state)
        }
        withExtendedLifetime(stale) {}
    }

    /// Empties the cache under the lock, handing back what it held: the caller lets go of
    /// it once the lock is released.
    private func forget(_ state: inout State) -> IdentityTable<AnyObject> {
        let stale = state.boxes
        state.boxes = IdentityTable()
        return stale
    }
}

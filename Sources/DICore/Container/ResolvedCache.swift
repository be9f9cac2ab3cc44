@_spi(Tranquil) import DILazy

/// A container's answers to plain `resolve<T>()` calls for strongly cached components it
/// owns, stored typed: a repeat resolve is one locked dictionary lookup, with no wrapper
/// check, no selection and no dynamic cast.
///
/// Anything that could change an answer (a registration or modifier in any container, a
/// cleared slot) bumps the process-wide ``epoch``; entries filled under an older epoch are
/// never used. ``flush()`` on `clean` lets go of the instances at once.
final class ResolvedCache: @unchecked Sendable {
    // @unchecked Sendable: `front` is only touched while `state` is locked.

    /// An instance stored under `ObjectIdentifier(T.self)`, so its `T` is known on lookup.
    final class Box<T>: @unchecked Sendable {
        // @unchecked Sendable: immutable; the instance is one the container already hands
        // to any thread that resolves it.
        let value: T
        init(_ value: T) { self.value = value }
    }

    /// An entry of the direct-mapped front.
    private struct Recent {
        var key: ObjectIdentifier?
        var box: AnyObject?
    }

    private static let recentCount = 64

    /// Where `key` goes in a direct-mapped table: the type's address, Fibonacci-hashed so
    /// that metadata laid out at a regular stride spreads over the whole table.
    @inline(__always)
    private static func recentIndex(_ key: ObjectIdentifier) -> Int {
        let mixed = UInt64(UInt(bitPattern: key)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> 58)  // the top 6 bits: 0..<64
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

    private struct State {
        /// The epoch the entries were found under; `-1`: none.
        var seenEpoch = -1
        var boxes: [ObjectIdentifier: AnyObject] = [:]
        /// Every remembered choice (``choices`` holds the recent ones), under
        /// ``chosenEpoch``, the registry epoch they were made in.
        var chosen: [ObjectIdentifier: Component] = [:]
        var chosenEpoch = -1
    }

    private let state = Locked(State())
    /// A direct-mapped front of `boxes`, by the type's address: a hit needs no hashing.
    /// Raw memory rather than an array in `State`: a hit then does no bounds, uniqueness or
    /// optional-wrapping work.
    private let front: UnsafeMutablePointer<Recent>
    /// The component each plain top-level request chose, by the requested type's address
    /// (direct-mapped like `front`), valid while ``registryEpoch`` is unchanged: a repeat
    /// resolve of an uncached component skips the hashed registry lookup. Not emptied by
    /// `clean`, which changes no choice.
    private let choices: UnsafeMutablePointer<Choice>

    /// An entry of `choices`.
    private struct Choice {
        var key: ObjectIdentifier?
        var epoch = -1
        var component: Component?
    }

    init() {
        front = .allocate(capacity: Self.recentCount)
        front.initialize(repeating: Recent(), count: Self.recentCount)
        choices = .allocate(capacity: Self.recentCount)
        choices.initialize(repeating: Choice(), count: Self.recentCount)
    }

    deinit {
        front.deinitialize(count: Self.recentCount)
        front.deallocate()
        choices.deinitialize(count: Self.recentCount)
        choices.deallocate()
    }

    /// The cached answer for `T`, if it is still current.
    ///
    /// A box rather than a `T?`: an optional of a class needs no generic metadata lookup,
    /// which would cost as much as the rest of the hit.
    @inline(__always)
    func box<T>(_ type: T.Type) -> Box<T>? {
        let epoch = epochCounter.value
        let key = ObjectIdentifier(T.self)
        let recent = front + Self.recentIndex(key)
        let box = state.withLock { state -> AnyObject? in
            if state.seenEpoch == epoch, recent.pointee.key == key { return recent.pointee.box }
            return Self.missed(key, recent, state, epoch: epoch)
        }
        guard let box else { return nil }
        // Only `store` writes under this key, always a `Box<T>`.
        return unsafeDowncast(box, to: Box<T>.self)
    }

    /// A front miss, under the lock: the answer from `boxes`, moved to the front.
    @inline(never)
    private static func missed(
        _ key: ObjectIdentifier,
        _ recent: UnsafeMutablePointer<Recent>,
        _ state: State,
        epoch: Int
    ) -> AnyObject? {
        guard state.seenEpoch == epoch, let box = state.boxes[key] else { return nil }
        recent.pointee = Recent(key: key, box: box)
        return box
    }

    /// Remembers the answer for `T`, found while the epoch was `epoch`.
    ///
    /// - Returns: The answer, boxed.
    @discardableResult
    func store<T>(_ value: T, for type: T.Type, epoch: Int) -> Box<T> {
        let box = Box(value)
        let stale = state.withLock { state -> [ObjectIdentifier: AnyObject] in
            guard epochCounter.value == epoch else { return [:] }
            var stale: [ObjectIdentifier: AnyObject] = [:]
            if state.seenEpoch != epoch {
                stale = forget(&state)
                state.seenEpoch = epoch
            }
            let key = ObjectIdentifier(T.self)
            state.boxes[key] = box
            front[Self.recentIndex(key)] = Recent(key: key, box: box)
            return stale
        }
        // Released outside the lock: a deinit is user code.
        withExtendedLifetime(stale) {}
        return box
    }

    /// The component a plain request for `key` chose while the registry epoch was `epoch`.
    @inline(__always)
    func choice(for key: ObjectIdentifier, epoch: Int) -> Component? {
        let entry = choices + Self.recentIndex(key)
        var replaced = Choice()
        let found = state.withLock { state -> Component? in
            if entry.pointee.key == key && entry.pointee.epoch == epoch { return entry.pointee.component }
            return Self.missedChoice(key, entry, &state, epoch: epoch, replaced: &replaced)
        }
        // Released outside the lock (see `remember`).
        withExtendedLifetime(replaced) {}
        return found
    }

    /// A miss in ``choices``, under the lock: the choice from `chosen`, moved to the front.
    @inline(never)
    private static func missedChoice(
        _ key: ObjectIdentifier,
        _ entry: UnsafeMutablePointer<Choice>,
        _ state: inout State,
        epoch: Int,
        replaced: inout Choice
    ) -> Component? {
        guard state.chosenEpoch == epoch, let component = state.chosen[key] else { return nil }
        replaced = entry.pointee
        entry.pointee = Choice(key: key, epoch: epoch, component: component)
        return component
    }

    /// Remembers the component a plain request for `key` chose (while the epoch was `epoch`).
    func remember(_ component: Component, for key: ObjectIdentifier, epoch: Int) {
        let entry = choices + Self.recentIndex(key)
        var replaced = Choice(key: key, epoch: epoch, component: component)
        var stale: [ObjectIdentifier: Component] = [:]
        state.withLock { state in
            swap(&replaced, &entry.pointee)
            if state.chosenEpoch != epoch {
                swap(&stale, &state.chosen)
                state.chosenEpoch = epoch
            }
            state.chosen[key] = component
        }
        // Released outside the lock: the last reference to a replaced version of a
        // component may go here, and with it what its factory captured.
        replaced = Choice()
        stale = [:]
    }

    /// Forgets every answer and lets go of the instances.
    func flush() {
        let stale = state.withLock { state in
            state.seenEpoch = -1
            return forget(&state)
        }
        withExtendedLifetime(stale) {}
    }

    /// Empties the cache under the lock, handing back what it held: the caller lets go of
    /// it once the lock is released. (The front only repeats what `boxes` holds, so
    /// clearing it releases nothing last.)
    private func forget(_ state: inout State) -> [ObjectIdentifier: AnyObject] {
        var stale: [ObjectIdentifier: AnyObject] = [:]
        swap(&stale, &state.boxes)
        for index in 0..<Self.recentCount {
            front[index] = Recent()
        }
        return stale
    }
}

import DIRuntime

/// A container's answers to plain `resolve<T>()` calls, by the requested type: a repeat
/// resolve is one locked table lookup.
///
/// An entry is either the answer itself — an instance kept alive by a cell this container
/// owns, or the `nil` of an optional request nothing answers — or just the component the
/// request chose, which spares a repeat resolve the registry's lookup.
///
/// Entries are filled under ``Epochs/answers`` and used only while it is unchanged: any
/// registration, modifier or clean in any container retires them all at once. A clean
/// also flushes its own container's table, so a dropped instance is let go of at once.
final class AnswerCache: Sendable {
    enum Entry {
        /// The answer, as a value of the requested type.
        case value(Any)
        /// The component the request chooses.
        case component(Component)
    }

    private struct State {
        /// The epoch the entries were found under; `-1`: none.
        var epoch = -1
        var entries = IdentityTable<Entry>()
    }

    private let state = Locked(State())

    /// The entry for `key`, if it was stored under `epoch`.
    func entry(for key: ObjectIdentifier, epoch: Int) -> Entry? {
        state.withLock { state in state.epoch == epoch ? state.entries[key] : nil }
    }

    /// Remembers `entry` for `key`, found while the epoch was `epoch` — unless the epoch has
    /// moved on since (then the entry may already be stale).
    func store(_ entry: Entry, for key: ObjectIdentifier, epoch: Int) {
        let dropped = state.withLock { state -> (IdentityTable<Entry>?, Entry?) in
            guard Epochs.answers.value == epoch else { return (nil, nil) }
            var stale: IdentityTable<Entry>?
            if state.epoch != epoch {
                stale = state.entries
                state.entries = IdentityTable()
                state.epoch = epoch
            }
            return (stale, state.entries.store(entry, for: key))
        }
        // Released outside the lock: a deinit is user code.
        withExtendedLifetime(dropped) {}
    }

    /// Forgets every entry, letting go of the instances.
    func flush() {
        let stale = state.withLock { state -> IdentityTable<Entry>? in
            state.epoch = -1
            guard !state.entries.isEmpty else { return nil }
            let stale = state.entries
            state.entries = IdentityTable()
            return stale
        }
        withExtendedLifetime(stale) {}
    }
}

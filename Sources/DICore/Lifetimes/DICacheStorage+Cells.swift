import DIRuntime

// The cells a scope's storage keeps its instances in: the Lifetimes stage's part of
// `DICacheStorage`, which `Registry/` declares beside the `DIScope` that holds it.
extension DICacheStorage {
    /// How many instances the storage keeps now.
    public var count: Int {
        cells.withLock { $0.all }.count(where: \.hasInstance)
    }

    func cell(type: Any.Type, file: String, line: UInt, qualifiers: [DIQualifier], keepsAlive: Bool) -> InstanceCell {
        let key = Key(
            type: ObjectIdentifier(type),
            file: file,
            line: line,
            qualifiers: qualifiers,
            keepsAlive: keepsAlive
        )
        return cells.withLock { cells in
            if let cell = cells.byKey[key] { return cell }
            let cell = InstanceCell(keepsAlive: keepsAlive)
            cells.byKey[key] = cell
            cells.all.append(cell)
            return cell
        }
    }

    /// Drops every instance, and the copies isolating containers keep of them; returns them
    /// for the caller to let go of outside any lock.
    func clear() -> [Any] {
        let stamp = Epochs.cleanStamp
        let own = cells.withLock { $0.all }.compactMap { $0.clear(stamp: stamp).dropped }
        return liveKeepers.reduce(own) { $0 + $1.dropCopies(keptFor: self) }
    }

    /// The containers that keep the storage's instances and still exist.
    var liveKeepers: [any ScopeKeeping] {
        keepers.withLock { $0.compactMap(\.keeper) }
    }

    /// Notes that `keeper` keeps the storage's instances (its registrations', or copies).
    func note(keeper: any ScopeKeeping) {
        keepers.withLock { keepers in
            guard !keepers.contains(where: { $0.keeper === keeper }) else { return }
            keepers.removeAll { $0.keeper == nil }
            keepers.append(WeakKeeper(keeper: keeper))
        }
    }
}

import DIRuntime

// The cells a scope's storage keeps its instances in: the Lifetimes stage's part of
// `DICacheStorage`, which `Registry/` declares beside the `DIScope` that holds it.
extension DICacheStorage {
    /// How many instances the storage keeps now.
    public var count: Int {
        cells.withLock { $0.all }.count(where: \.hasInstance)
    }

    func cell(type: Any.Type, file: String, line: UInt, qualifiers: [DIQualifier], keepsAlive: Bool) -> InstanceCell {
        let key = Key(type: ObjectIdentifier(type), file: file, line: line, qualifiers: qualifiers)
        return cells.withLock { cells in
            if let cell = cells.byKey[key] { return cell }
            let cell = InstanceCell(keepsAlive: keepsAlive)
            cells.byKey[key] = cell
            cells.all.append(cell)
            return cell
        }
    }

    /// Drops every instance; returns them for the caller to let go of outside any lock.
    func clear() -> [Any] {
        cells.withLock { $0.all }.compactMap { $0.clear().dropped }
    }

    /// Notes that `rememberer` is about to remember one of this storage's instances.
    func noteRemembered(by rememberer: any InstanceRemembering) {
        rememberers.withLock { rememberers in
            guard !rememberers.contains(where: { $0.rememberer === rememberer }) else { return }
            rememberers.removeAll { $0.rememberer == nil }
            rememberers.append(WeakRememberer(rememberer: rememberer))
        }
    }

    /// Makes everything that remembered this storage's instances forget them: after a
    /// clean, once the epoch of remembered instances moved on (see ``Epochs/instancesDropped()``).
    func forgetRemembered() {
        let rememberers = rememberers.withLock { $0.compactMap(\.rememberer) }
        for rememberer in rememberers { rememberer.forgetInstances() }
    }
}

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
}

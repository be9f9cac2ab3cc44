import DIRuntime

/// Where a ``DIScope`` keeps its instances: one cell per registration (type, `file:line`,
/// and the names and tags it answers to), safe to use from any thread.
public final class DICacheStorage: Sendable {
    private struct Key: Hashable {
        let type: ObjectIdentifier
        let file: String
        let line: UInt
        /// A loop registering named components on one line gets one cell per name.
        let qualifiers: [DIQualifier]
    }

    private let cells = Locked<[Key: InstanceCell]>([:])

    /// An empty storage.
    public init() {}

    /// How many instances the storage keeps now.
    public var count: Int {
        cells.withLock { Array($0.values) }.count(where: \.hasInstance)
    }

    func cell(type: Any.Type, file: String, line: UInt, qualifiers: [DIQualifier], keepsAlive: Bool) -> InstanceCell {
        let key = Key(type: ObjectIdentifier(type), file: file, line: line, qualifiers: qualifiers)
        return cells.withLock { cells in
            if let cell = cells[key] { return cell }
            let cell = InstanceCell(keepsAlive: keepsAlive)
            cells[key] = cell
            return cell
        }
    }

    /// Drops every instance; returns them for the caller to let go of outside any lock.
    func clear() -> [Any] {
        cells.withLock { Array($0.values) }.compactMap { $0.clear().dropped }
    }
}

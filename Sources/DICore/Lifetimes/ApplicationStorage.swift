import DIRuntime

/// The process-wide cells of `single` and `perApplication` components.
///
/// A cell is keyed by the registered type and the `register` call's file and line, so the
/// same line registering in two containers shares one instance.
enum ApplicationStorage {
    private struct Key: Hashable {
        let type: ObjectIdentifier
        let file: String
        let line: UInt
    }

    private static let cells = Locked<[Key: InstanceCell]>([:])

    /// The shared cell for a registration, created on first request.
    static func cell(type: Any.Type, file: String, line: UInt, keepsAlive: Bool) -> InstanceCell {
        let key = Key(type: ObjectIdentifier(type), file: file, line: line)
        return cells.withLock { cells in
            if let cell = cells[key] { return cell }
            let cell = InstanceCell(keepsAlive: keepsAlive)
            cells[key] = cell
            return cell
        }
    }
}

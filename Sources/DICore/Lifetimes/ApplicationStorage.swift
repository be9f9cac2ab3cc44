import DIRuntime

/// The process-wide cells of `single` and `perApplication` components.
///
/// A cell is keyed by the registered type and the `register` call's file and line, so the
/// same line registering in two containers shares one instance (as a ``DIScope``'s
/// storage keys them, which is what this is: a storage nobody cleans).
enum ApplicationStorage {
    private static let storage = DICacheStorage()

    /// The shared cell for a registration, created on first request.
    static func cell(type: Any.Type, file: String, line: UInt, keepsAlive: Bool) -> InstanceCell {
        storage.cell(type: type, file: file, line: line, keepsAlive: keepsAlive)
    }
}

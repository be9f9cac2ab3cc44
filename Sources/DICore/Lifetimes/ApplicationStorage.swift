import DIRuntime

/// The process-wide cells of `single` and `perApplication` components.
///
/// A cell is keyed by the registered type, the `register` call's file and line, the names
/// and tags the component answers to, and whether it keeps its instance alive, so the same
/// line registering in two containers shares one instance, a line registering named
/// components in a loop makes one per name, and one registering `.weak` here and
/// `.single` there keeps each as its lifetime says (as a ``DIScope``'s storage keys them, which is what this is: a storage nobody
/// cleans).
enum ApplicationStorage {
    private static let storage = DICacheStorage()

    /// The shared cell for a registration, created on first request.
    static func cell(type: Any.Type, file: String, line: UInt, qualifiers: [DIQualifier], keepsAlive: Bool)
        -> InstanceCell
    {
        storage.cell(type: type, file: file, line: line, qualifiers: qualifiers, keepsAlive: keepsAlive)
    }
}

import DIRuntime

/// Which run-time warnings a container has already given, so each is given once: a request
/// answered `nil` the same way again (often a remembered answer) says nothing new.
final class FirstReports: Sendable {
    private let given = Locked<Set<DIKey>>([])

    /// Whether the warning about `key` is given now for the first time (and records it).
    func isFirst(_ key: DIKey) -> Bool {
        given.withLock { $0.insert(key).inserted }
    }
}

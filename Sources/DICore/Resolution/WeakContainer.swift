import DIRuntime

/// A weak reference to a container that can be shared across threads.
final class WeakContainer: Sendable {
    private let storage: Locked<Weak>

    private struct Weak {
        weak var container: DIContainer?
    }

    init(_ container: DIContainer) {
        storage = Locked(Weak(container: container))
    }

    var value: DIContainer? { storage.withLock { $0.container } }
}

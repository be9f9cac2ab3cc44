import DICore
import DIParts
import DIRuntime

// A fixed pool of framework and part types whose `load` runs a script chosen per container
// at run time: the static `load(container:)` of `DIFramework`/`DIPart` can then be driven by
// a test's table (a model seed, a race round) while tests run in parallel.

/// Which member of the pool a generic framework or part is.
protocol PoolIndex { static var index: Int { get } }
enum N0: PoolIndex { static let index = 0 }
enum N1: PoolIndex { static let index = 1 }
enum N2: PoolIndex { static let index = 2 }
enum N3: PoolIndex { static let index = 3 }

/// Framework number `N.index` of the pool.
final class Fw<N: PoolIndex>: DIFramework {
    static func load(container: DIContainer) { LoadScripts.run(Self.self, in: container) }
}

/// Part number `N.index` of the pool.
final class Pt<N: PoolIndex>: DIPart {
    static func load(container: DIContainer) { LoadScripts.run(Self.self, in: container) }
}

/// The pool, by index.
enum Pool {
    static var frameworks: [any DIFramework.Type] { [Fw<N0>.self, Fw<N1>.self, Fw<N2>.self, Fw<N3>.self] }
    static var parts: [any DIPart.Type] { [Pt<N0>.self, Pt<N1>.self, Pt<N2>.self, Pt<N3>.self] }
}

/// What each pool member's `load` does, per container.
enum LoadScripts {
    typealias Script = @Sendable (DIContainer) -> Void

    private struct Key: Hashable {
        let container: ObjectIdentifier
        let module: ObjectIdentifier
    }

    // `Locked` (pthread) rather than `Synchronization.Mutex`: ThreadSanitizer does not see
    // the uninstrumented futex inside Mutex on Linux and reports false races.
    private static let table = Locked<[Key: Script]>([:])

    /// Sets what `module.load(container:)` does when loaded into `container`.
    static func set(_ module: Any.Type, in container: DIContainer, _ script: @escaping Script) {
        let key = Key(container: ObjectIdentifier(container), module: ObjectIdentifier(module))
        table.withLock { $0[key] = script }
    }

    /// Runs the script (outside the lock: it registers, and may load other modules).
    static func run(_ module: Any.Type, in container: DIContainer) {
        let key = Key(container: ObjectIdentifier(container), module: ObjectIdentifier(module))
        let script = table.withLock { $0[key] }
        script?(container)
    }

    /// Forgets `container`'s scripts (a later container may reuse its address).
    static func forget(_ container: DIContainer) {
        let id = ObjectIdentifier(container)
        table.withLock { table in
            table = table.filter { $0.key.container != id }
        }
    }
}

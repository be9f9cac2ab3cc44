import DIRuntime

/// What remembers the instances one keeper of them holds, outside it: a container's cells
/// remembered by its children's answers, a scope's by the answers of the containers that
/// registered it. Held weakly: a rememberer ends with its container.
struct Rememberers: Sendable {
    private struct Weak {
        weak var rememberer: (any InstanceRemembering)?
    }

    private let list = Locked<[Weak]>([])

    /// Notes that `rememberer` is about to remember one of the keeper's instances.
    func note(_ rememberer: any InstanceRemembering) {
        list.withLock { list in
            guard !list.contains(where: { $0.rememberer === rememberer }) else { return }
            list.removeAll { $0.rememberer == nil }
            list.append(Weak(rememberer: rememberer))
        }
    }

    /// Makes every rememberer forget its instances: after a clean, once the epoch of
    /// remembered instances moved on (see ``Epochs/instancesDropped()``).
    func forgetAll() {
        let rememberers = list.withLock { $0.compactMap(\.rememberer) }
        for rememberer in rememberers { rememberer.flush() }
    }
}

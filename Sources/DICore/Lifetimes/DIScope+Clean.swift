import DIRuntime

// What a scope keeps and what cleaning it drops: the Lifetimes stage's part of `DIScope`,
// which `Registry/` declares because a registration names it (`.lifetime(.custom(scope))`).
extension DIScope {
    /// Drops every instance of this scope and of the scopes nested in it.
    ///
    /// The scope forgets them; objects the app still holds stay alive. A resolve making one
    /// right now still completes, but its instance is not kept.
    public func clean() {
        let storages = storagesCleaned
        // The observed containers that keep the instances, with what they keep now.
        var keepers: [(keeper: any ScopeKeeping, droppedFrom: Set<Int>)] = []
        for keeper in storages.flatMap(\.liveKeepers) where !keepers.contains(where: { $0.keeper === keeper }) {
            if let kept = keeper.instancesCleaned(by: self) { keepers.append((keeper, kept)) }
        }
        var dropped = storages.flatMap { $0.clear() }
        // After the drops: remembered answers may name a dropped instance. Those that
        // remembered one let go of it now.
        Epochs.instancesDropped()
        for storage in storages { storage.rememberers.forgetAll() }
        // The instances go here, outside every lock: a deinit is user code.
        dropped.removeAll()
        for (keeper, droppedFrom) in keepers { keeper.reportCleaned(self, droppedFrom: droppedFrom) }
    }

    /// The storages ``clean()`` empties: this scope's and those of the scopes nested in it.
    private var storagesCleaned: [DICacheStorage] {
        var storages = [storage]
        var nested = children.withLock { $0.compactMap(\.scope) }
        while let scope = nested.popLast() {
            storages.append(scope.storage)
            nested += scope.children.withLock { $0.compactMap(\.scope) }
        }
        return storages
    }

    /// Whether cleaning `scope` drops this scope's instances: it is `scope` or nested in it,
    /// or it keeps them in a storage one of those keeps theirs in (a shared
    /// `DICacheStorage`, which a clean empties for every scope that shares it).
    func isCleaned(by scope: DIScope) -> Bool {
        var current: DIScope? = self
        while let candidate = current {
            if candidate === scope { return true }
            current = candidate.parent
        }
        return scope.storagesCleaned.contains { $0 === storage }
    }

    /// The cell that keeps the instance of the registration of `type` at `file:line`.
    func cell(type: Any.Type, file: String, line: UInt, qualifiers: [DIQualifier]) -> InstanceCell {
        storage.cell(type: type, file: file, line: line, qualifiers: qualifiers, keepsAlive: policy == .strong)
    }
}

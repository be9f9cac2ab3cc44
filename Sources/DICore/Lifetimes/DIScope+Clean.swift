import DIRuntime

// What a scope keeps and what cleaning it drops: the Lifetimes stage's part of `DIScope`,
// which `Registry/` declares because a registration names it (`.lifetime(.custom(scope))`).
extension DIScope {
    /// Drops every instance of this scope and of the scopes nested in it.
    ///
    /// The scope forgets them; objects the app still holds stay alive. A resolve making one
    /// right now still completes, but its instance is not kept.
    public func clean() {
        // This scope first, then the nested ones: a scope with none (the usual one) cleans
        // with no list of scopes made.
        var dropped = storage.clear()
        var cleanedNested: [DICacheStorage] = []
        var nested = children.withLock { $0.compactMap(\.scope) }
        while let scope = nested.popLast() {
            dropped += scope.storage.clear()
            cleanedNested.append(scope.storage)
            nested += scope.children.withLock { $0.compactMap(\.scope) }
        }
        // After the drops: remembered answers may name a dropped instance. Those that
        // remembered one let go of it now.
        Epochs.instancesDropped()
        storage.rememberers.forgetAll()
        for storage in cleanedNested { storage.rememberers.forgetAll() }
        // The instances go here, outside every lock: a deinit is user code.
        dropped.removeAll()
    }

    /// Whether cleaning `scope` cleans this one: it is `scope`, or nested in it.
    func isNested(in scope: DIScope) -> Bool {
        var current: DIScope? = self
        while let candidate = current {
            if candidate === scope { return true }
            current = candidate.parent
        }
        return false
    }

    /// The cell that keeps the instance of the registration of `type` at `file:line`.
    func cell(type: Any.Type, file: String, line: UInt, qualifiers: [DIQualifier]) -> InstanceCell {
        storage.cell(type: type, file: file, line: line, qualifiers: qualifiers, keepsAlive: policy == .strong)
    }
}

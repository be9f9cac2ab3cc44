/// A container that keeps a scope's instances: through its own `.custom(scope)`
/// registrations, or as copies kept apart from the scope (an isolating container, for its
/// ancestors' `.custom(scope)` components). Cleaning the scope drops the copies too, and
/// each such container tells its observers.
protocol ScopeKeeping: AnyObject, Sendable {
    /// Drops the copies it keeps of `storage`'s instances, and returns them, to be let go
    /// of outside any lock.
    func dropCopies(keptFor storage: DICacheStorage) -> [Any]

    /// When observed: its components whose instances cleaning `scope` drops, read before
    /// the clean (see ``reportCleaned(_:droppedFrom:)``); `nil` when nobody observes it.
    func instancesCleaned(by scope: DIScope) -> Set<Int>?

    /// Tells its observers that `scope` was cleaned, dropping the instances of the
    /// components `droppedFrom`.
    func reportCleaned(_ scope: DIScope, droppedFrom: Set<Int>)
}

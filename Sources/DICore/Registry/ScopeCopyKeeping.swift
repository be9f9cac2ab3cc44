/// A container that keeps copies of a scope's instances apart from the scope (an isolating
/// container, for its ancestors' `.custom(scope)` components): cleaning the scope drops
/// the copies too.
protocol ScopeCopyKeeping: AnyObject, Sendable {
    /// Drops the copies it keeps of `storage`'s instances, and returns them, to be let go
    /// of outside any lock.
    func dropCopies(keptFor storage: DICacheStorage) -> [Any]
}

extension DIGraph {
    /// How many containers above the one that keeps the holder's instance the target's
    /// instance the holder gets is kept, if it is kept higher: a clean there drops it and
    /// leaves the holder. `nil` when both are kept in one container (or either is kept
    /// off the graph's chain).
    ///
    /// The keepers are those resolves use (``DIContainer/keeper(of:)``): the holder's, as
    /// the graph's container finds it; the target's, as the holder's keeper, which makes
    /// the holder and so resolves the target, finds it.
    func keptAbove(_ target: Int, for holder: Int) -> Int? {
        guard let holderKeeper = container.keeper(of: vertices[holder].component),
            let targetKeeper = holderKeeper.keeper(of: vertices[target].component),
            targetKeeper !== holderKeeper
        else { return nil }
        var levels = 0
        var current: DIContainer? = holderKeeper
        while let container = current, container !== targetKeeper {
            levels += 1
            current = container.parent
        }
        return current == nil ? nil : levels
    }
}

extension DIGraph {
    /// How many containers above the one that keeps the holder's instance the target's
    /// instance the holder gets is kept, if it is kept higher: a clean there drops it and
    /// leaves the holder. `nil` when both are kept in one container (or the target is
    /// not kept by a container).
    ///
    /// As ``DIContainer/keeper(of:)`` finds them: the nearest container from the resolving
    /// one up that isolates instances, for an ancestor's component it copies; otherwise the
    /// component's own. The holder is made by its keeper, which then resolves the target.
    func keptAbove(_ target: Int, for holder: Int) -> Int? {
        let holderKeeper = keeperLevel(of: holder, resolvedAt: 0)
        let targetKeeper = keeperLevel(of: target, resolvedAt: holderKeeper)
        return targetKeeper > holderKeeper ? targetKeeper - holderKeeper : nil
    }

    /// The level of the container that keeps the instance of the component at `position`
    /// for a resolve in the container at `level`.
    private func keeperLevel(of position: Int, resolvedAt level: Int) -> Int {
        let owner = vertices[position].containerLevel
        guard level < owner, DIContainer.isolatingContainersCopy(vertices[position].component) else { return owner }
        return (level..<owner).first { isolatingLevels[$0] } ?? owner
    }
}

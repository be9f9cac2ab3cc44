import DIRuntime

// Captive dependencies: a cached instance that holds one something else drops (or keeps
// alive one meant to go), directly or through the prototypes it keeps.
extension DIGraph {
    /// Why the holder of the dependency at `index` keeping its target at `targetPosition`
    /// is suspicious: something drops the target and not the holder, or the holder keeps a
    /// `.weak` target alive (``LifetimePolicy/captivity(holding:)``).
    ///
    /// `Lazy`/`Provider` are left out: they ask again instead of holding. A prototype is no
    /// captive itself (holding a fresh instance is what it is for), but what a cached holder
    /// keeps, it keeps with everything that holds: the instances the prototype holds,
    /// through any further prototypes, are judged as the holder's own.
    func captive(ofEdgeAt index: Int, _ targetPosition: Int) -> String? {
        // Storage first: most edges join a prototype or an object graph, and those need no policy.
        let holderPosition = edges[index].source
        guard !edges[index].isDelayed, vertices[holderPosition].isCached else { return nil }
        guard vertices[targetPosition].isPrototype else {
            return captive(holderPosition, holding: targetPosition, through: [])
        }
        // Most prototypes hold nothing: no walk, nothing allocated.
        guard vertices[targetPosition].edgeRange.contains(where: { edges[$0].holdsItsTargets }) else { return nil }
        // The prototypes the holder keeps, each with the ones that lead to it.
        var pending: [(position: Int, through: [Int])] = [(targetPosition, [targetPosition])]
        var seen: Set<Int> = [targetPosition]
        while let (prototype, through) = pending.popLast() {
            for edge in vertices[prototype].edgeRange where edges[edge].holdsItsTargets {
                for target in edges[edge].targets where seen.insert(target).inserted {
                    if vertices[target].isPrototype {
                        pending.append((target, through + [target]))
                    } else if let found = captive(holderPosition, holding: target, through: through) {
                        return found
                    }
                }
            }
        }
        return nil
    }

    /// Why the cached vertex at `holderPosition` keeping the one at `targetPosition`, held
    /// by the prototypes at `through` (none: held directly), is suspicious, if it is.
    private func captive(_ holderPosition: Int, holding targetPosition: Int, through: [Int]) -> String? {
        let holder = vertices[holderPosition]
        let target = vertices[targetPosition]
        let holderPolicy = LifetimePolicy(holder.lifetime, origin: holder.component.config.origin)
        // Without an initializer, its instance is the object each `inject(into:)` fills, kept
        // for that resolve only, whatever its lifetime says (see `LifetimePolicy.configure`).
        let targetPolicy = LifetimePolicy(
            target.hasInitializer ? target.lifetime : .objectGraph,
            origin: target.component.config.origin
        )
        let ends = ends(holder, target) + held(through: through, by: holder)
        guard let captivity = holderPolicy.captivity(holding: targetPolicy) else {
            guard let above = keptAbove(targetPosition, for: holderPosition), let dropped = targetPolicy.cleanScope,
                dropped.isOneContainers
            else { return nil }
            let keeper = above == 1 ? "the container above" : "the container \(above) levels above"
            return
                "\(ends): after \(targetPolicy.droppedBy) on \(keeper) the one that keeps \(holder.typeName), it keeps a stale \(target.typeName) (use Provider/Lazy, or register \(holder.typeName) where \(target.typeName) is)"
        }
        switch captivity {
        case .stale(let dropped):
            return
                "\(ends): after \(dropped) it keeps a stale \(target.typeName) (use Provider/Lazy, or align the lifetimes)"
        case .keptAlive:
            return
                "\(ends): it keeps \(target.typeName) alive, so .weak never lets it go (use Provider/Lazy, or make it .single)"
        }
    }

    /// `, held by the Screen (prototype) that Feed keeps`: how a holder keeps what the
    /// prototypes at `through` hold; empty when it holds it directly.
    private func held(through: [Int], by holder: Vertex) -> String {
        guard !through.isEmpty else { return "" }
        let chain = through.reversed().map { "the \(vertices[$0].typeName) (prototype)" }.joined(separator: " held by ")
        return ", held by \(chain) that \(holder.typeName) keeps"
    }

    /// `Feed is perContainer(.single) at … but Cache is …`: a captive pair.
    private func ends(_ holder: Vertex, _ target: Vertex) -> String {
        "\(holder.typeName) is \(describe(holder)) but \(target.typeName) is \(describe(target))"
    }

    /// `perFramework(.single) in FeedFramework at Feed/Setup.swift:12`: a captive's end.
    func describe(_ vertex: Vertex) -> String {
        var text = vertex.hasInitializer ? "\(vertex.lifetime)" : "filled by each inject(into:)"
        if let framework = vertex.framework { text += " in \(framework)" }
        if let part = vertex.part { text += (vertex.framework == nil ? " in " : "/") + part }
        return text + " at \(vertex.info.location)"
    }
}

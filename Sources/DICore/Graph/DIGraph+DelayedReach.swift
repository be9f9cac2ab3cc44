// What a `Lazy`/`Provider` can never make because of something below its target: its
// later resolve is one of its own, which no `AnyArguments` reaches and which, for a
// synchronous `.value`, cannot await.
/// What one validation found below each delayed dependency's target, so that many
/// `Lazy`/`Provider`s of one component search below it once.
final class DelayedReachMemo {
    /// By target position times two, plus one for an awaited `Lazy`/`Provider`.
    var found: [Int: DIGraph.DelayedReachProblem?] = [:]
}

extension DIGraph {
    /// A dependency below a delayed dependency's target that fails its later resolve every
    /// time, and why: one whose `arg` parameters nothing passes, or (for a synchronous
    /// `Lazy`/`Provider`) one that needs `await`.
    struct DelayedReachProblem {
        /// The chain from the delayed target down to the component that fails.
        let chain: [String]
        let kind: DIDiagnostic.Kind
        let reason: String
    }

    /// The first dependency below `target` that its delayed resolve can never make, or
    /// `nil`. Only prototypes are followed: a kept instance made earlier (with arguments, or
    /// by an async resolve) would be reused, so there the graph cannot know it fails.
    ///
    /// - Parameters:
    ///   - target: The position of the delayed dependency's target (itself checked by
    ///     ``argumentMismatch(ofEdgeAt:_:)`` and ``synchronouslyDelayed(ofEdgeAt:_:)``).
    ///   - awaits: Whether the delayed dependency is an `AsyncLazy`/`AsyncProvider`.
    func delayedReachProblem(
        below target: Int,
        awaits: Bool,
        memo: DelayedReachMemo? = nil
    ) -> DelayedReachProblem? {
        guard vertices[target].isPrototype else { return nil }
        if let known = memo?.found[target &* 2 &+ (awaits ? 1 : 0)] { return known }
        let found = searchBelow(target, awaits: awaits)
        memo?.found[target &* 2 &+ (awaits ? 1 : 0)] = found
        return found
    }

    private func searchBelow(_ target: Int, awaits: Bool) -> DelayedReachProblem? {
        // Each position's predecessor on the way down, from which the chain is spelled.
        var cameFrom: [Int: Int] = [target: target]
        var stack = [target]
        func chain(to last: Int) -> [String] {
            var positions = [last]
            while let previous = cameFrom[positions[positions.count - 1]], previous != positions[positions.count - 1] {
                positions.append(previous)
            }
            return positions.reversed().map { vertices[$0].typeName }
        }
        while let position = stack.popLast() {
            for index in vertices[position].edgeRange where edges[index].resolution == .resolved {
                guard !edges[index].isDelayed, !edges[index].isOptional else { continue }
                for next in edges[index].targets where vertices[next].isPrototype {
                    if let (kind, reason) = failsInDelayedResolve(ofEdgeAt: index, next, awaits: awaits) {
                        return DelayedReachProblem(
                            chain: chain(to: position) + [vertices[next].typeName],
                            kind: kind,
                            reason: reason
                        )
                    }
                    if cameFrom[next] == nil {
                        cameFrom[next] = position
                        stack.append(next)
                    }
                }
            }
        }
        return nil
    }

    /// Why the plain dependency at `index` on `position` fails in a resolve of its own, if it does.
    private func failsInDelayedResolve(
        ofEdgeAt index: Int,
        _ position: Int,
        awaits: Bool
    ) -> (DIDiagnostic.Kind, String)? {
        let target = vertices[position]
        if edges[index].plan.providedArguments == nil, target.requiredArgumentCount > 0 {
            let parameters = target.argumentTypes.joined(separator: ", ")
            return (.argumentMismatch, "its arg parameters are (\(parameters)), which nothing passes there")
        }
        if !awaits, target.isAsync {
            return (.requiresAsync, "it \(target.component.config.needsAwait), which a synchronous .value cannot await")
        }
        return nil
    }
}

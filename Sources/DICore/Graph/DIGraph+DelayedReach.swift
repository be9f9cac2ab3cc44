// What a `Lazy`/`Provider` can never make because of something below its target: its
// later resolve is one of its own, which no `AnyArguments` reaches and which, for a
// synchronous `.value`, cannot await.
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
    func delayedReachProblem(below target: Int, awaits: Bool) -> DelayedReachProblem? {
        guard vertices[target].isPrototype else { return nil }
        var seen: Set<Int> = [target]
        var stack: [(position: Int, chain: [String])] = [(target, [vertices[target].typeName])]
        while let (position, chain) = stack.popLast() {
            for index in vertices[position].edgeRange where edges[index].resolution == .resolved {
                guard !edges[index].isDelayed, !edges[index].isOptional else { continue }
                for next in edges[index].targets where vertices[next].isPrototype {
                    let nextChain = chain + [vertices[next].typeName]
                    if let (kind, reason) = failsInDelayedResolve(ofEdgeAt: index, next, awaits: awaits) {
                        return DelayedReachProblem(chain: nextChain, kind: kind, reason: reason)
                    }
                    if seen.insert(next).inserted { stack.append((next, nextChain)) }
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

import DIRuntime

// An optional request's branch: what it leaves for the end of the resolve (`cycle:`
// injections, instances that wait for them) is undone when the request answers `nil`.
extension ResolveContext {
    /// How much work the resolve had left for its end when a branch started.
    struct BranchMark {
        let deferred: Int
        let pending: Int
        let heldBackInGraph: Int
    }

    /// The work left for the end of the resolve so far, for ``abandonBranch(since:)``.
    var branchMark: BranchMark {
        BranchMark(deferred: deferred.count, pending: pending.count, heldBackInGraph: heldBackInGraph.count)
    }

    /// Undoes what the branch of an optional request that answers `nil` left for the end of
    /// the resolve since `mark`: its `cycle:` injections do not run (nobody holds what they
    /// were for, and their failure would fail the whole resolve), the `objectGraph`
    /// instances waiting for them answer no later request, nor do those held back since
    /// (which may hold those, see ``holdBackIfHalfMade(_:slot:)``), and the cached instances
    /// held back since are abandoned, to be made again by the next request.
    func abandonBranch(since mark: BranchMark) {
        if deferred.count > mark.deferred {
            for index in max(mark.deferred, deferredIndex)..<deferred.count where !deferred[index].isAbandoned {
                deferred[index].isAbandoned = true
                let component = deferred[index].component
                if component.storage == .graph { forgetInGraph(component, slot: slot(at: step(for: component))) }
            }
        }
        if heldBackInGraph.count > mark.heldBackInGraph {
            for held in heldBackInGraph[mark.heldBackInGraph...] { forgetInGraph(held.component, slot: held.slot) }
            heldBackInGraph.removeSubrange(mark.heldBackInGraph...)
        }
        if pending.count > mark.pending {
            for item in pending[mark.pending...] { item.cell.abandon(item.ticket) }
            pending.removeSubrange(mark.pending...)
        }
    }
}

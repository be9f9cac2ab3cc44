import DIRuntime

// An optional request's branch: what it leaves for the end of the resolve (`cycle:`
// injections, instances that wait for them) is undone when the request answers `nil`.
extension ResolveContext {
    /// How much work the resolve had left for its end when a branch started.
    struct BranchMark {
        let deferred: Int
        let pending: Int
        let heldBackInGraph: Int
        let showing: Int

        /// Whether an instance held back at `point`, in the branch, was held back for
        /// something the branch made: `cycle:` work it left, or an instance of it being shown
        /// to its injections (which may have failed).
        func isHeldForBranch(_ point: HoldPoint) -> Bool {
            point.showing > showing || point.deferred > deferred
        }
    }

    /// The work left for the end of the resolve so far, for ``abandonBranch(since:)``.
    var branchMark: BranchMark {
        BranchMark(
            deferred: deferred.count,
            pending: pending.count,
            heldBackInGraph: heldBackInGraph.count,
            showing: state.value.showing
        )
    }

    /// Undoes what the branch of an optional request that answers `nil` left for the end of
    /// the resolve since `mark`: its `cycle:` injections do not run (nobody holds what they
    /// were for, and their failure would fail the whole resolve), the `objectGraph`
    /// instances waiting for them answer no later request, nor do those held back since for
    /// something of the branch (which may hold it, see ``holdBackIfHalfMade(_:slot:)``), and
    /// the cached instances held back so are abandoned, to be made again by the next request.
    /// What the branch made and held back only for an instance outside it (one whose
    /// injection made the optional request) stays held back for that instance; anything held
    /// back after one of the branch's own goes too, as it may hold it.
    func abandonBranch(since mark: BranchMark) {
        if deferred.count > mark.deferred {
            for index in max(mark.deferred, deferredIndex)..<deferred.count where !deferred[index].isAbandoned {
                deferred[index].isAbandoned = true
                let component = deferred[index].component
                if component.storage == .graph { forgetInGraph(component, slot: slot(at: step(for: component))) }
            }
        }
        guard heldBackInGraph.count > mark.heldBackInGraph || pending.count > mark.pending else { return }
        // The first held back for the branch's own: it and everything held back after it go.
        let graphFirst = heldBackInGraph[mark.heldBackInGraph...].first { mark.isHeldForBranch($0.heldAt) }?.heldAt
            .order
        let pendingFirst = pending[mark.pending...].first { mark.isHeldForBranch($0.heldAt) }?.heldAt.order
        guard let first = [graphFirst, pendingFirst].compactMap({ $0 }).min() else { return }
        var keptInGraph: [HeldBackInGraph] = []
        for held in heldBackInGraph[mark.heldBackInGraph...] {
            if held.heldAt.order >= first {
                forgetInGraph(held.component, slot: held.slot)
            } else {
                keptInGraph.append(held)
            }
        }
        heldBackInGraph.replaceSubrange(mark.heldBackInGraph..., with: keptInGraph)
        var keptPending: [Pending] = []
        for item in pending[mark.pending...] {
            if item.heldAt.order >= first {
                item.cell.abandon(item.ticket)
            } else {
                keptPending.append(item)
            }
        }
        pending.replaceSubrange(mark.pending..., with: keptPending)
    }
}

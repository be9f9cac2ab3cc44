import DICore
import Foundation
import TestSupport
import Testing

// A synchronous factory runs bound to its thread in every resolve, an awaited one that takes
// the async way included (an `async` factory elsewhere in its graph): a resolve it makes
// itself joins the resolve, a task it starts is on its own. The task runs while the factory
// still runs (the factory waits for it), when a link in a task-local would have made it part
// of the resolve.

private final class SFShared: Sendable {}
private final class SFLeaf: Sendable {}

private final class SFRoot: Sendable {
    let shared: SFShared
    let again: SFShared
    let fromTask: SFShared?

    init(shared: SFShared, again: SFShared, fromTask: SFShared?) {
        self.shared = shared
        self.again = again
        self.fromTask = fromTask
    }
}

@Suite struct SynchronousFactoryTaskTests {
    @Test func aSynchronousFactorysTaskIsOnItsOwn() async throws {
        let container = DIContainer()
        container.register(SFShared.init).lifetime(.objectGraph)
        // An async leaf: an awaited resolve of the root takes the async way.
        container.register { () async in SFLeaf() }
        container.register { [unowned container] (shared: SFShared, _: SFLeaf) -> SFRoot in
            let fromTask = LockedValue<SFShared?>(nil)
            let done = DispatchSemaphore(value: 0)
            Task {
                fromTask.value = await container.resolve() as SFShared
                done.signal()
            }
            // Generous: the task needs a free thread of the cooperative pool.
            _ = done.wait(timeout: .now() + 60)
            return SFRoot(shared: shared, again: container.resolve(), fromTask: fromTask.value)
        }
        // Twice: the second resolve follows the remembered plan.
        for _ in 0..<2 {
            let root: SFRoot = await container.resolve()
            // Resolved by the factory itself: joins the resolve, shares its graph.
            #expect(root.again === root.shared)
            // Resolved by a task the factory started: a resolve of its own.
            let fromTask = try #require(root.fromTask, "the factory's task did not run")
            #expect(fromTask !== root.shared)
        }
    }
}

import DICore
import Foundation
import TestSupport
import Testing

// A synchronous factory runs bound to its thread in every resolve, an awaited one that takes
// the async way included (an `async` factory elsewhere in its graph): a resolve it makes
// itself joins the resolve, a task it starts is on its own. The factory waits a while for
// its task, so the task runs while the factory still runs, when a link in a task-local would
// have made it part of the resolve.
//
// The task needs a free thread of the cooperative pool while the factory holds one. In a
// full parallel run other tests may hold the rest for seconds; a round whose task gets no
// thread in time shows nothing either way (the factory does not wait longer: blocking the
// pool longer would starve other tests). Run alone, every round's task runs in time, and
// the code before this behaviour fails it.

private final class SFShared: Sendable {}
private final class SFLeaf: Sendable {}

private final class SFRoot: Sendable {
    let shared: SFShared
    let again: SFShared
    let fromTask: SFShared?
    let task: Task<Void, Never>

    init(shared: SFShared, again: SFShared, fromTask: SFShared?, task: Task<Void, Never>) {
        self.shared = shared
        self.again = again
        self.fromTask = fromTask
        self.task = task
    }
}

/// Made by a synchronous factory that starts a task, as the parameter of an async factory.
private final class SFMiddle: Sendable {
    let shared: SFShared
    let task: Task<SFShared, Never>

    init(shared: SFShared, task: Task<SFShared, Never>) {
        self.shared = shared
        self.task = task
    }
}

private final class SFAsyncRoot: Sendable {
    let middle: SFMiddle
    let fromTask: SFShared
    init(middle: SFMiddle, fromTask: SFShared) {
        self.middle = middle
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
            let task = Task {
                fromTask.value = await container.resolve() as SFShared
                done.signal()
            }
            let ranInTime = done.wait(timeout: .now() + 5) == .success
            return SFRoot(
                shared: shared,
                again: container.resolve(),
                fromTask: ranInTime ? fromTask.value : nil,
                task: task
            )
        }
        // Twice: the second resolve follows the remembered plan. Each task is awaited before
        // the test ends: it uses the container, which the test owns.
        for _ in 0..<2 {
            let root: SFRoot = await container.resolve()
            // Resolved by the factory itself: joins the resolve, shares its graph.
            #expect(root.again === root.shared)
            // Resolved by a task the factory started: a resolve of its own.
            if let fromTask = root.fromTask {
                #expect(fromTask !== root.shared)
            }
            await root.task.value
        }
    }

    /// The parameters of an async factory are resolved before its own code runs, outside the
    /// link its code gets: a synchronous factory among them is as on its own as anywhere.
    /// The async factory awaits the task (without holding a thread), so the task resolves
    /// while the factory's code runs, when that link is live.
    @Test func aTaskOfAnAsyncFactorysSynchronousParameterIsOnItsOwn() async throws {
        let container = DIContainer()
        container.register(SFShared.init).lifetime(.objectGraph)
        container.register { [unowned container] (shared: SFShared) -> SFMiddle in
            SFMiddle(shared: shared, task: Task { await container.resolve() as SFShared })
        }
        container.register { (middle: SFMiddle) async in
            SFAsyncRoot(middle: middle, fromTask: await middle.task.value)
        }
        for _ in 0..<2 {
            let root: SFAsyncRoot = await container.resolve()
            #expect(root.fromTask !== root.middle.shared)
        }
    }
}

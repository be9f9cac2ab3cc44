import DICore
import Foundation
import Testing

// A `Lazy` handed out during a resolve keeps the resolve's object graph; once the resolve
// has returned (finished or failed) and no resolve runs in the graph any more, the graph
// holds its instances weakly, so it never keeps alive what the app let go.

private final class SGHelper {}
private final class SGMissing {}
private final class SGKeeper {
    let helper: Lazy<SGHelper>
    init(helper: Lazy<SGHelper>) { self.helper = helper }
}
private final class SGInner {
    init(keeper: SGKeeper, missing: SGMissing) {}
}
private final class SGOuter: Sendable {}

private final class SGWeakBox: @unchecked Sendable {
    // @unchecked Sendable: written by a factory, read once the resolves are over.
    weak var keeper: SGKeeper?
    let started = DispatchSemaphore(value: 0)
    let proceed = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
}

/// Waits for `semaphore` without blocking a task's thread.
private func waitOff(_ semaphore: DispatchSemaphore) async {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
            semaphore.wait()
            continuation.resume()
        }
    }
}

/// Holds its resolve's context until let go: four of them hold every pooled context.
private final class SGBlocker: Sendable {
    init(entered: DispatchSemaphore, release: DispatchSemaphore) {
        entered.signal()
        release.wait()
    }
}

private final class SGQuietObserver: DIObserver, Sendable {
    func receive(_ event: DIEvent) {}
}

@Suite struct SharedGraphReleaseTests {
    @Test func aFailedResolveThatHandedOutALazyLetsItsGraphGo() {
        let container = DIContainer()
        let box = SGWeakBox()
        container.register(SGHelper.init)
        container.register { (helper: Lazy<SGHelper>) -> SGKeeper in
            let keeper = SGKeeper(helper: helper)
            box.keeper = keeper
            return keeper
        }.lifetime(.objectGraph)
        container.register(SGInner.init)
        _ = try? container.tryResolve() as SGInner
        #expect(box.keeper == nil)
    }

    @Test(arguments: [false, true])
    func aFailedNestedResolveThatHandedOutALazyLetsTheGraphGo(observed: Bool) throws {
        let container = DIContainer()
        let quiet = SGQuietObserver()
        if observed { DIContainer.addGlobalObserver(quiet) }
        defer { if observed { DIContainer.removeGlobalObserver(quiet) } }
        let box = SGWeakBox()
        container.register(SGHelper.init)
        container.register(SGKeeper.init).lifetime(.objectGraph)
        container.register(SGInner.init)
        container.register { [unowned container] () -> SGOuter in
            _ = try? container.tryResolve() as SGInner  // fails on SGMissing, SGKeeper made
            box.keeper = container.resolve() as SGKeeper
            return SGOuter()
        }
        let _: SGOuter = try container.tryResolve()
        #expect(box.keeper == nil)
    }

    /// A `Task` an async factory starts joins its resolve and may outlive it: what it makes
    /// in the graph is let go once it is done too.
    @Test func aResolveThatOutlivesTheGraphsOwnLetsItGoWhenItEnds() async throws {
        let container = DIContainer()
        let box = SGWeakBox()
        container.register(SGHelper.init)
        container.register { (helper: Lazy<SGHelper>) async -> SGKeeper in
            box.started.signal()
            await waitOff(box.proceed)
            let keeper = SGKeeper(helper: helper)
            box.keeper = keeper
            return keeper
        }.lifetime(.objectGraph)
        container.register { (container: DIContainer) async -> SGOuter in
            Task {
                let _: SGKeeper = await container.resolve()
                box.done.signal()
            }
            await waitOff(box.started)
            return SGOuter()
        }
        let _: SGOuter = await container.resolve()
        box.proceed.signal()
        await waitOff(box.done)
        #expect(box.keeper == nil)
    }

    /// With every pooled context taken, a resolve runs in a context of its own, which must
    /// end what it began as a pooled one does.
    @Test func aResolveInAContextOutsideThePoolLetsTheGraphGo() throws {
        let blockers = DIContainer()
        let (entered, release) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        blockers.register { SGBlocker(entered: entered, release: release) }
        let finished = DispatchSemaphore(value: 0)
        for _ in 0..<4 {
            Thread {
                let _: SGBlocker = blockers.resolve()
                finished.signal()
            }.start()
        }
        for _ in 0..<4 { entered.wait() }
        defer {
            for _ in 0..<4 { release.signal() }
            for _ in 0..<4 { finished.wait() }
        }
        try aFailedNestedResolveThatHandedOutALazyLetsTheGraphGo(observed: false)
    }
}

import DICore
import DILazy
import DIParts
import DIRuntime
import Foundation
import TestSupport
import Testing

// A resolve's identity is exactly that resolve (issue 26, items 1-3): child tasks of an async
// factory share its graph and chain but make instances as themselves, so siblings wait for
// each other's finished instances; a `Task {}` a factory started is its own resolve once the
// factory returned; a synchronous resolve on the main actor never blocks on an async maker.

/// Shared by two children; finished only once its injection and postInit ran.
private final class AISpoke: Sendable {}

private final class AIShared: @unchecked Sendable {
    // @unchecked Sendable: written by its injection and postInit before it is handed out.
    var spoke: AISpoke?
    var ready = false
}

private final class AILeft: Sendable {
    let shared: AIShared
    init(shared: AIShared) { self.shared = shared }
}

private final class AIRight: Sendable {
    let shared: AIShared
    init(shared: AIShared) { self.shared = shared }
}

private final class AIRoot: Sendable {
    let left: AILeft
    let right: AIRight
    init(left: AILeft, right: AIRight) {
        self.left = left
        self.right = right
    }
}

private final class AILoop: Sendable {}

private final class AILater: Sendable {
    let number: Int
    init(number: Int) { self.number = number }
}

private final class AISlow: Sendable {
    init() { usleep(2_000) }
}

private final class AIStarter: Sendable {
    let tasks: [Task<String?, Never>]
    init(tasks: [Task<String?, Never>]) { self.tasks = tasks }
}

private final class AIFromFramework: Sendable {}

/// Starts a detached task that asks for the instance its own factory is still making (and
/// gives back its identity: holding the instance would make a reference cycle).
private final class AIWarmed: Sendable {
    let warmUp: Task<ObjectIdentifier?, Never>
    init(warmUp: Task<ObjectIdentifier?, Never>) { self.warmUp = warmUp }
}

private final class AIFramework: DIFramework {
    static func load(container: DIContainer) {
        usleep(2_000)
        container.register(AIFromFramework.init)
    }
}

@Suite struct AsyncIdentityTests {
    /// Children of one async factory, resolving what they share in parallel.
    private func parallelChildren() -> DIContainer {
        let container = DIContainer()
        container.register(AISpoke.init)
        container.register { () -> AIShared in
            usleep(1_000)  // long enough for the sibling to arrive while it is being made
            return AIShared()
        }
        .lifetime(.perContainer(.single))
        .injection { (shared: AIShared, spoke: AISpoke) in shared.spoke = spoke }
        .postInit { $0.ready = true }
        container.register(AILeft.init)
        container.register(AIRight.init)
        container.register { [unowned container] () async -> AIRoot in
            async let left: AILeft = container.resolve()
            async let right: AIRight = container.resolve()
            return await AIRoot(left: left, right: right)
        }
        return container
    }

    @Test func siblingsNeverSeeEachOthersUnfinishedInstances() async {
        let watchdog = Watchdog("children of an async factory sharing a component")
        defer { watchdog.disarm() }
        for _ in 0..<50 {
            watchdog.beat()
            let container = parallelChildren()
            let root: AIRoot
            do throws(DIError) {
                root = try await container.tryResolve()
            } catch {
                Issue.record("the children's shared component failed: \(error)")
                return
            }
            #expect(root.left.shared === root.right.shared)
            #expect(root.left.shared.spoke != nil && root.right.shared.spoke != nil)
            #expect(root.left.shared.ready && root.right.shared.ready)
        }
    }

    @Test func aLoopThroughAChildTaskIsStillACycle() async throws {
        let watchdog = Watchdog("a child task resolving what its factory makes")
        defer { watchdog.disarm() }
        let container = DIContainer()
        let seen = LockedValue<DIError.Kind?>(nil)
        // A prototype: the child's resolve is on the chain, not waiting for a cell.
        container.register { [unowned container] () async -> AILoop in
            async let again: DIError.Kind? = {
                do throws(DIError) {
                    let _: AILoop = try await container.tryResolve()
                    return nil
                } catch {
                    return error.kind
                }
            }()
            if let kind = await again { seen.value = kind }
            return AILoop()
        }
        let _: AILoop = try await container.tryResolve()
        #expect(seen.value == .cycle)
    }

    @Test func aChildTaskWaitingForItsOwnFactoryIsACycleNotAHang() async {
        let watchdog = Watchdog("a child task needing the instance its factory makes")
        defer { watchdog.disarm() }
        let container = DIContainer()
        let seen = LockedValue<DIError.Kind?>(nil)
        container.register { [unowned container] () async -> AILoop in
            async let child: Void = {
                do throws(DIError) {
                    let _: AILoop = try await container.tryResolve()
                } catch {
                    seen.value = error.kind
                }
            }()
            await child
            return AILoop()
        }
        .lifetime(.perContainer(.single))
        let loop: AILoop = await container.resolve()
        #expect(seen.value == .cycle)
        let again: AILoop = await container.resolve()
        #expect(again === loop)
    }

    /// `Task {}`s started by an async factory outlive it: they are resolves of their own,
    /// and two of them racing for one slow instance, one `Lazy` or one framework wait for
    /// each other instead of taking each other for re-entry.
    @Test func tasksAFactoryStartedAreOnTheirOwnAfterItReturned() async {
        let watchdog = Watchdog("tasks started inside an async factory")
        defer { watchdog.disarm() }
        var failures: [String] = []
        for _ in 0..<20 {
            watchdog.beat()
            let container = DIContainer()
            container.register(AISlow.init).lifetime(.perContainer(.single))
            let lazy = Lazy<AISlow> { AISlow() }
            container.register { [unowned container] () async -> AIStarter in
                let tasks = (0..<2).map { _ in
                    Task { () -> String? in
                        try? await Task.sleep(for: .milliseconds(1))  // after the factory returned
                        let slow: AISlow? = try? await container.tryResolve()
                        guard slow != nil else { return "the slow instance failed" }
                        _ = lazy.value  // traps if taken for a read inside its own initializer
                        container.append(framework: AIFramework.self)
                        let loaded: AIFromFramework? = container.resolve(sync: ())
                        return loaded == nil ? "append returned before the framework was loaded" : nil
                    }
                }
                return AIStarter(tasks: tasks)
            }
            let starter: AIStarter = await container.resolve()
            for task in starter.tasks {
                if let failure = await task.value { failures.append(failure) }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures: \(Set(failures))")
    }

    /// A `Task.detached` the factory starts, asking for the instance that factory is still
    /// making, waits for it and gets it: the way Concurrency.md gives for a task that must
    /// not count as the resolve's child.
    @Test func aDetachedTaskAFactoryStartsWaitsForItsInstance() async throws {
        let watchdog = Watchdog("a detached task waiting for its factory's instance")
        defer { watchdog.disarm() }
        for _ in 0..<5 {
            watchdog.beat()
            let container = DIContainer()
            container.register { [unowned container] () async -> AIWarmed in
                let warmUp = Task.detached { () async -> ObjectIdentifier? in
                    (try? await container.tryResolve() as AIWarmed).map(ObjectIdentifier.init)
                }
                try? await Task.sleep(for: .milliseconds(20))  // the task asks meanwhile
                return AIWarmed(warmUp: warmUp)
            }
            .lifetime(.perContainer(.single))
            let warmed: AIWarmed = await container.resolve()
            let fromTask = await warmed.warmUp.value
            #expect(fromTask == ObjectIdentifier(warmed))
        }
    }

    /// The check for a synchronous wait that may hang looks at the caller's isolation: with
    /// `dispatchMain()`, the main actor runs on a worker thread, which is not the main thread.
    @Test func aMainActorCallerNeverBlocksOnAnAsyncMaker() async {
        let gate = LockedValue<Gate?>(nil)
        let container = DIContainer()
        container.register { () async -> AILater in
            gate.value = Gate()  // made by this async resolve
            return AILater(number: 0)
        }
        let _: AILater = await container.resolve()
        // On a plain thread, outside any task: only the caller's isolation tells.
        let verdicts = LockedValue<[Bool]>([])
        await finishes {
            guard let asyncMaker = gate.value else { return }
            verdicts.value = [
                asyncMaker.synchronousWaitMayHang(callerOnMainActor: true),
                asyncMaker.synchronousWaitMayHang(callerOnMainActor: false),
            ]
        }
        #expect(verdicts.value == [true, false])
    }
}

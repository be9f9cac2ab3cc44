import DICore
import Foundation
import TestSupport
import Testing

// An async factory's own code runs with its resolve linked (`ResolveLink`), but the resolve
// keeps its object graph private until something joins it: a resolve the factory's code
// makes, in its task or in a child task. The first one to join takes the graph out of the
// waiting resolve; the resolve goes on with that graph once the factory returns.

/// Made before the async factory runs (its parameter).
private final class AGBefore: Sendable {}

/// Made by the async factory's code, or after it by the outer resolve.
private final class AGAfter: Sendable {}

/// What the async factory saw.
private final class AGMiddle: Sendable {
    let before: [AGBefore]
    let after: [AGAfter]
    init(before: [AGBefore], after: [AGAfter]) {
        self.before = before
        self.after = after
    }
}

private final class AGRoot: Sendable {
    let before: AGBefore
    let middle: AGMiddle
    let after: AGAfter
    init(before: AGBefore, middle: AGMiddle, after: AGAfter) {
        self.before = before
        self.middle = middle
        self.after = after
    }
}

/// What an async factory that resolves nothing saw.
private final class AGQuiet: Sendable {
    let before: AGBefore
    init(before: AGBefore) { self.before = before }
}

private final class AGQuietRoot: Sendable {
    let before: AGBefore
    let quiet: AGQuiet
    let after: [AGAfter]
    init(before: AGBefore, quiet: AGQuiet, first: AGAfter, second: AGAfter) {
        self.before = before
        self.quiet = quiet
        after = [first, second]
    }
}

/// What `root` should share, as failures.
private func sharingFailures(_ root: AGRoot) -> [String] {
    var failures: [String] = []
    if !root.middle.before.allSatisfy({ $0 === root.before }) {
        failures.append("the factory's resolves did not get the graph's AGBefore")
    }
    if !root.middle.after.allSatisfy({ $0 === root.after }) {
        failures.append("the AGAfter made inside the factory is not the one the resolve used after it")
    }
    return failures
}

@Suite struct AsyncFactoryGraphTests {
    /// `AGRoot(before, middle, after)`, all `objectGraph` but the root, whose `AGMiddle`
    /// comes from an async factory that resolves in its own task and in child tasks.
    private func joiningGraph() -> DIContainer {
        let container = DIContainer()
        container.register(AGBefore.init).lifetime(.objectGraph)
        container.register(AGAfter.init).lifetime(.objectGraph)
        container.register { [unowned container] (before: AGBefore) async -> AGMiddle in
            let again: AGBefore = await container.resolve()
            async let child: AGBefore = container.resolve()
            async let fromChild: AGAfter = container.resolve()
            let fromTask: AGAfter = await container.resolve()
            return await AGMiddle(before: [before, again, child], after: [fromChild, fromTask])
        }
        .lifetime(.objectGraph)
        container.register(AGRoot.init)
        return container
    }

    @Test func resolvesAnAsyncFactoryMakesShareTheGraphBeforeAndAfterIt() async throws {
        let root: AGRoot = try await joiningGraph().tryResolve()
        #expect(sharingFailures(root).isEmpty, "\(sharingFailures(root))")
        let other: AGRoot = try await joiningGraph().tryResolve()
        #expect(other.before !== root.before, "each top-level resolve has a graph of its own")
    }

    @Test func aGraphNothingJoinsStaysOneGraph() async throws {
        let container = DIContainer()
        container.register(AGBefore.init).lifetime(.objectGraph)
        container.register(AGAfter.init).lifetime(.objectGraph)
        container.register { (before: AGBefore) async -> AGQuiet in AGQuiet(before: before) }
        container.register(AGQuietRoot.init)
        for _ in 0..<3 {
            let root: AGQuietRoot = try await container.tryResolve()
            #expect(root.quiet.before === root.before)
            #expect(root.after[0] === root.after[1])
        }
    }

    /// Many resolves at once, each with children joining the same waiting resolve at once:
    /// one of them takes the graph, the others and the resolve itself get that one.
    @Test func childrenJoiningAtOnceAllGetTheOneGraph() async {
        let watchdog = Watchdog("children joining an async factory's resolve")
        defer { watchdog.disarm() }
        let container = joiningGraph()
        let failures = Collected<String>()
        for _ in 0..<25 {
            watchdog.beat()
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        do throws(DIError) {
                            let root: AGRoot = try await container.tryResolve()
                            for failure in sharingFailures(root) { failures.append(failure) }
                        } catch {
                            failures.append("\(error.kind)")
                        }
                    }
                }
            }
        }
        let distinct = Set(failures.values)
        #expect(distinct.isEmpty, "\(failures.values.count) failures")
    }

    /// A task the factory starts and does not wait for joins while the factory runs, or is
    /// a resolve of its own once it returned: either way it gets an instance, and the
    /// resolve's own graph stays whole.
    @Test func aTaskJoiningAsTheFactoryReturnsLeavesTheGraphWhole() async {
        let watchdog = Watchdog("a task joining as its factory returns")
        defer { watchdog.disarm() }
        let container = DIContainer()
        let started = Collected<Task<AGAfter?, Never>>()
        container.register(AGBefore.init).lifetime(.objectGraph)
        container.register(AGAfter.init).lifetime(.objectGraph)
        container.register { [unowned container] (before: AGBefore) async -> AGMiddle in
            started.append(Task { try? await container.tryResolve() as AGAfter })
            return AGMiddle(before: [before], after: [])
        }
        .lifetime(.objectGraph)
        container.register(AGRoot.init)
        var failures: [String] = []
        for _ in 0..<200 {
            watchdog.beat()
            do throws(DIError) {
                let root: AGRoot = try await container.tryResolve()
                failures += sharingFailures(root)
            } catch {
                failures.append("\(error.kind)")
            }
        }
        for task in started.values where await task.value == nil {
            failures.append("a task the factory started failed to resolve")
        }
        let distinct = Set(failures)
        #expect(distinct.isEmpty, "\(failures.count) failures")
    }
}

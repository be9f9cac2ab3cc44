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

/// Injected at the end of its resolve (`cycle: true`): until then, the instances its
/// resolve keeps are held, not yet published.
private final class AGDeferred: @unchecked Sendable {
    // @unchecked Sendable: set by its injection before it is handed out.
    var before: AGBefore?
}

/// Kept by the container; made by the outer resolve and held by it until its end.
private final class AGHeld: Sendable {}

/// What a child task asking for the held instance got: from the root's factory, or from a
/// factory of a resolve that factory's own code made.
private final class AGAsker: Sendable {
    let kind: DIError.Kind?
    init(kind: DIError.Kind?) { self.kind = kind }
}

private final class AGInnerAsker: Sendable {
    let kind: DIError.Kind?
    init(kind: DIError.Kind?) { self.kind = kind }
}

private final class AGHeldRoot: Sendable {
    let deferred: AGDeferred
    let held: AGHeld
    let asker: AGAsker
    init(deferred: AGDeferred, held: AGHeld, asker: AGAsker) {
        self.deferred = deferred
        self.held = held
        self.asker = asker
    }
}

/// Starts a child task asking for `AGHeld`, and waits for how it ended.
private func askForTheHeldInstance(in container: DIContainer) async -> DIError.Kind? {
    async let kind: DIError.Kind? = {
        do throws(DIError) {
            let _: AGHeld = try await container.tryResolve()
            return nil
        } catch {
            return error.kind
        }
    }()
    return await kind
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

    /// A child task of an async factory asking for what the factory's own code is making
    /// at that moment waits for it: the factory's code is making it, not waiting for the
    /// child, so there is no cycle. The graph's one `AGAfter` goes to both.
    @Test func aChildTaskWaitsForWhatItsFactorysOwnCodeIsMaking() async throws {
        let making = Counter()
        let childAsked = Counter()
        let childAnswered = Counter()
        let container = DIContainer()
        container.register(AGBefore.init).lifetime(.objectGraph)
        container.register { () async -> AGAfter in
            // Made for the factory's own resolve: the child asks meanwhile, and a refused
            // child has its answer long before the making goes on.
            making.increment()
            await eventually { childAsked.value > 0 }
            let clock = ContinuousClock()
            let start = clock.now
            while childAnswered.value == 0, clock.now - start < .milliseconds(200) {
                try? await Task.sleep(for: .milliseconds(1))
            }
            return AGAfter()
        }
        .lifetime(.objectGraph)
        let failures = Collected<String>()
        container.register { [unowned container] (before: AGBefore) async -> AGMiddle in
            async let fromChild: AGAfter? = {
                await eventually { making.value > 0 }
                childAsked.increment()
                defer { childAnswered.increment() }
                do throws(DIError) {
                    return try await container.tryResolve()
                } catch {
                    failures.append("the child: \(error)")
                    return nil
                }
            }()
            let own: AGAfter = await container.resolve()
            return await AGMiddle(before: [before], after: [own] + [fromChild].compactMap { $0 })
        }
        .lifetime(.objectGraph)
        container.register(AGRoot.init)
        let root: AGRoot = try await container.tryResolve()
        #expect(failures.values.isEmpty, "\(failures.values)")
        #expect(root.middle.after.count == 2 && sharingFailures(root).isEmpty, "\(sharingFailures(root))")
        #expect(making.value == 1, "one AGAfter for the graph")
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

    /// A child task asking for an instance the suspended resolve holds (made, but kept back
    /// until that resolve's end) is refused as a cycle, also when the factory's own code
    /// started it through a resolve of its own: the held instance waits for the factory,
    /// which waits for the task.
    @Test(arguments: [false, true])
    func aChildTaskAskingForWhatTheSuspendedResolveHoldsIsACycle(nested: Bool) async throws {
        let watchdog = Watchdog("a child task asking for a held instance")
        defer { watchdog.disarm() }
        let container = DIContainer()
        container.register(AGBefore.init).lifetime(.objectGraph)
        container.register(AGDeferred.init).injection(cycle: true, \.before).lifetime(.objectGraph)
        container.register(AGHeld.init).lifetime(.perContainer(.single))
        if nested {
            container.register { [unowned container] () async -> AGAsker in
                let inner: AGInnerAsker = await container.resolve()
                return AGAsker(kind: inner.kind)
            }
            container.register { [unowned container] () async -> AGInnerAsker in
                await AGInnerAsker(kind: askForTheHeldInstance(in: container))
            }
        } else {
            container.register { [unowned container] () async -> AGAsker in
                await AGAsker(kind: askForTheHeldInstance(in: container))
            }
        }
        container.register(AGHeldRoot.init)
        let root: AGHeldRoot = try await container.tryResolve()
        #expect(root.asker.kind == .cycle)
        #expect(root.deferred.before != nil)
        let again: AGHeld = try await container.tryResolve()
        #expect(again === root.held)
    }
}

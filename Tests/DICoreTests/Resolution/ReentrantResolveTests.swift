import DICore
import Testing

// Resolves made from inside a factory, through its `DIContainer` parameter or a captured
// container: they join the resolve in progress.

private final class Front {
    let back: Back
    init(back: Back) { self.back = back }
}

private final class Back {
    let front: Front?
    init(front: Front?) { self.front = front }
}

private final class Ping {
    let pong: Pong?
    init(pong: Pong?) { self.pong = pong }
}

private final class Pong {
    let ping: Ping?
    init(ping: Ping?) { self.ping = ping }
}

private final class Shared {}

private final class Holder {
    let shared: Shared
    let again: Shared
    init(shared: Shared, again: Shared) {
        self.shared = shared
        self.again = again
    }
}

private final class Cleaner {
    let inner: Cleaner?
    init(inner: Cleaner?) { self.inner = inner }
}

/// What a factory's own resolve threw, for the test to look at.
private final class Caught: @unchecked Sendable {
    // @unchecked Sendable: these tests resolve on one thread.
    var errors: [DIError] = []
}

@Suite struct ReentrantResolveTests {
    /// `register(A.init)` and a `B` whose factory resolves `A` through its container
    /// parameter: the loop is `.cycle` naming the whole chain (it overflowed the stack).
    @Test func aLoopClosedThroughTheContainerParameterIsACycleNamingTheWholeChain() throws {
        let container = DIContainer()
        let caught = Caught()
        container.register(Front.init)
        container.register { (container: DIContainer) -> Back in
            do throws(DIError) {
                return Back(front: try container.tryResolve())
            } catch {
                caught.errors.append(error)
                return Back(front: nil)
            }
        }
        let front: Front = try container.tryResolve()
        #expect(front.back.front == nil)
        let error = try #require(caught.errors.first)
        #expect(error.kind == .cycle)
        #expect(error.path == ["Front", "Back", "Front"])
        #expect(error.description.contains("Front → Back → Front"))
    }

    /// Two prototypes that resolve each other with `try?` through a captured container.
    @Test func prototypesResolvingEachOtherWithTryOptionalStopAtTheLoop() {
        let container = DIContainer()
        container.register { [unowned container] in Ping(pong: try? container.tryResolve()) }
        container.register { [unowned container] in Pong(ping: try? container.tryResolve()) }
        let ping: Ping = container.resolve()
        #expect(ping.pong != nil)
        #expect(ping.pong?.ping == nil)
        let pong: Pong? = container.resolve()
        #expect(pong?.ping?.pong == nil)
    }

    /// A resolve inside a factory shares the outer resolve's `objectGraph` instances.
    @Test func aResolveInsideAFactorySharesTheObjectGraph() {
        let container = DIContainer()
        container.register(Shared.init).lifetime(.objectGraph)
        container.register { (shared: Shared, container: DIContainer) in
            Holder(shared: shared, again: container.resolve())
        }
        let holder: Holder = container.resolve()
        #expect(holder.shared === holder.again)
        let other: Holder = container.resolve()
        #expect(other.shared !== holder.shared)
    }

    /// A `perContainer` factory that calls `clean()` and resolves itself: `.cycle`, not an
    /// endless remaking (it overflowed the stack).
    @Test func aCachedFactoryThatCleansAndResolvesItselfIsACycle() throws {
        let container = DIContainer()
        let caught = Caught()
        container.register { (container: DIContainer) -> Cleaner in
            container.clean()
            do throws(DIError) {
                return Cleaner(inner: try container.tryResolve())
            } catch {
                caught.errors.append(error)
                return Cleaner(inner: nil)
            }
        }
        .lifetime(.perContainer(.single))
        let cleaner: Cleaner = try container.tryResolve()
        #expect(cleaner.inner == nil)
        #expect(caught.errors.map(\.kind) == [.cycle])
        // The clean inside its own making dropped it, so the next resolve makes it again,
        // and stops at the loop again.
        let again: Cleaner = try container.tryResolve()
        #expect(again !== cleaner)
        #expect(caught.errors.map(\.kind) == [.cycle, .cycle])
    }

    /// The same loops in an async resolve, within one task.
    @Test func anAsyncResolveJoinsTheResolveInProgressInItsTask() async throws {
        let container = DIContainer()
        let caught = Caught()
        container.register(Shared.init).lifetime(.objectGraph)
        container.register { (shared: Shared, container: DIContainer) async -> Holder in
            Holder(shared: shared, again: await container.resolve())
        }
        container.register(Front.init)
        container.register { (container: DIContainer) async -> Back in
            do throws(DIError) {
                return Back(front: try await container.tryResolve())
            } catch {
                caught.errors.append(error)
                return Back(front: nil)
            }
        }
        let holder: Holder = await container.resolve()
        #expect(holder.shared === holder.again)
        let front: Front = try await container.tryResolve()
        #expect(front.back.front == nil)
        #expect(caught.errors.map(\.kind) == [.cycle])
        #expect(caught.errors.first?.description.contains("Front → Back → Front") == true)
    }

    /// A synchronous factory in an async resolve joins it too.
    @Test func aSynchronousFactoryInAnAsyncResolveJoinsIt() async {
        let container = DIContainer()
        container.register(Shared.init).lifetime(.objectGraph)
        container.register { (shared: Shared, container: DIContainer) -> Holder in
            Holder(shared: shared, again: container.resolve())
        }
        let holder: Holder = await container.resolve()
        #expect(holder.shared === holder.again)
    }

    /// A resolve a factory makes shares the resolve's object graph; when it hands out a
    /// `Lazy`, the graph must stay the resolve's until the resolve returns: its
    /// `objectGraph` instances are made once, and a `Lazy` read later still finds them.
    @Test func aNestedResolveHandingOutALazyKeepsTheResolvesGraph() throws {
        let made = RRMadeCount()
        let container = DIContainer()
        container.register { () -> RRShared in
            made.count += 1
            return RRShared()
        }.lifetime(.objectGraph)
        container.register(RRHelper.init)
        container.register(RRNeedsLazyHelper.init)
        container.register { [unowned container] (shared: RRShared) -> RRFirst in
            let _: RRNeedsLazyHelper = container.resolve()
            return RRFirst(shared: shared)
        }
        container.register(RRSecond.init)
        container.register(RRBoth.init)
        let both: RRBoth = try container.tryResolve()
        #expect(made.count == 1)
        _ = both
    }
}

private final class RRMadeCount: @unchecked Sendable {
    // @unchecked Sendable: counted on the test's thread only.
    var count = 0
}

private final class RRShared {}
private final class RRHelper {}
private final class RRNeedsLazyHelper {
    init(helper: Lazy<RRHelper>) {}
}
/// Does not keep what it is given: only the resolve's graph does, until it returns.
private final class RRFirst {
    init(shared: RRShared) {}
}
private final class RRSecond {
    let shared: RRShared
    init(shared: RRShared) { self.shared = shared }
}
private final class RRBoth {
    let first: RRFirst, second: RRSecond
    init(first: RRFirst, second: RRSecond) { (self.first, self.second) = (first, second) }
}

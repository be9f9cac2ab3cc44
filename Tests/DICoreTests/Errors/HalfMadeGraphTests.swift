import DICore
import TestSupport
import Testing

// An `objectGraph` instance made in the branch of an optional request that answered nil,
// while something in that branch was half made (an instance whose `cycle:` work the branch
// dropped, one whose injection failed, a cached instance the branch abandoned), may hold
// it: it answers no later request of the resolve. One made while everything was whole does,
// so that the resolve keeps one instance of it.

private final class HGMissing {}

private final class HGLeaf {}

private final class HGPart {
    var leaf: HGLeaf?
}

private final class HGHolder {
    let part: HGPart?
    init(part: HGPart?) { self.part = part }
}

private final class HGFailing {
    init(holder: HGHolder, missing: HGMissing) {}
}

private final class HGLater {
    let holder: HGHolder?
    init(holder: HGHolder?) { self.holder = holder }
}

private final class HGRoot {
    let failing: HGFailing?
    var later: HGLater?
    init(failing: HGFailing?) { self.failing = failing }
}

private final class HGInjectedHolder {
    var part: HGPart?
}

private final class HGInjectedFailing {
    init(holder: HGInjectedHolder, missing: HGMissing) {}
}

private final class HGInjectedRoot {
    let failing: HGInjectedFailing?
    var holder: HGInjectedHolder?
    init(failing: HGInjectedFailing?) { self.failing = failing }
}

private final class HGShown {
    var viewer: HGViewer?
    var missing: HGMissing?
}

private final class HGViewer {
    // Weak: the half-made pair the branch leaves is let go of.
    weak var shown: HGShown?
    init(shown: HGShown) { self.shown = shown }
}

private final class HGShownRoot {
    let shown: HGShown?
    var viewer: HGViewer?
    init(shown: HGShown?) { self.shown = shown }
}

private final class HGWhole {}

private final class HGKeeper {
    let whole: HGWhole
    init(whole: HGWhole) { self.whole = whole }
}

private final class HGKeeperFailing {
    init(keeper: HGKeeper, holder: HGHolder, missing: HGMissing) {}
}

private final class HGKeeperLater {
    let whole: HGWhole
    let keeper: HGKeeper
    init(whole: HGWhole, keeper: HGKeeper) { (self.whole, self.keeper) = (whole, keeper) }
}

private final class HGKeeperRoot {
    let failing: HGKeeperFailing?
    var later: HGKeeperLater?
    init(failing: HGKeeperFailing?) { self.failing = failing }
}

private final class HGInjectedPart {}

private final class HGFinished {
    var part: HGInjectedPart?
    init(made: Counter) { made.increment() }
}

private final class HGFailsAfterFinished {
    init(finished: HGFinished, missing: HGMissing) {}
}

private final class HGCounted {
    init(made: Counter) { made.increment() }
}

private final class HGFailsWithCounted {
    init(counted: HGCounted, missing: HGMissing) {}
}

/// Its first injection asks for an optional whose branch makes `HGCounted`, then fails;
/// its second asks for `HGCounted`.
private final class HGInjectedRoot2 {
    var fails: HGFailsWithCounted?
    var counted: HGCounted?
}

@Suite struct HalfMadeGraphTests {
    private static func resolveSynchronously<T>(_ container: DIContainer) -> T {
        container.resolve()
    }

    private static func tryResolveSynchronously<T>(_ container: DIContainer) throws(DIError) -> T {
        try container.tryResolve()
    }

    private static func resolve<T>(awaited: Bool, _ container: DIContainer) async -> T {
        awaited ? await container.resolve() : resolveSynchronously(container)
    }

    private static func withPart(cached: Bool) -> DIContainer {
        let container = DIContainer()
        container.register(HGLeaf.init)
        container.register(HGPart.init).lifetime(cached ? .perContainer(.single) : .prototype)
            .injection(cycle: true, \.leaf)
        return container
    }

    /// `HGHolder` is made in the branch of `HGFailing?` holding an `HGPart` whose `cycle:`
    /// injection the branch then dropped (or, cached, abandoned): `HGLater`, asked after
    /// the branch, gets an `HGHolder` whose part is whole — and is the container's.
    @Test(arguments: [false, true], [false, true])
    func aGraphInstanceHoldingDroppedCycleWorkIsMadeAgain(awaited: Bool, partCached: Bool) async throws {
        let container = Self.withPart(cached: partCached)
        container.register(HGHolder.init).lifetime(.objectGraph)
        container.register(HGFailing.init)
        container.register(HGLater.init)
        container.register(HGRoot.init).injection(\.later)
        let root: HGRoot = await Self.resolve(awaited: awaited, container)
        #expect(root.failing == nil)
        let part = try #require(root.later?.holder?.part)
        #expect(part.leaf != nil)
        if partCached {
            let kept: HGPart = Self.resolveSynchronously(container)
            #expect(kept === part)
        }
    }

    /// The same, with the part set by the holder's own (plain) injection: the holder is kept
    /// for its injections before the part exists.
    @Test(arguments: [false, true])
    func aGraphInstanceWhoseInjectionMadeDroppedCycleWorkIsMadeAgain(awaited: Bool) async throws {
        let container = Self.withPart(cached: false)
        container.register(HGInjectedHolder.init).lifetime(.objectGraph).injection(\.part)
        container.register(HGInjectedFailing.init)
        container.register(HGInjectedRoot.init).injection(\.holder)
        let root: HGInjectedRoot = await Self.resolve(awaited: awaited, container)
        #expect(root.failing == nil)
        let part = try #require(root.holder?.part)
        #expect(part.leaf != nil)
    }

    /// `HGViewer` is made by `HGShown`'s first injection, holding it; the second fails and
    /// the branch of `HGShown?` answers nil. The viewer asked for afterwards is not that one,
    /// holding the half-made `HGShown`: made anew, it needs an `HGShown`, whose injection
    /// needs the viewer being made — the loop the wiring has, reported.
    @Test(arguments: [false, true])
    func aGraphInstanceMadeInAFailedInjectionIsMadeAgain(awaited: Bool) async throws {
        let container = DIContainer()
        container.register(HGShown.init).lifetime(.objectGraph)
            .injection { (shown: HGShown, viewer: HGViewer) in shown.viewer = viewer }
            .injection { (shown: HGShown, missing: HGMissing) in shown.missing = missing }
        container.register(HGViewer.init).lifetime(.objectGraph)
        container.register(HGShownRoot.init).injection { (root: HGShownRoot, viewer: HGViewer) in
            root.viewer = viewer
        }
        let error = await #expect(throws: DIError.self) {
            let _: HGShownRoot =
                awaited ? try await container.tryResolve() : try Self.tryResolveSynchronously(container)
        }
        #expect(error?.kind == .cycle)
    }

    /// `HGWhole`, made in the branch before anything in it was half made, is held by the
    /// cached `HGKeeper` the branch kept: the rest of the resolve gets that one instance.
    @Test(arguments: [false, true])
    func aWholeGraphInstanceOfAFailedBranchKeepsItsIdentity(awaited: Bool) async throws {
        let container = Self.withPart(cached: false)
        container.register(HGWhole.init).lifetime(.objectGraph)
        container.register(HGKeeper.init).lifetime(.perContainer(.single))
        container.register(HGHolder.init).lifetime(.objectGraph)
        container.register(HGKeeperFailing.init)
        container.register(HGKeeperLater.init)
        container.register(HGKeeperRoot.init).injection(\.later)
        let root: HGKeeperRoot = await Self.resolve(awaited: awaited, container)
        #expect(root.failing == nil)
        let later = try #require(root.later)
        #expect(later.keeper.whole === later.whole)
    }

    /// `HGFinished`, kept, is finished (its injection made `HGInjectedPart`, held back only
    /// while `HGFinished` was half made) before the resolve fails: it is kept, as is its part
    /// when that is kept too, and the next resolve does not make it again.
    @Test(arguments: [false, true], [DILifeTime.objectGraph, .perContainer(.single)])
    func aKeptInstanceFinishedBeforeAFailureIsKept(awaited: Bool, partLifetime: DILifeTime) async throws {
        let container = DIContainer()
        container.register(HGInjectedPart.init).lifetime(partLifetime)
        let made = Counter()
        container.register { HGFinished(made: made) }.lifetime(.perContainer(.single)).injection(\.part)
        container.register(HGFailsAfterFinished.init)
        await #expect(throws: DIError.self) {
            let _: HGFailsAfterFinished =
                awaited ? try await container.tryResolve() : try Self.tryResolveSynchronously(container)
        }
        let finished: HGFinished = awaited ? await container.resolve() : Self.resolveSynchronously(container)
        #expect(made.value == 1)
        #expect(finished.part != nil)
        if case .perContainer = partLifetime {
            let part: HGInjectedPart = Self.resolveSynchronously(container)
            #expect(finished.part === part)
        }
    }

    /// The branch of an optional asked for by `HGInjectedRoot2`'s injection makes
    /// `HGCounted` whole (it is held back only because the root's injections run), then
    /// answers nil: the instance answers the root's next injection (one per resolve, for
    /// `objectGraph`) and, kept, is made once.
    @Test(arguments: [false, true], [DILifeTime.objectGraph, .perContainer(.single)])
    func anInstanceHeldBackOnlyForTheInstanceAroundABranchIsNotDroppedWithIt(
        awaited: Bool,
        lifetime: DILifeTime
    ) async throws {
        let container = DIContainer()
        let made = Counter()
        container.register { HGCounted(made: made) }.lifetime(lifetime)
        container.register(HGFailsWithCounted.init)
        container.register(HGInjectedRoot2.init).injection(\.fails)
            .injection { (root: HGInjectedRoot2, counted: HGCounted) in root.counted = counted }
        for _ in 0..<2 {
            let root: HGInjectedRoot2 = await Self.resolve(awaited: awaited, container)
            #expect(root.fails == nil)
            #expect(root.counted != nil)
        }
        #expect(made.value == (lifetime == .objectGraph ? 2 : 1))
    }
}

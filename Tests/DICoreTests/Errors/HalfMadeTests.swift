import DICore
import DILazy
import TestSupport
import Testing

// An optional request that answers nil leaves nothing half made behind for the rest of the
// resolve: not an `objectGraph` instance whose injection failed, not the `cycle:` work its
// branch left for the end, not an instance a `Provider` reaches later in the same graph.

private final class HMMissing {}

private final class HMPart {
    var missing: HMMissing?
}

private final class HMPair {
    let first: HMPart?
    let second: HMPart?
    init(first: HMPart?, second: HMPart?) {
        self.first = first
        self.second = second
    }
}

private final class HMRequiredSecond {
    init(first: HMPart?, second: HMPart) {}
}

private final class HMHead {
    let tail: HMTail
    init(tail: HMTail, missing: HMMissing) { self.tail = tail }
}

private final class HMTail {
    var head: HMHead?
}

private final class HMMaybeHead {
    let head: HMHead?
    init(head: HMHead?) { self.head = head }
}

private final class HMKeeper {
    let later: Provider<HMLater>
    init(later: Provider<HMLater>) { self.later = later }
}

private final class HMScreen {
    static let made = Collected<HMScreen>()
    let keeper: HMKeeper
    var missing: HMMissing?
    init(keeper: HMKeeper) {
        self.keeper = keeper
        Self.made.append(self)
    }
}

private final class HMLater {
    var screen: HMScreen?
}

private final class HMShown {
    var keeper: HMShownKeeper?
    var missing: HMMissing?
}

private final class HMShownKeeper {
    // Weak: the half-made pair the first resolve leaves is let go of.
    weak var shown: HMShown?
    init(shown: HMShown) { self.shown = shown }
}

private final class HMMaybeShown {
    let shown: HMShown?
    init(shown: HMShown?) { self.shown = shown }
}

private final class HMCounted {}

private final class HMCountedHolder {
    let counted: HMCounted
    init(counted: HMCounted) { self.counted = counted }
}

private final class HMInjected {
    var counted: HMCounted?
}

private final class HMAfterInjected {
    init(injected: HMInjected, holder: HMCountedHolder, missing: HMMissing) {}
}

private final class HMMaybeAfterInjected {
    let inner: HMAfterInjected?
    init(inner: HMAfterInjected?) { self.inner = inner }
}

@Suite struct HalfMadeTests {
    /// `HMCounted`, cached, is first made inside `HMInjected`'s injection, so it waits for the
    /// end of the resolve; `HMCountedHolder`, cached, is made after that injection, holding
    /// it. The resolve (or its optional branch) fails: neither is kept, and the next
    /// resolves agree on one `HMCounted`.
    @Test(arguments: [false, true], [false, true])
    func aCachedInstanceMadeAfterAPendingOneIsPendingToo(awaited: Bool, optional: Bool) async throws {
        let container = DIContainer()
        container.register(HMCounted.init).lifetime(.perContainer(.single))
        container.register(HMCountedHolder.init).lifetime(.perContainer(.single))
        container.register(HMInjected.init).injection { (injected: HMInjected, counted: HMCounted) in
            injected.counted = counted
        }
        container.register(HMAfterInjected.init)
        container.register(HMMaybeAfterInjected.init)
        if optional {
            let maybe: HMMaybeAfterInjected = awaited ? await container.resolve() : container.resolve(sync: ())
            #expect(maybe.inner == nil)
        } else {
            await #expect(throws: DIError.self) {
                if awaited {
                    let _: HMAfterInjected = try await container.tryResolve()
                } else {
                    try Self.resolveSynchronously(HMAfterInjected.self, container)
                }
            }
        }
        let counted: HMCounted = container.resolve(sync: ())
        let holder: HMCountedHolder = container.resolve(sync: ())
        #expect(holder.counted === counted)
    }

    /// `HMShownKeeper`, cached, is made by the first injection of `HMShown` and holds it —
    /// as its parameter, or resolved inside it (by a resolve that joins the one in progress,
    /// or by a `Provider`); the second injection fails: the keeper is not kept holding the
    /// half-made instance.
    @Test(arguments: [false, true], ["parameter", "nested resolve", "Provider"])
    func aCachedInstanceMadeWhileAnotherWasHalfMadeIsNotKept(awaited: Bool, keeperMadeBy: String) async throws {
        let container = DIContainer()
        let registration = container.register(HMShown.init).lifetime(.objectGraph)
        if keeperMadeBy == "parameter" {
            registration.injection { (shown: HMShown, keeper: HMShownKeeper) in shown.keeper = keeper }
        } else {
            registration.injection { [unowned container] (shown: HMShown, keeper: Provider<HMShownKeeper>) in
                shown.keeper = keeperMadeBy == "Provider" ? keeper.value : container.resolve(sync: ())
            }
        }
        registration.injection { (shown: HMShown, missing: HMMissing) in shown.missing = missing }
        container.register(HMShownKeeper.init).lifetime(.perContainer(.single))
        container.register(HMMaybeShown.init)
        let maybe: HMMaybeShown = awaited ? await container.resolve() : container.resolve(sync: ())
        #expect(maybe.shown == nil)
        container.register(HMMissing.init)
        let again: HMMaybeShown = container.resolve(sync: ())
        let shown = try #require(again.shown)
        let keeper = try #require(shown.keeper)
        #expect(keeper.shown === shown)
        #expect(keeper.shown?.missing != nil)
    }

    private static func resolveSynchronously<T>(_ type: T.Type, _ container: DIContainer) throws {
        let _: T = try container.tryResolve()
    }

    private func withPart() -> DIContainer {
        let container = DIContainer()
        container.register(HMPart.init).lifetime(.objectGraph)
            .injection { (part: HMPart, missing: HMMissing) in part.missing = missing }
        return container
    }

    @Test(arguments: [false, true])
    func anObjectGraphInstanceWhoseInjectionFailedIsNotReused(awaited: Bool) async {
        let container = withPart()
        container.register(HMPair.init)
        container.register(HMRequiredSecond.init)
        let pair: HMPair = awaited ? await container.resolve() : container.resolve(sync: ())
        #expect(pair.first == nil)
        #expect(pair.second == nil)
        let error = #expect(throws: DIError.self) { let _: HMRequiredSecond = try container.tryResolve() }
        #expect(error?.kind == .notRegistered)
    }

    /// `HMTail`'s `cycle:` injection, left for the end by the branch of `HMHead?`, does not
    /// run once that branch answered nil: it would fail the whole resolve.
    @Test(arguments: [false, true])
    func theCycleWorkOfABranchThatAnsweredNilIsDropped(awaited: Bool) async throws {
        let container = DIContainer()
        container.register(HMHead.init).lifetime(.objectGraph)
        container.register(HMTail.init).lifetime(.objectGraph)
            .injection(cycle: true) { (tail: HMTail, head: HMHead) in tail.head = head }
        container.register(HMMaybeHead.init)
        let maybe: HMMaybeHead = awaited ? await container.resolve() : container.resolve(sync: ())
        #expect(maybe.head == nil)
        container.register(HMMissing.init)
        let whole: HMMaybeHead = container.resolve(sync: ())
        let head = try #require(whole.head)
        #expect(head.tail.head === head)
        head.tail.head = nil  // the loop the test made
    }

    /// The failed resolve's graph, which `HMKeeper`'s provider captured, does not hand its
    /// half-made `HMScreen` to what the provider makes later.
    @Test func aProviderOfAFailedResolveDoesNotReachItsHalfMadeInstance() throws {
        let container = DIContainer()
        container.register(HMKeeper.init).lifetime(.perContainer(.single))
        container.register(HMScreen.init).lifetime(.objectGraph)
            .injection { (screen: HMScreen, missing: HMMissing) in screen.missing = missing }
        container.register(HMLater.init).injection(cycle: true, \.screen)
        #expect(throws: DIError.self) { let _: HMScreen = try container.tryResolve() }
        let keeper: HMKeeper = container.resolve()
        container.register(HMMissing.init)
        let later = keeper.later.value
        let screen = try #require(later.screen)
        #expect(screen.missing != nil)
        #expect(HMScreen.made.values.count == 2)
    }
}

private protocol HMQ: AnyObject {}

private final class HMFront: HMQ {
    let back: HMBack?
    init(back: HMBack?) { self.back = back }
}

private final class HMBack {
    var kept: HMKept?
}

private final class HMKept {
    init(front: any HMQ, missing: HMMissing) {}
}

/// Each round of `cycle:` work used to make a new prototype pair whose own `cycle:` work
/// failed the same way, queued for the next round: a resolve that never returned. The
/// optional that answers nil drops what its branch queued, so the resolve ends.
@Suite struct RunawayCycleWorkTests {
    @Test(arguments: [false, true])
    func aFailingOptionalInCycleWorkDoesNotQueueMoreWork(awaited: Bool) async throws {
        let container = DIContainer()
        container.register(HMFront.init).as((any HMQ).self)
        container.register(HMBack.init).injection(cycle: true, \.kept)
        container.register(HMKept.init).lifetime(.perContainer(.single))
        let front: HMFront = awaited ? await container.resolve() : container.resolve(sync: ())
        let back = try #require(front.back)
        #expect(back.kept == nil)
    }
}

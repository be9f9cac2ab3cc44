import DICore
import Foundation
import TestSupport
import Testing

/// Kept; its initializer stops at `hold` so that a clean can run while it is being made.
/// Its `cycle:` injection closes the loop through `CDMBack` once the resolve ends.
private final class CDMKept: @unchecked Sendable {
    // @unchecked Sendable: set by its injection before it is handed out.
    var back: CDMBack?
    init(hold: FactoryHold, made: Counter) {
        made.increment()
        hold.pass()
    }
}

/// A prototype pointing back at the kept instance (`cycle:`), weakly: a resolved loop must
/// not leak (CI runs LeakSanitizer).
private final class CDMBack: @unchecked Sendable {
    // @unchecked Sendable: set by its injection before it is handed out.
    weak var kept: CDMKept?
}

/// Kept like `CDMHead`'s partner: made by the head's `cycle:` injection, it holds the head.
private final class CDMPartner: @unchecked Sendable {
    // @unchecked Sendable: set in its initializer only.
    weak var head: CDMHead?
    init(head: CDMHead) { self.head = head }
}

/// Kept; stops at `hold` like `CDMKept`, and its `cycle:` injection makes its kept partner.
private final class CDMHead: @unchecked Sendable {
    // @unchecked Sendable: set by its injection before it is handed out.
    var partner: CDMPartner?
    init(hold: FactoryHold, made: Counter) {
        made.increment()
        hold.pass()
    }
}

/// Kept by a lifetime no clean here drops; made around a `CDMKept`.
private final class CDMHolder: Sendable {
    let kept: CDMKept
    init(kept: CDMKept) { self.kept = kept }
}

/// Kept; its factory cleans (once) while it is being made, on the resolving thread.
private final class CDMSelfCleaning: Sendable {
    init(onMake: () -> Void) { onMake() }
}

/// Kept by a lifetime no clean here drops; gets a `CDMSelfCleaning` from a nested resolve.
private final class CDMNestedHolder: Sendable {
    let inner: CDMSelfCleaning
    init(inner: CDMSelfCleaning) { self.inner = inner }
}

/// Kept by a lifetime no clean here drops; its `cycle:` injection makes its tail.
private final class CDMLoopHead: @unchecked Sendable {
    // @unchecked Sendable: set by its injection before it is handed out.
    var tail: CDMLoopTail?
}

/// Holds its head (weakly: the head holds it); its factory cleans once while it is made.
private final class CDMLoopTail: Sendable {
    weak let head: CDMLoopHead?
    init(head: CDMLoopHead, onMake: () -> Void) {
        self.head = head
        onMake()
    }
}

/// A clean while a kept component is being made drops that generation: the resolve making
/// it still gets its own instance, whole, and a later resolve makes the next one.
@Suite struct CleanDuringMakingTests {
    /// A container whose `Head` is being made on another thread when `clean` drops its
    /// generation; returns the container and the instance that resolve made.
    ///
    /// - Parameter register: Registers `Head` (its initializer passing `hold`) and what it
    ///   needs, with the lifetime given for `clean`.
    private static func resolveAcrossClean<Head: Sendable>(
        _ clean: CleanKind,
        _ register: (DIContainer, DILifeTime, FactoryHold) -> Void
    ) async -> (container: DIContainer, dropped: Head?) {
        let hold = FactoryHold()
        let scope = DIScope(name: "session")
        let lifetime = clean.lifetime(in: scope)
        let container = DIContainer()
        register(container, lifetime, hold)
        hold.armed.value = true
        let resolved = Collected<Head>()
        Thread { resolved.append(container.resolve(sync: ())) }.start()
        await eventually { hold.entered.value == 1 }
        hold.armed.value = false
        clean.clean(container, scope)
        hold.released.signal()
        await eventually { !resolved.values.isEmpty }
        return (container, resolved.values.first)
    }

    @Test(arguments: CleanKind.allCases)
    func aCycleClosesOnTheInstanceBeingMadeWhenACleanDropsItsGeneration(clean: CleanKind) async {
        let made = Counter()
        let (container, dropped): (_, CDMKept?) = await Self.resolveAcrossClean(clean) { container, lifetime, hold in
            container.register { CDMKept(hold: hold, made: made) }.lifetime(lifetime).injection(cycle: true, \.back)
            container.register(CDMBack.init).injection(cycle: true, \.kept)
        }
        guard let kept = dropped else { return }
        #expect(kept.back?.kept === kept, "the cycle closed on another instance")
        #expect(made.value == 1, "the resolve in progress made a second instance")
        let next: CDMKept = container.resolve(sync: ())
        #expect(next !== kept, "the dropped generation was stored")
        #expect(next.back?.kept === next)
        #expect(made.value == 2)
    }

    /// The dropped instance's injection makes a kept partner holding it: that partner is the
    /// dropped generation's too, and the next generation's head gets a partner of its own.
    @Test(arguments: CleanKind.allCases)
    func aKeptPartnerMadeForTheDroppedInstanceIsDroppedWithIt(clean: CleanKind) async {
        let made = Counter()
        let (container, dropped): (_, CDMHead?) = await Self.resolveAcrossClean(clean) { container, lifetime, hold in
            container.register { CDMHead(hold: hold, made: made) }.lifetime(lifetime)
                .injection(cycle: true, \.partner)
            container.register(CDMPartner.init).lifetime(lifetime)
        }
        guard let dropped else { return }
        #expect(dropped.partner?.head === dropped, "the cycle closed on another instance")

        let head: CDMHead = container.resolve(sync: ())
        let partner: CDMPartner = container.resolve(sync: ())
        #expect(head !== dropped)
        #expect(partner.head === head, "the new generation's partner holds the dropped instance")
        #expect(head.partner === partner)
        #expect(made.value == 2)
    }

    /// What the resolve making the dropped instance goes on to make with it may hold it, as
    /// what a waiter handed it makes may: neither is stored, whatever its own lifetime.
    @Test(arguments: CleanKind.allCases)
    func aHolderMadeAroundTheDroppedInstanceIsNotKept(clean: CleanKind) async {
        let made = Counter()
        let (container, dropped): (_, CDMHolder?) = await Self.resolveAcrossClean(clean) { container, lifetime, hold in
            container.register { CDMKept(hold: hold, made: made) }.lifetime(lifetime)
            container.register(CDMHolder.init).lifetime(.custom(name: "holders"))
        }
        guard let dropped else { return }
        let holder: CDMHolder = container.resolve(sync: ())
        #expect(holder !== dropped, "the holder of the dropped instance was kept")
        #expect(holder.kept !== dropped.kept)
        #expect(container.resolve(sync: ()) as CDMHolder === holder)
        #expect(made.value == 2)
    }

    /// The same when the holder's factory gets the dropped instance from a resolve of its own.
    @Test(arguments: CleanKind.allCases)
    func aHolderGettingTheDroppedInstanceFromANestedResolveIsNotKept(clean: CleanKind) {
        let scope = DIScope(name: "session")
        let cleaned = LockedValue(false)
        let container = DIContainer()
        container.register { (resolver: DIContainer) in
            CDMSelfCleaning {
                guard !cleaned.value else { return }
                cleaned.value = true
                clean.clean(resolver, scope)
            }
        }
        .lifetime(clean.lifetime(in: scope))
        container.register { (resolver: DIContainer) in CDMNestedHolder(inner: resolver.resolve()) }
            .lifetime(.custom(name: "holders"))
        let dropped: CDMNestedHolder = container.resolve(sync: ())
        let holder: CDMNestedHolder = container.resolve(sync: ())
        #expect(holder !== dropped, "the holder of the dropped instance was kept")
        #expect(holder.inner === container.resolve(sync: ()) as CDMSelfCleaning)
    }

    /// A kept head made before the instance its `cycle:` injection makes is dropped: the
    /// head, which holds it, is not kept either, so no stored pair is mismatched.
    @Test(arguments: CleanKind.allCases)
    func aHeadWhoseInjectionMadeTheDroppedInstanceIsNotKept(clean: CleanKind) {
        let scope = DIScope(name: "session")
        let cleaned = LockedValue(false)
        let container = DIContainer()
        container.register(CDMLoopHead.init).lifetime(.custom(name: "holders")).injection(cycle: true, \.tail)
        container.register { (head: CDMLoopHead, resolver: DIContainer) in
            CDMLoopTail(head: head) {
                guard !cleaned.value else { return }
                cleaned.value = true
                clean.clean(resolver, scope)
            }
        }
        .lifetime(clean.lifetime(in: scope))
        let dropped: CDMLoopHead = container.resolve(sync: ())
        let head: CDMLoopHead = container.resolve(sync: ())
        let tail: CDMLoopTail = container.resolve(sync: ())
        #expect(head !== dropped, "the head holding the dropped instance was kept")
        #expect(head.tail === tail)
        #expect(tail.head === head)
    }
}

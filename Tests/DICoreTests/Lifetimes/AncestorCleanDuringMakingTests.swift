import DICore
import Foundation
import TestSupport
import Testing

// A clean while an instance kept by another container (a parent, an isolating container,
// a scope) is being made for a descendant: the descendant's resolve must not keep a holder
// made around that dropped instance, as a resolve in the container itself does not.

/// Kept; its factory runs `onMake` while it is being made.
private final class ACDMade: Sendable {
    init(onMake: () -> Void) { onMake() }
}

/// Kept by a lifetime no clean here drops; made around an `ACDMade`.
private final class ACDHolder: Sendable {
    let made: ACDMade
    init(made: ACDMade) { self.made = made }
}

/// Kept by the parent; made around an `ACDMade`, and held by an `ACDTop`.
private final class ACDMiddle: Sendable {
    let made: ACDMade
    init(made: ACDMade) { self.made = made }
}

private final class ACDTop: Sendable {
    let middle: ACDMiddle
    init(middle: ACDMiddle) { self.middle = middle }
}

@Suite struct AncestorCleanDuringMakingTests {
    /// `ACDMade`, kept by `parent`, whose factory cleans `parent` the first time (as another
    /// thread's clean would, at that moment).
    private func parentCleaningOnce() -> DIContainer {
        let cleaned = LockedValue(false)
        let parent = DIContainer()
        // Weakly: the container keeps its factory, which must not keep the container (a leak).
        parent.register { [weak parent] in
            ACDMade {
                guard !cleaned.value else { return }
                cleaned.value = true
                parent?.clean()
            }
        }
        .lifetime(.perContainer(.single))
        return parent
    }

    @Test(arguments: [false, true])
    func aHolderOfTheDroppedInstanceIsNotKept(inChild: Bool) {
        let parent = parentCleaningOnce()
        let resolver = inChild ? DIContainer(parent: parent) : parent
        resolver.register(ACDHolder.init).lifetime(.custom(name: "holders"))
        let first: ACDHolder = resolver.resolve()
        let second: ACDHolder = resolver.resolve()
        let made: ACDMade = resolver.resolve()
        #expect(second !== first)
        #expect(second.made === made)
    }

    @Test(arguments: [false, true])
    func anAwaitedResolveKeepsNoHolderOfItEither(inChild: Bool) async {
        let parent = parentCleaningOnce()
        let resolver = inChild ? DIContainer(parent: parent) : parent
        resolver.register(ACDHolder.init).lifetime(.custom(name: "holders"))
        let first: ACDHolder = await resolver.resolve()
        let second: ACDHolder = await resolver.resolve()
        let made: ACDMade = await resolver.resolve()
        #expect(second !== first)
        #expect(second.made === made)
    }

    /// Two levels: the parent does not keep its middle holder, nor the child its top one.
    @Test func noLevelKeepsWhatHoldsIt() {
        let parent = parentCleaningOnce()
        parent.register(ACDMiddle.init).lifetime(.custom(name: "middles"))
        let child = DIContainer(parent: parent)
        child.register(ACDTop.init).lifetime(.perContainer(.single))
        let first: ACDTop = child.resolve()
        let middle: ACDMiddle = child.resolve()
        let made: ACDMade = child.resolve()
        let second: ACDTop = child.resolve()
        #expect(middle !== first.middle)
        #expect(middle.made === made)
        #expect(second.middle === middle)
    }

    enum Keeper: CaseIterable, Sendable { case parent, isolatingContainer, scopeThroughChild, scopeThroughIsolation }

    /// With another thread's clean, whoever keeps the instance.
    @Test(arguments: Keeper.allCases)
    func anotherThreadsCleanLeavesNoHolderOfTheDroppedInstance(keeper: Keeper) async {
        let made = Counter()
        let hold = FactoryHold()
        let scope = DIScope(name: "acd")
        let app = DIContainer()
        let scoped = keeper == .scopeThroughChild || keeper == .scopeThroughIsolation
        app.register {
            ACDMade {
                made.increment()
                hold.pass()
            }
        }
        .lifetime(scoped ? .custom(scope) : .perContainer(.single))
        let isolated = DIContainer(isolatedFrom: app)
        let resolver = DIContainer(parent: keeper == .parent || keeper == .scopeThroughChild ? app : isolated)
        let clean: @Sendable () -> Void =
            switch keeper {
            case .parent: { app.clean() }
            case .isolatingContainer: { isolated.clean() }
            case .scopeThroughChild, .scopeThroughIsolation: { scope.clean() }
            }
        resolver.register(ACDHolder.init).lifetime(.perContainer(.single))
        hold.armed.value = true
        let holders = Collected<ACDHolder>()
        Thread { holders.append(resolver.resolve(sync: ())) }.start()
        await eventually { hold.entered.value == 1 }
        hold.armed.value = false
        clean()
        let current: ACDMade = resolver.resolve(sync: ())
        hold.released.signal()
        await eventually { !holders.values.isEmpty }
        let first = holders.values[0]
        let next: ACDHolder = resolver.resolve(sync: ())
        #expect(first.made !== current)
        #expect(next !== first)
        #expect(next.made === current)
        #expect(made.value == 2)
    }
}

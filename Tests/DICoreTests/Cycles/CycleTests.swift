import DICore
import TestSupport
import Testing

private final class Parent {
    let child: Child
    init(child: Child) { self.child = child }
}

private final class Child {
    // Strong on purpose: resolving a Child alone must keep the Parent made for it.
    var parent: Parent?
}

private final class LoopA {
    init(b: LoopB) {}
}

private final class LoopB {
    init(a: LoopA) {}
}

private final class LoopSelf {
    init(me: LoopSelf) {}
}

private final class PropertyA {
    var b: PropertyB?
}

private final class PropertyB {
    var a: PropertyA?
}

@Suite struct CycleTests {
    @Test func cycleInjectionOverObjectGraphBuildsParentAndChild() {
        let container = DIContainer()
        container.register(Parent.init).lifetime(.objectGraph)
        container.register(Child.init).lifetime(.objectGraph).injection(cycle: true, \.parent)
        let parent: Parent = container.resolve()
        #expect(parent.child.parent === parent)
        let child: Child = container.resolve()
        #expect(child.parent?.child === child)
        #expect(child.parent !== parent)
        // Break the Parent ⇄ Child cycles the test made on purpose, so nothing leaks.
        parent.child.parent = nil
        child.parent = nil
    }

    /// A prototype child whose `cycle:` injection needs an `objectGraph` parent that needs a
    /// child: resolving the child makes it, then (after the resolve) the parent, with a
    /// second child of its own, whose injection finds the parent. Validation says so too.
    @Test(arguments: [false, true])
    func aPrototypeWithACycleInjectionResolvesFromItsSide(methodInjection: Bool) throws {
        let container = DIContainer()
        container.register(Parent.init).lifetime(.objectGraph)
        let child = container.register(Child.init)
        if methodInjection {
            child.injection(cycle: true) { $0.parent = $1 }
        } else {
            child.injection(cycle: true, \.parent)
        }
        #expect(container.makeGraph().validate().filter { $0.severity == .error }.isEmpty)
        let parent: Parent = try container.tryResolve()
        #expect(parent.child.parent === parent)
        let resolved: Child = try container.tryResolve()
        let itsParent = try #require(resolved.parent)
        #expect(itsParent.child !== resolved)  // a prototype: the parent's child is its own
        #expect(itsParent.child.parent === itsParent)
        let optional: Child? = container.resolve()
        #expect(optional?.parent != nil)
        for made in [parent.child, resolved, itsParent.child, optional?.parent?.child, optional] {
            made?.parent = nil
        }
    }

    @Test(arguments: [DILifeTime.prototype, .objectGraph, .perContainer(.single), .perApplication(.weak)])
    func initOnlyCycleIsACycleErrorNamingTheLoop(lifetime: DILifeTime) async {
        await finishes {
            let container = DIContainer()
            container.register(line: uniqueLine(), LoopA.init).lifetime(lifetime)
            container.register(line: uniqueLine(), LoopB.init).lifetime(lifetime)
            let error = resolveError(LoopA.self) { () throws(DIError) in try container.tryResolve() }
            #expect(error?.kind == .cycle)
            #expect(error?.description.contains("LoopA → LoopB → LoopA") == true)
            // Nothing half-made is left behind: the same request fails the same way.
            let again = resolveError(LoopB.self) { () throws(DIError) in try container.tryResolve() }
            #expect(again?.kind == .cycle)
            #expect(again?.description.contains("LoopB → LoopA → LoopB") == true)
        }
    }

    @Test(arguments: [DILifeTime.prototype, .perContainer(.single)])
    func aComponentNeedingItselfIsACycleError(lifetime: DILifeTime) async {
        await finishes {
            let container = DIContainer()
            container.register(LoopSelf.init).lifetime(lifetime)
            let error = resolveError(LoopSelf.self) { () throws(DIError) in try container.tryResolve() }
            #expect(error?.kind == .cycle)
            #expect(error?.description.contains("LoopSelf → LoopSelf") == true)
        }
    }

    @Test(arguments: [false, true])
    func allPrototypePropertyCycleIsACycleError(cycleFlag: Bool) async {
        await finishes {
            let container = DIContainer()
            container.register(PropertyA.init).injection(cycle: cycleFlag, \.b)
            container.register(PropertyB.init).injection(cycle: cycleFlag, \.a)
            let error = resolveError(PropertyA.self) { () throws(DIError) in try container.tryResolve() }
            #expect(error?.kind == .cycle)
            #expect(error?.description.contains("PropertyA") == true)
            #expect(error?.description.contains("PropertyB") == true)
            // Each round (`cycle:` or not) makes new prototypes: a lifetime is the cure.
            #expect(error?.description.contains("PropertyA → PropertyB → PropertyA") == true)
            #expect(error?.description.contains("made only of prototypes") == true)
            #expect(error?.path.first == "PropertyA")
        }
    }

    #if os(macOS) || os(Linux)  // exit tests: not on iOS, tvOS, watchOS or visionOS
    /// A `Lazy` read inside the factory of what it makes cannot break the loop: the error
    /// says so, instead of advising a `Lazy`.
    @Test func aLazyReadBeforeItsHolderIsMadeIsNamedAsTheCause() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class Reader: Sendable {}
            let container = DIContainer()
            container.register { (me: Lazy<Reader>) -> Reader in
                _ = me.value
                return Reader()
            }
            let _: Reader = container.resolve()
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        let cause =
            "the cycle CycleTests.Reader → CycleTests.Reader is closed by reading the Lazy<CycleTests.Reader>"
            + " of CycleTests.Reader while CycleTests.Reader was being made"
        #expect(message.contains(cause))
        #expect(!message.contains("use injection(cycle: true), Lazy or Provider"))
    }
    #endif

    /// A factory that resolves what it makes: no lifetime and no `cycle:` breaks that, and
    /// the error says what closes the loop instead of advising either.
    @Test(arguments: [DILifeTime.prototype, .objectGraph, .perContainer(.single)])
    func aFactoryResolvingWhatItMakesIsNamedAsTheCause(lifetime: DILifeTime) {
        final class Looper: Sendable {
            init(inner: Looper?) {}
        }
        let caught = LockedValue<DIError?>(nil)
        let container = DIContainer()
        container.register { (resolver: DIContainer) -> Looper in
            do throws(DIError) {
                let inner: Looper = try resolver.tryResolve()
                return Looper(inner: inner)
            } catch {
                caught.withLock { $0 = $0 ?? error }
                return Looper(inner: nil)
            }
        }
        .lifetime(lifetime)
        let _: Looper = container.resolve()
        let error = caught.value
        #expect(error?.kind == .cycle)
        #expect(
            error?.reason.hasPrefix(
                "the cycle CycleTests.Looper → CycleTests.Looper is closed by a resolve of CycleTests.Looper that the code of CycleTests.Looper (its factory, an injection or postInit) makes while CycleTests.Looper is being made"
            ) == true
        )
    }

    /// An injection that needs a member still in its initializer: the error says so, as
    /// validation does, and names the fix; it is no initializer cycle.
    @Test func anInjectionNeedingAMemberStillInItsInitializerSaysSo() throws {
        let container = DIContainer()
        container.register(Parent.init).lifetime(.objectGraph)
        container.register(Child.init).lifetime(.objectGraph).injection(\.parent)
        let error = try #require(resolveError(Parent.self) { () throws(DIError) in try container.tryResolve() })
        #expect(error.kind == .cycle)
        #expect(
            error.reason
                == "the cycle Parent → Child → Parent needs Parent before its initializer returns (mark the injection that closes it cycle: true, or use Lazy/Provider)"
        )
        let validation = container.makeGraph().validate().filter { $0.kind == .cycle }.map(\.message)
        #expect(validation.count == 1)
        #expect(validation.first?.contains("needs one of them before its initializer returns") == true)
    }

    /// A holder with an unread `Lazy` of the member its injection needs: the injection
    /// closes the loop, and the error says what validation says, not that the `Lazy` was read.
    @Test func anUnreadLazyBesideTheInjectionThatClosesTheLoopIsNotBlamed() throws {
        final class Holder {
            let later: Lazy<Needer>
            var now: Needer?
            init(later: Lazy<Needer>) { self.later = later }
        }
        final class Needer {
            init(holder: Holder) {}
        }
        let container = DIContainer()
        container.register(Holder.init).injection(\.now)
        container.register(Needer.init)
        let error = try #require(resolveError(Holder.self) { () throws(DIError) in try container.tryResolve() })
        #expect(error.kind == .cycle)
        #expect(
            error.reason
                == "the cycle CycleTests.Holder → CycleTests.Needer → CycleTests.Holder is made only of prototypes, so every pass makes new instances and it never closes (give one a cached or objectGraph lifetime, or use Lazy/Provider)"
        )
        let validation = container.makeGraph().validate().filter { $0.kind == .cycle }.map(\.message)
        #expect(validation.count == 1)
        #expect(validation.first?.contains("is made only of prototypes") == true)
    }

    @Test func propertyCycleOverCachedLifetimeClosesWithoutCycleFlag() {
        let container = DIContainer()
        container.register(PropertyA.init).lifetime(.perContainer(.single)).injection(\.b)
        container.register(PropertyB.init).lifetime(.perContainer(.single)).injection(\.a)
        let a: PropertyA = container.resolve()
        let b: PropertyB = container.resolve()
        #expect(a.b === b)
        #expect(b.a === a)
        // Break the A ⇄ B cycle the test made on purpose, so nothing leaks.
        a.b = nil
    }
}

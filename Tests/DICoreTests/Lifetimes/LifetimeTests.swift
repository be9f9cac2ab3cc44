import DICore
import TestSupport
import Testing

private final class Part {}

private final class Whole {
    let a: Part
    let b: Part
    init(a: Part, b: Part) {
        self.a = a
        self.b = b
    }
}

/// A class per tag, counting its releases.
private final class Held<Tag> {
    let released: Counter
    init(_ released: Counter) { self.released = released }
    deinit { released.increment() }
}

private enum First {}
private enum Second {}
private enum Third {}

/// A cached value type: the instance a clean drops is not an object.
private struct Wrapped {
    let held: Held<Wrapped>
}

@Suite struct LifetimeTests {
    /// Resolves a `Tracked` and lets go of it; returns its identity.
    @inline(never)
    private static func resolveAndDrop(_ container: DIContainer) -> ObjectIdentifier {
        let tracked: Tracked = container.resolve()
        return ObjectIdentifier(tracked)
    }

    @Test func singleIsMadeEagerlyByInitializeSingletonObjects() {
        let made = Counter()
        let container = DIContainer()
        container.register(line: uniqueLine()) { Tracked(made: made) }.lifetime(.single)
        container.register(Part.init)
        #expect(made.value == 0)
        container.initializeSingletonObjects()
        #expect(made.value == 1)
        let first: Tracked = container.resolve()
        let second: Tracked = container.resolve()
        #expect(first === second)
        #expect(made.value == 1)
    }

    @Test func singleActsAsPerApplicationBeforeInitializeSingletonObjects() {
        let made = Counter()
        let container = DIContainer()
        container.register(line: uniqueLine()) { Tracked(made: made) }.lifetime(.single)
        let lazily: Tracked = container.resolve()
        #expect(made.value == 1)
        container.initializeSingletonObjects()
        let after: Tracked = container.resolve()
        #expect(made.value == 1)
        #expect(lazily === after)
    }

    @Test(arguments: [DILifeTime.single, .perApplication(.single), .perRun(.weak)])
    func processWideLifetimesShareTheSameLinesInstanceAcrossContainers(lifetime: DILifeTime) {
        let made = Counter()
        let line = uniqueLine()
        let first = DIContainer()
        let second = DIContainer()
        for container in [first, second] {
            container.register(line: line) { Tracked(made: made) }.lifetime(lifetime)
        }
        let a: Tracked = first.resolve()
        let b: Tracked = second.resolve()
        #expect(a === b)
        #expect(made.value == 1)
    }

    /// One line registered `.weak` in one container and `.single` in another: each keeps
    /// its instance as its own lifetime says, whichever registered first.
    @Test func aLineRegisteredWeakHereAndSingleThereKeepsEachKind() {
        let made = Counter()
        let line = uniqueLine()
        let weakly = DIContainer()
        let strongly = DIContainer()
        weakly.register(line: line) { Tracked(made: made) }.lifetime(.perApplication(.weak))
        strongly.register(line: line) { Tracked(made: made) }.lifetime(.perApplication(.single))
        _ = Self.resolveAndDrop(strongly)
        _ = Self.resolveAndDrop(strongly)
        #expect(made.value == 1, "the .single registration let its instance go")
        _ = Self.resolveAndDrop(weakly)
        _ = Self.resolveAndDrop(weakly)
        #expect(made.value == 3, "the .weak registration kept its instance, or took the .single one")
    }

    @Test func differentLinesAreDifferentPerApplicationInstances() {
        let container = DIContainer()
        container.register(line: uniqueLine()) { Owner() }.lifetime(.perApplication(.single)).as(Owner.self, name: "a")
        container.register(line: uniqueLine()) { Owner() }.lifetime(.perApplication(.single)).as(Owner.self, name: "b")
        let a: Owner = container.resolve(name: "a")
        let b: Owner = container.resolve(name: "b")
        let again: Owner = container.resolve(name: "a")
        #expect(a !== b)
        #expect(a === again)
    }

    @Test func perRunIsTheSameCaseAsPerApplication() {
        #expect(DILifeTime.perRun(.weak) == .perApplication(.weak))
        #expect(DILifeTime.perRun(.single) == .perApplication(.single))
        #expect(DILifeTime.perRun(.weak) != .perApplication(.single))
    }

    @Test func strongIsTheSameCaseAsSingle() {
        #expect(DIReferenceKind.strong == .single)
        #expect(DILifeTime.perContainer(.strong) == .perContainer(.single))
        let isSingle =
            switch DIReferenceKind.strong {
            case .single: true
            case .weak: false
            }
        #expect(isSingle)
    }

    @Test func perContainerIsOnePerContainerUntilCleaned() {
        let made = Counter()
        let first = DIContainer()
        let second = DIContainer()
        for container in [first, second] {
            container.register { Tracked(made: made) }.lifetime(.perContainer(.single))
        }
        let a: Tracked = first.resolve()
        let again: Tracked = first.resolve()
        let b: Tracked = second.resolve()
        #expect(a === again)
        #expect(a !== b)
        #expect(made.value == 2)
        first.clean()
        let afterClean: Tracked = first.resolve()
        let secondAfterClean: Tracked = second.resolve()
        #expect(afterClean !== a)
        #expect(secondAfterClean === b)
        #expect(made.value == 3)
    }

    @Test func objectGraphIsSharedWithinOneResolveAndNewAcrossResolves() {
        let container = DIContainer()
        container.register(Part.init).lifetime(.objectGraph)
        container.register(Whole.init)
        let first: Whole = container.resolve()
        let second: Whole = container.resolve()
        #expect(first.a === first.b)
        #expect(second.a === second.b)
        #expect(first.a !== second.a)
    }

    @Test func prototypeIsTheDefaultAndNewEveryTime() {
        let container = DIContainer()
        container.register(Part.init)
        container.register(Whole.init)
        let whole: Whole = container.resolve()
        let part: Part = container.resolve()
        #expect(whole.a !== whole.b)
        #expect(part !== whole.a)
        #expect(DILifeTime.default == .prototype)
    }

    @Test func customIsKeptUntilItsNameIsCleaned() {
        let made = Counter()
        let container = DIContainer()
        container.register { Tracked(made: made) }.lifetime(.custom(name: "session"))
        let first: Tracked = container.resolve()
        container.clean(custom: "other")
        let second: Tracked = container.resolve()
        #expect(first === second)
        #expect(made.value == 1)
        container.clean(custom: "session")
        let third: Tracked = container.resolve()
        #expect(third !== first)
        #expect(made.value == 2)
    }

    @Test(arguments: [DILifeTime.perContainer(.weak), .perApplication(.weak), .perRun(.weak)])
    func weakLetsGoOnceTheAppDropsTheInstance(lifetime: DILifeTime) {
        let made = Counter()
        let released = Counter()
        let container = DIContainer()
        container.register(line: uniqueLine()) { Tracked(made: made, released: released) }.lifetime(lifetime)
        do {
            let held: Tracked = container.resolve()
            let again: Tracked = container.resolve()
            #expect(held === again)
            #expect(made.value == 1)
        }
        #expect(released.value == 1)
        _ = Self.resolveAndDrop(container)
        #expect(made.value == 2)
        #expect(released.value == 2)
    }

    @Test(arguments: [DILifeTime.perContainer(.single), .perApplication(.single), .perContainer(.strong)])
    func singleKeepsTheInstanceAliveWithoutTheApp(lifetime: DILifeTime) {
        let made = Counter()
        let released = Counter()
        let container = DIContainer()
        container.register(line: uniqueLine()) { Tracked(made: made, released: released) }.lifetime(lifetime)
        let first = Self.resolveAndDrop(container)
        let second = Self.resolveAndDrop(container)
        #expect(first == second)
        #expect(made.value == 1)
        #expect(released.value == 0)
    }

    @Test func cleanLetsGoOfPerContainerInstances() {
        let made = Counter()
        let released = Counter()
        let container = DIContainer()
        container.register { Tracked(made: made, released: released) }.lifetime(.perContainer(.single))
        _ = Self.resolveAndDrop(container)
        #expect(released.value == 0)
        container.clean()
        #expect(released.value == 1)
    }

    /// Resolves every cached component of `cleanDropsEveryKindOfInstance` and lets go.
    @inline(never)
    private static func resolveAll(_ container: DIContainer) {
        _ = container.resolve() as Held<First>
        _ = container.resolve() as Held<Second>
        _ = container.resolve() as Held<Third>
        _ = container.resolve() as Wrapped
    }

    /// A clean lets go of objects and values alike, of an isolating child's own instances of
    /// its ancestors' components (more than the child registered itself), and only of the
    /// cleaned container's.
    @Test func cleanLetsGoOfEveryKindOfInstanceItDrops() {
        let released = Counter()
        let app = DIContainer()
        app.register { Held<First>(released) }.lifetime(.perContainer(.single))
        app.register { Held<Second>(released) }.lifetime(.perContainer(.single))
        app.register { Held<Third>(released) }.lifetime(.perContainer(.single))
        app.register { Wrapped(held: Held(released)) }.lifetime(.perContainer(.single))
        let child = DIContainer(isolatedFrom: app)
        Self.resolveAll(app)
        Self.resolveAll(child)
        #expect(released.value == 0)
        child.clean()
        #expect(released.value == 4)
        app.clean()
        #expect(released.value == 8)
        Self.resolveAll(child)
        child.clean()
        #expect(released.value == 12)
    }

    @Test func objectGraphDoesNotOutliveItsResolve() {
        let made = Counter()
        let released = Counter()
        let container = DIContainer()
        container.register { Tracked(made: made, released: released) }.lifetime(.objectGraph)
        _ = Self.resolveAndDrop(container)
        _ = Self.resolveAndDrop(container)
        #expect(made.value == 2)
        #expect(released.value == 2)
    }
}

// Process-wide instances are keyed by type, file:line and the names and tags (issue 26,
// item 5): a loop registering named components on one line made one shared instance.
private final class LTRegion: Sendable {
    let name: String
    init(_ name: String) { self.name = name }
}

private enum LTEurope {}
private enum LTAmerica {}

@Suite struct SharedCellKeyTests {
    private func registerRegions(in container: DIContainer, lifetime: DILifeTime, nameFirst: Bool) {
        for name in ["eu", "us", "apac"] {
            if nameFirst {
                container.register { LTRegion(name) }.as(LTRegion.self, name: name).lifetime(lifetime)
            } else {
                container.register { LTRegion(name) }.lifetime(lifetime).as(LTRegion.self, name: name)
            }
        }
    }

    @Test(arguments: [DILifeTime.perApplication(.single), .single, .perApplication(.weak)], [true, false])
    func aLoopOfNamedRegistrationsMakesOneInstancePerName(lifetime: DILifeTime, nameFirst: Bool) {
        let container = DIContainer()
        registerRegions(in: container, lifetime: lifetime, nameFirst: nameFirst)
        let us: LTRegion = container.resolve(name: "us")
        let eu: LTRegion = container.resolve(name: "eu")
        let apac: LTRegion = container.resolve(name: "apac")
        #expect([eu.name, us.name, apac.name] == ["eu", "us", "apac"])
        let euAgain: LTRegion = container.resolve(name: "eu")
        #expect(euAgain === eu)
    }

    @Test func theSameLineInTwoContainersStillSharesPerName() {
        func make() -> DIContainer {
            let container = DIContainer()
            for name in ["eu", "us"] {
                container.register { LTRegion(name) }.as(LTRegion.self, name: name).lifetime(.perApplication(.single))
            }
            return container
        }
        let first = make()
        let second = make()
        let a: LTRegion = first.resolve(name: "us")
        let b: LTRegion = second.resolve(name: "us")
        let c: LTRegion = second.resolve(name: "eu")
        #expect(a === b && a.name == "us" && c.name == "eu")
    }

    @Test func tagsKeyTheInstanceToo() {
        let container = DIContainer()
        for (name, tag) in [("eu", LTEurope.self as Any.Type), ("us", LTAmerica.self)] {
            let builder = container.register { LTRegion(name) }.lifetime(.perApplication(.single))
            if tag == LTEurope.self {
                builder.as(LTRegion.self, tag: LTEurope.self)
            } else {
                builder.as(LTRegion.self, tag: LTAmerica.self)
            }
        }
        let eu: LTRegion = container.resolve(tag: LTEurope.self)
        let us: LTRegion = container.resolve(tag: LTAmerica.self)
        #expect(eu.name == "eu" && us.name == "us")
    }
}

private final class LTMadeCount: @unchecked Sendable {
    // @unchecked Sendable: the tests resolve from one thread.
    var value = 0
}

/// An `objectGraph` value (kept boxed in the private graph) beside an `objectGraph` class
/// instance (kept as itself) and a subclass registered as its base.
private struct LTToken: Sendable {
    let serial: Int
}

private class LTBase: @unchecked Sendable {}
private final class LTDerived: LTBase, @unchecked Sendable {}

private final class LTLeaf: Sendable {
    let token: LTToken
    let base: LTBase
    init(token: LTToken, base: LTBase) {
        self.token = token
        self.base = base
    }
}

private final class LTTop: Sendable {
    let leaf: LTLeaf
    let token: LTToken
    let base: LTBase
    init(leaf: LTLeaf, token: LTToken, base: LTBase) {
        self.leaf = leaf
        self.token = token
        self.base = base
    }
}

@Suite struct ObjectGraphSlotTests {
    /// Each resolve makes one token and one base, shared by everything it builds, whether
    /// the resolve follows its plan the first time or its compiled steps afterwards, and
    /// whether the instance is a value, a class instance, or a subclass's.
    @Test func valuesAndObjectsAreSharedWithinAResolveAndMadeAgainForTheNext() {
        let container = DIContainer()
        let tokens = LTMadeCount()
        container.register { () -> LTToken in
            tokens.value += 1
            return LTToken(serial: tokens.value)
        }.lifetime(.objectGraph)
        container.register { () -> LTBase in LTDerived() }.lifetime(.objectGraph)
        container.register(LTLeaf.init).lifetime(.objectGraph)
        container.register(LTTop.init)
        var bases: [LTBase] = []
        for round in 1...4 {
            let top: LTTop = container.resolve()
            #expect(top.token.serial == round)
            #expect(top.leaf.token.serial == round)
            #expect(top.base === top.leaf.base)
            #expect(top.base is LTDerived)
            bases.append(top.base)
        }
        #expect(tokens.value == 4)
        #expect(Set(bases.map(ObjectIdentifier.init)).count == 4)
    }
}

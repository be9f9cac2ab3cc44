import DICore
import TestSupport
import Testing

private final class D1 { let tag = "1" }
private final class D2 { let tag = "2" }
private final class D3 { let tag = "3" }
private final class D4 { let tag = "4" }
private final class D5 { let tag = "5" }
private final class D6 { let tag = "6" }

/// Made by initializers of every arity; `tags` says which dependencies it received.
private final class Made {
    let tags: [String]
    init(_ tags: [String]) { self.tags = tags }
}

private final class Six {
    let tags: [String]
    init(a: D1, b: D2, c: D3, d: D4, e: D5, f: D6) { tags = [a.tag, b.tag, c.tag, d.tag, e.tag, f.tag] }
}

private final class House {
    var owner: Owner?
    var mainOwner: Owner?
    var pets: [Animal] = []
    var log: [String] = []
}

private final class RTJournal: Sendable {
    let entries = LockedValue<[String]>([])
}

private final class Named {
    let name: String
    init(name: String) { self.name = name }
}

@Suite struct RegistrationTests {
    private static func container() -> DIContainer {
        let container = DIContainer()
        container.register(D1.init)
        container.register(D2.init)
        container.register(D3.init)
        container.register(D4.init)
        container.register(D5.init)
        container.register(D6.init)
        return container
    }

    @Test(arguments: 0...6)
    func closuresOfEveryArityGetTheirParametersResolved(arity: Int) {
        let container = Self.container()
        switch arity {
        case 0: container.register { Made([]) }
        case 1: container.register { (a: D1) in Made([a.tag]) }
        case 2: container.register { (a: D1, b: D2) in Made([a.tag, b.tag]) }
        case 3: container.register { (a: D1, b: D2, c: D3) in Made([a.tag, b.tag, c.tag]) }
        case 4: container.register { (a: D1, b: D2, c: D3, d: D4) in Made([a.tag, b.tag, c.tag, d.tag]) }
        case 5:
            container.register { (a: D1, b: D2, c: D3, d: D4, e: D5) in Made([a.tag, b.tag, c.tag, d.tag, e.tag]) }
        default:
            container.register { (a: D1, b: D2, c: D3, d: D4, e: D5, f: D6) in
                Made([a.tag, b.tag, c.tag, d.tag, e.tag, f.tag])
            }
        }
        let made: Made = container.resolve()
        #expect(made.tags == (0..<arity).map { String($0 + 1) })
    }

    @Test func anInitializerWithSixParametersIsRegisteredByReference() {
        let container = Self.container()
        container.register(Six.init)
        let six: Six = container.resolve()
        #expect(six.tags == ["1", "2", "3", "4", "5", "6"])
    }

    @Test func aClosureMixesConstantsAndResolvedParameters() {
        let container = DIContainer()
        container.register(Owner.init)
        container.register { Cat(name: "Tom", owner: $0) }
        let cat: Cat = container.resolve()
        #expect(cat.name == "Tom")
        #expect(cat.owner.name == "Ann")
    }

    @Test func aTypeWithoutInitializerIsFilledByInjectIntoOnly() throws {
        let container = DIContainer()
        container.register(Owner.init)
        container.register(House.self).injection(\.owner)
        let house = House()
        container.inject(into: house)
        #expect(house.owner?.name == "Ann")
        let error = resolveError(House.self) { () throws(DIError) in try container.tryResolve() }
        #expect(error?.kind == .noInitializer)
    }

    @Test func registeringTheSameLineTwiceGivesTwoComponents() {
        let container = DIContainer()
        for name in ["Rex", "Max"] {
            container.register { Dog(name: name) }.as(Animal.self)
        }
        let all: [Animal] = container.resolveMany()
        #expect(all.map(\.name) == ["Rex", "Max"])
        let error = resolveError(Dog.self) { () throws(DIError) in try container.tryResolve() }
        #expect(error?.kind == .ambiguous)
    }

    @Test func asAddsTypeNameAndTagAliases() {
        let container = DIContainer()
        container.register(Owner.init)
        container.register { Cat(name: "Tom", owner: $0) }.as(Animal.self).as(Animal.self, name: "tom")
        container.register { Dog(name: "Rex") }.as(Animal.self, tag: HouseTag.self)
        container.register { Dog(name: "Bo") }.as(check: Animal.self) { $0 }.as(Animal.self, tag: FarmTag.self)
        let tom: Animal = container.resolve(name: "tom")
        let rex: Animal = container.resolve(tag: HouseTag.self)
        let bo: Animal = container.resolve(tag: FarmTag.self)
        #expect(tom.name == "Tom")
        #expect(rex.name == "Rex")
        #expect(bo.name == "Bo")
        // Plain `Animal` has two untagged candidates (Tom and Bo): no rule picks one.
        let error = resolveError(Animal.self) { () throws(DIError) in try container.tryResolve() }
        #expect(error?.kind == .ambiguous)
        let missing = resolveError(Animal.self) { () throws(DIError) in try container.tryResolve(name: "nobody") }
        #expect(missing?.kind == .notRegistered)
    }

    @Test func defaultWinsTiesAndTestWinsOverDefault() {
        let container = DIContainer()
        container.register { Dog(name: "plain") }.as(Animal.self)
        container.register { Dog(name: "default") }.as(Animal.self).default()
        let chosen: Animal = container.resolve()
        #expect(chosen.name == "default")
        container.register { Dog(name: "test") }.as(Animal.self).test()
        let overridden: Animal = container.resolve()
        #expect(overridden.name == "test")
    }

    @Test func propertyInjectionsByKeyPathNameAndModifier() {
        let container = DIContainer()
        // Registering `main` also answers plain `Owner`, so the shared one is the default.
        container.register(Owner.init).lifetime(.perContainer(.single)).default()
        let main = Owner()
        container.register { main }.as(Owner.self, name: "main")
        container.register { Dog(name: "Rex") }.as(Animal.self)
        container.register { Dog(name: "Bo") }.as(Animal.self)
        container.register(House.init)
            .injection(\.owner)
            .injection(name: "main", \.mainOwner)
            .injection(\.pets) { many($0) }
        let house: House = container.resolve()
        let shared: Owner = container.resolve()
        #expect(house.owner === shared)
        #expect(house.mainOwner === main)
        #expect(house.pets.map(\.name) == ["Rex", "Bo"])
    }

    @Test func closureInjectionResolvesTheParametersAfterTheInstance() {
        let container = DIContainer()
        container.register(Owner.init)
        container.register { Named(name: "n") }
        container.register(House.init).injection { (house: House, owner: Owner, named: Named) in
            house.owner = owner
            house.log.append(named.name)
        }
        let house: House = container.resolve()
        #expect(house.owner?.name == "Ann")
        #expect(house.log == ["n"])
    }

    @Test func closureInjectionShorthandSetsAProperty() {
        let container = DIContainer()
        container.register(Owner.init)
        container.register(House.init).injection { $0.owner = $1 }
        let house: House = container.resolve()
        #expect(house.owner?.name == "Ann")
    }

    @Test func postInitRunsAfterEveryInjectionInRegistrationOrder() {
        let container = DIContainer()
        container.register(Owner.init)
        container.register(House.init)
            .postInit { $0.log.append("postInit owner=\($0.owner != nil)") }
            .injection { (house: House, _: Owner) in house.log.append("first") }
            .injection(\.owner)
            .injection { (house: House, _: Owner) in house.log.append("second") }
        let house: House = container.resolve()
        #expect(house.log == ["first", "second", "postInit owner=true"])
    }

    @Test func everyPostInitRunsInTheOrderItWasAdded() {
        let container = DIContainer()
        container.register(Owner.init)
        container.register(House.init)
            .postInit { $0.log.append("first") }
            .injection(\.owner)
            .postInit { $0.log.append("second owner=\($0.owner != nil)") }
        let house: House = container.resolve()
        #expect(house.log == ["first", "second owner=true"])
    }

    @Test func anAsyncPostInitRunsAfterTheSynchronousOneBeforeIt() async throws {
        let container = DIContainer()
        container.register(RTJournal.init)
            .postInit { $0.entries.withLock { $0.append("sync") } }
            .postInit { journal async in
                await Task.yield()
                journal.entries.withLock { $0.append("async") }
            }
        let journal: RTJournal = try await container.tryResolve()
        #expect(journal.entries.value == ["sync", "async"])
        // Only an async resolve runs them, as it runs the async one alone.
        let sync = resolveError(RTJournal.self) { () throws(DIError) in try container.tryResolve() }
        #expect(sync?.kind == .requiresAsync)
    }

    @Test func theLastLifetimeSetWins() {
        let container = DIContainer()
        container.register(Owner.init).lifetime(.perContainer(.single)).lifetime(.prototype)
        let first: Owner = container.resolve()
        let second: Owner = container.resolve()
        #expect(first !== second)
    }
}

// An implicitly unwrapped property is an optional to Swift: injected, it is `nil` when
// nothing answers. Injected through the modifier with the required type, it fails instead.

private final class RTPresenter {}
private final class RTScreen {
    // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
    var presenter: RTPresenter!
}

extension RegistrationTests {
    @Test func anImplicitlyUnwrappedPropertyIsOptionalUnlessItsModifierSaysOtherwise() throws {
        let container = DIContainer()
        container.register(RTScreen.init).injection(\.presenter)
        let screen: RTScreen = container.resolve()
        #expect(screen.presenter == nil)

        let strict = DIContainer()
        strict.register(RTScreen.init).injection(\.presenter) { (presenter: RTPresenter) in presenter }
        let error = try #require(resolveError(RTScreen.self) { () throws(DIError) in try strict.tryResolve() })
        #expect(error.kind == .notRegistered)
        #expect(strict.makeGraph().validate().contains { $0.severity == .error && $0.kind == .missingDependency })
        strict.register(RTPresenter.init)
        let fixed: RTScreen = strict.resolve()
        #expect(fixed.presenter != nil)
    }
}

import DICore
import TestSupport
import Testing

private final class Service {
    let source: String
    init(source: String) { self.source = source }
}

private final class Screen {
    let service: Service
    init(service: Service) { self.service = service }
}

/// How far a link of a chain is from its bottom.
private protocol Link: AnyObject, SendableMetatype {
    var depth: Int { get }
}

private final class Bottom: Link {
    var depth: Int { 0 }
}

/// A link above `Below`: `Above<Above<Bottom>>` is two links above the bottom.
private final class Above<Below: Link>: Link {
    let below: Below
    init(below: Below) { self.below = below }
    var depth: Int { below.depth + 1 }
}

/// Registers `levels` more links above `Top` (each its own type), then resolves the top one
/// and reports its depth and whether every link is a new instance on each resolve.
private func resolveChain<Top: Link>(
    above top: Top.Type,
    levels: Int,
    in container: DIContainer,
    lifetime: DILifeTime
) -> (depth: Int, distinct: Bool) {
    guard levels > 0 else {
        let first: Top = container.resolve()
        let second: Top = container.resolve()
        return (first.depth, first !== second)
    }
    container.register(Above<Top>.init).lifetime(lifetime)
    return resolveChain(above: Above<Top>.self, levels: levels - 1, in: container, lifetime: lifetime)
}

@Suite struct ResolutionTests {
    /// A chain of 40 links is made whole, deeper than the room a resolve starts with for
    /// the components it is building, with any lifetime the links share.
    @Test(arguments: [DILifeTime.prototype, .objectGraph, .perContainer(.single)])
    func aChainFortyLinksDeepResolves(lifetime: DILifeTime) {
        let container = DIContainer()
        container.register(Bottom.init).lifetime(lifetime)
        let (depth, distinct) = resolveChain(above: Bottom.self, levels: 40, in: container, lifetime: lifetime)
        #expect(depth == 40)
        #expect(distinct == (lifetime != .perContainer(.single)))
    }

    private static func zoo() -> DIContainer {
        let container = DIContainer()
        container.register(Owner.init)
        container.register { Cat(name: "Tom", owner: $0) }.as(Animal.self, name: "tom")
        container.register { Dog(name: "Rex") }.as(Animal.self, tag: HouseTag.self)
        return container
    }

    @Test func resolvesByTypeNameAndTag() {
        let container = Self.zoo()
        let cat: Cat = container.resolve()
        let tom: Animal = container.resolve(name: "tom")
        let rex: Animal = container.resolve(tag: HouseTag.self)
        #expect(cat.name == "Tom")
        #expect(tom.name == "Tom")
        #expect(rex.name == "Rex")
    }

    /// Repeat resolves remember what they chose; a registration or modifier made in between
    /// (here, in the parent) must still change the answer at once.
    @Test func repeatResolvesSeeRegistrationsMadeInBetween() {
        let parent = DIContainer()
        let child = DIContainer(parent: parent)
        parent.register { Service(source: "first") }
        child.register(Screen.init)
        for _ in 0..<3 {
            let screen: Screen = child.resolve()
            let service: Service = child.resolve()
            #expect(screen.service.source == "first" && service.source == "first")
        }
        parent.register { Service(source: "stub") }.test()
        let screen: Screen = child.resolve()
        let service: Service = child.resolve()
        #expect(screen.service.source == "stub")
        #expect(service.source == "stub")

        child.register { Service(source: "child") }
        let own: Service = child.resolve()
        let ownScreen: Screen = child.resolve()
        #expect(own.source == "child")
        #expect(ownScreen.service.source == "child")
    }

    @Test func prefixStarResolvesLikeResolve() {
        let container = Self.zoo()
        let cat: Cat = *container
        #expect(cat.name == "Tom")
    }

    @Test func resolveWithArgumentsFeedsThemInOrder() throws {
        let container = DIContainer()
        container.register { Router(server: arg($0), count: arg($1)) }
        let router: Router = container.resolve(args: "eu", 20)
        #expect(router.server == "eu")
        #expect(router.count == 20)
        let other: Router = try container.tryResolve(args: "us", 3)
        #expect(other.server == "us")
        #expect(other.count == 3)
    }

    @Test func optionalResolveIsNilWhenMissingOrAmbiguousAndAValueOtherwise() {
        let container = DIContainer()
        let missing: Dog? = container.resolve()
        #expect(missing == nil)
        container.register { Dog(name: "one") }.as(Animal.self)
        let one: Animal? = container.resolve()
        #expect(one?.name == "one")
        container.register { Dog(name: "two") }.as(Animal.self)
        let ambiguous: Animal? = container.resolve()
        #expect(ambiguous == nil)
    }

    @Test func resolveManyListsEveryComponentInRegistrationOrder() throws {
        let container = Self.zoo()
        let names = (container.resolveMany() as [Animal]).map(\.name)
        #expect(names == ["Tom", "Rex"])
        let none: [Service] = container.resolveMany()
        #expect(none.isEmpty)
        let thrown: [Animal] = try container.tryResolveMany()
        #expect(thrown.count == 2)
    }

    @Test func tryResolveVariantsThrowTypedErrors() {
        let container = Self.zoo()
        let byType = resolveError(Service.self) { () throws(DIError) in try container.tryResolve() }
        let byName = resolveError(Animal.self) { () throws(DIError) in try container.tryResolve(name: "jerry") }
        let byTag = resolveError(Animal.self) { () throws(DIError) in try container.tryResolve(tag: FarmTag.self) }
        let byArgs = resolveError(Cat.self) { () throws(DIError) in try container.tryResolve(args: 1) }
        #expect(byType?.kind == .notRegistered)
        #expect(byName?.kind == .notRegistered)
        #expect(byName?.description.contains("jerry") == true)
        #expect(byTag?.kind == .notRegistered)
        #expect(byTag?.description.contains("FarmTag") == true)
        #expect(byArgs?.kind == .argumentMismatch)
    }

    @Test func tryInjectFailsForAnUnregisteredType() {
        let container = DIContainer()
        let error = resolveError(Void.self) { () throws(DIError) in try container.tryInject(into: Service(source: "x"))
        }
        #expect(error?.kind == .notRegistered)
    }

    @Test func childResolvesItsOwnRegistrationFirstAndFallsBackToTheParent() {
        let parent = DIContainer()
        parent.register { Service(source: "parent") }
        parent.register(Screen.init)
        parent.register { Dog(name: "parent") }
        let child = DIContainer(parent: parent)
        child.register { Service(source: "child") }
        let service: Service = child.resolve()
        let dog: Dog = child.resolve()
        let fromParent: Service = parent.resolve()
        #expect(service.source == "child")
        #expect(dog.name == "parent")
        #expect(fromParent.source == "parent")
    }

    @Test func childManyMergesParentAndOwnComponents() {
        let parent = Self.zoo()
        let child = DIContainer(parent: parent)
        child.register { Dog(name: "Pup") }.as(Animal.self)
        let names = (child.resolveMany() as [Animal]).map(\.name)
        #expect(names == ["Tom", "Rex", "Pup"])
    }

    @Test func aParentsPerContainerInstanceIsSharedWithItsChildren() {
        let parent = DIContainer()
        parent.register(Owner.init).lifetime(.perContainer(.single))
        let child = DIContainer(parent: parent)
        let other = DIContainer(parent: parent)
        let fromParent: Owner = parent.resolve()
        let fromChild: Owner = child.resolve()
        let fromOther: Owner = other.resolve()
        #expect(fromParent === fromChild)
        #expect(fromParent === fromOther)
    }

    @Test func aChildsOwnPerContainerRegistrationIsNotSeenByThParent() {
        let parent = DIContainer()
        let child = DIContainer(parent: parent)
        child.register(Owner.init).lifetime(.perContainer(.single))
        let first: Owner = child.resolve()
        let second: Owner = child.resolve()
        let fromParent: Owner? = parent.resolve()
        #expect(first === second)
        #expect(fromParent == nil)
    }
}

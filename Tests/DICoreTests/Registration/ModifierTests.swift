import DICore
import Testing

private protocol Node: AnyObject { var label: String { get } }

private final class Leaf: Node {
    let label: String
    init(_ label: String) { self.label = label }
}

/// A node made of every other node: `many` inside its own initializer must leave it out.
private final class Composite: Node {
    let label = "composite"
    let children: [Node]
    init(children: [Node]) { self.children = children }
}

private final class Home {
    let pet: Animal?
    init(pet: Animal?) { self.pet = pet }
}

private final class Pack {
    let members: [Animal]
    init(members: [Animal]) { self.members = members }
}

private final class Endpoint {
    let server: String
    let port: Int
    let owner: Owner
    init(server: String, port: Int, owner: Owner) {
        self.server = server
        self.port = port
        self.owner = owner
    }
}

private final class Locator {
    let container: DIContainer
    init(container: DIContainer) { self.container = container }
}

@Suite struct ModifierTests {
    @Test func manyGivesEveryComponentInRegistrationOrder() {
        let container = DIContainer()
        container.register { Dog(name: "a") }.as(Animal.self)
        container.register(Owner.init)
        container.register { Cat(name: "b", owner: $0) }.as(Animal.self)
        container.register { Dog(name: "c") }.as(Animal.self)
        container.register { Pack(members: many($0)) }
        let pack: Pack = container.resolve()
        #expect(pack.members.map(\.name) == ["a", "b", "c"])
    }

    @Test func manyInAComponentsOwnInitializerLeavesItOut() {
        let container = DIContainer()
        container.register { Leaf("x") }.as(Node.self)
        container.register { Composite(children: many($0)) }.as(Node.self)
        container.register { Leaf("y") }.as(Node.self)
        let composite: Composite = container.resolve()
        #expect(composite.children.map(\.label) == ["x", "y"])
        let all: [Node] = container.resolveMany()
        #expect(all.map(\.label) == ["x", "composite", "y"])
    }

    @Test func manyMergesParentAndChildParentFirst() {
        let parent = DIContainer()
        parent.register { Dog(name: "parent") }.as(Animal.self)
        let child = DIContainer(parent: parent)
        child.register { Dog(name: "child") }.as(Animal.self)
        child.register { Pack(members: many($0)) }
        let pack: Pack = child.resolve()
        #expect(pack.members.map(\.name) == ["parent", "child"])
        let fromParent: [Animal] = parent.resolveMany()
        #expect(fromParent.map(\.name) == ["parent"])
    }

    @Test func byTagPicksTheTaggedComponent() {
        let container = DIContainer()
        container.register { Dog(name: "house") }.as(Animal.self, tag: HouseTag.self)
        container.register { Dog(name: "farm") }.as(Animal.self, tag: FarmTag.self)
        container.register { Home(pet: by(tag: HouseTag.self, on: $0)) }
        let home: Home = container.resolve()
        #expect(home.pet?.name == "house")
    }

    @Test func manyOfByTagGivesEveryComponentWithTheTag() {
        let container = DIContainer()
        container.register { Dog(name: "h1") }.as(Animal.self, tag: HouseTag.self)
        container.register { Dog(name: "f1") }.as(Animal.self, tag: FarmTag.self)
        container.register { Dog(name: "h2") }.as(Animal.self, tag: HouseTag.self)
        container.register { Pack(members: many(by(tag: HouseTag.self, on: $0))) }
        let pack: Pack = container.resolve()
        #expect(pack.members.map(\.name) == ["h1", "h2"])
    }

    @Test func argFeedsRuntimeArgumentsInOrderNextToResolvedParameters() {
        let container = DIContainer()
        container.register(Owner.init)
        container.register { Endpoint(server: arg($0), port: arg($1), owner: $2) }
        let router: Endpoint = container.resolve(args: "eu", 8080)
        #expect(router.server == "eu")
        #expect(router.port == 8080)
        #expect(router.owner.name == "Ann")
    }

    @Test func optionalParameterIsNilWhenNothingMatches() {
        let container = DIContainer()
        container.register { Home(pet: $0) }
        let home: Home = container.resolve()
        #expect(home.pet == nil)
    }

    @Test func optionalParameterIsNilWhenSeveralMatch() {
        let container = DIContainer()
        container.register { Dog(name: "a") }.as(Animal.self)
        container.register { Dog(name: "b") }.as(Animal.self)
        container.register { Home(pet: $0) }
        let home: Home = container.resolve()
        #expect(home.pet == nil)
    }

    @Test func optionalParameterGetsTheOneMatch() {
        let container = DIContainer()
        container.register { Dog(name: "a") }.as(Animal.self)
        container.register { Home(pet: $0) }
        let home: Home = container.resolve()
        #expect(home.pet?.name == "a")
    }

    @Test func containerParameterGetsTheResolvingContainer() {
        let parent = DIContainer()
        parent.register(Locator.init)
        let child = DIContainer(parent: parent)
        let fromParent: Locator = parent.resolve()
        let fromChild: Locator = child.resolve()
        #expect(fromParent.container === parent)
        #expect(fromChild.container === child)
    }

    @Test func modifiersApplyToTheContainerItself() {
        let container = DIContainer()
        container.register { Dog(name: "h") }.as(Animal.self, tag: HouseTag.self)
        container.register { Dog(name: "f") }.as(Animal.self, tag: FarmTag.self)
        container.register { Dog(name: "plain") }.as(Animal.self)
        let all: [Animal] = many(*container)
        let house: Animal = by(tag: HouseTag.self, on: *container)
        let houses: [Animal] = many(by(tag: HouseTag.self, on: *container))
        // Unqualified `many` is every component of the type, whatever its name or tag.
        #expect(all.map(\.name) == ["h", "f", "plain"])
        #expect(house.name == "h")
        #expect(houses.map(\.name) == ["h"])
    }
}

import DICore
import TestSupport
import Testing

private final class Herd {
    let members: [Animal]
    init(members: [Animal]) { self.members = members }
}

/// What the registry's compact index (one inline entry per key, lists by type only for
/// types with named or tagged components, replaced versions kept once handed out) must
/// still answer exactly as a plain list per key would.
@Suite struct RegistryIndexTests {
    /// Registrations, aliases, modifiers and appends from many threads while others resolve:
    /// what every answer stands on (the index, the cells, the remembered answers) stays whole.
    /// The check itself runs in builds with `TRANQUIL_INTERNAL_CHECKS` (CI's release step).
    @Test func theIndexStaysWholeThroughRacingRegistrations() async {
        let container = DIContainer()
        container.register(RIPlain.init).lifetime(.perContainer(.single))
        let finished = await race(threads: 8) { index in
            for round in 0..<200 {
                heartbeat()
                if index < 4 {
                    let builder = container.register { RINamed(number: round) }
                        .as(RINamed.self, name: "n\(index)-\(round)")
                    if round % 3 == 0 { builder.lifetime(.perContainer(.single)) }
                    if round % 5 == 0 { builder.default() }
                } else {
                    let _: RIPlain = container.resolve()
                    let _: [RINamed] = container.resolveMany()
                    if round % 50 == 0 { container.clean() }
                }
            }
        }
        #expect(finished)
        let all: [RINamed] = await container.resolveMany()
        #expect(all.count == 800)
        #if TRANQUIL_INTERNAL_CHECKS
        container.checkInvariants()
        #endif
    }

    @Test func unqualifiedManyGathersPlainAndNamedComponentsInRegistrationOrder() {
        let container = DIContainer()
        container.register { Dog(name: "a") }.as(Animal.self)
        container.register { Dog(name: "b") }.as(Animal.self, name: "b")
        container.register { Dog(name: "c") }.as(Animal.self)
        container.register { Dog(name: "d") }.as(Animal.self, tag: HouseTag.self)
        let all: [Animal] = container.resolveMany()
        #expect(all.map(\.name) == ["a", "b", "c", "d"])
        let named: Animal = container.resolve(name: "b")
        #expect(named.name == "b")
    }

    @Test func anAliasAddedLaterKeepsRegistrationOrder() {
        let container = DIContainer()
        let first = container.register { Dog(name: "first") }
        container.register { Dog(name: "second") }.as(Animal.self)
        first.as(Animal.self)
        let all: [Animal] = container.resolveMany()
        #expect(all.map(\.name) == ["first", "second"])
    }

    @Test func modifiersAfterAResolveStillTakeEffect() {
        let container = DIContainer()
        let builder = container.register { Dog(name: "kept") }
        let before: Dog = container.resolve()
        builder.as(Animal.self).lifetime(.perContainer(.single))
        let animal: Animal = container.resolve()
        let again: Animal = container.resolve()
        #expect(before.name == "kept")
        #expect(animal === again)
    }

    @Test func aGraphMadeBeforeAModifierKeepsTheVersionItSaw() throws {
        let container = DIContainer()
        let builder = container.register { Dog(name: "rex") }
        let before = container.makeGraph()
        builder.as(Animal.self).lifetime(.perContainer(.single))
        let after = container.makeGraph()
        let seen = try #require(before.vertices.first).info
        let now = try #require(after.vertices.first).info
        #expect(seen.lifetime == .prototype)
        #expect(seen.aliases.isEmpty)
        #expect(now.lifetime == .perContainer(.single))
        #expect(now.aliases == ["Animal"])
        #expect(seen.id == now.id)
    }

    @Test func modifiersChainedToRegisterMakeOneComponentWithEveryChange() throws {
        let container = DIContainer()
        container.register { Dog(name: "rex") }
            .as(Animal.self)
            .lifetime(.perContainer(.single))
            .as(Animal.self, name: "pet")
            .default()
        let vertices = container.makeGraph().vertices
        #expect(vertices.count == 1)
        let info = try #require(vertices.first).info
        #expect(info.aliases == ["Animal", "Animal (name: \"pet\")"])
        #expect(info.lifetime == .perContainer(.single))
        #expect(info.isDefault)
        let plain: Animal = container.resolve()
        let named: Animal = container.resolve(name: "pet")
        #expect(plain === named)
    }

    @Test func manyEdgesListEveryTargetAndPlainEdgesOne() throws {
        let container = DIContainer()
        container.register(Owner.init)
        for name in ["x", "y", "z"] {
            container.register { Cat(name: name, owner: $0) }.as(Animal.self)
        }
        container.register { Herd(members: many($0)) }
        let graph = container.makeGraph()
        #expect(graph.validate().isEmpty)
        let cats = graph.vertices.filter { $0.typeName == "Cat" }
        let owner = try #require(graph.vertices.first { $0.typeName == "Owner" })
        for cat in cats {
            #expect(graph.edges(from: cat).map(\.to) == [[owner.id]])
        }
        let herd = try #require(graph.vertices.last)
        let edge = try #require(graph.edges(from: herd).first)
        #expect(edge.to == cats.map(\.id))
        #expect(graph.vertex(id: cats[1].id)?.typeName == "Cat")
    }
}

private final class RIPlain: Sendable {}

private final class RINamed: Sendable {
    let number: Int
    init(number: Int) { self.number = number }
}

import DICore
import Testing

// Nested tags require every tag, as in DITranquillity (issue 19, item 3).

private protocol Pet: AnyObject {
    var name: String { get }
}

private final class Named: Pet {
    let name: String
    init(name: String) { self.name = name }
}

private enum Indoor {}
private enum Fluffy {}
private enum Loud {}

private final class Home {
    let pet: any Pet
    let pets: [any Pet]
    init(pet: any Pet, pets: [any Pet]) {
        self.pet = pet
        self.pets = pets
    }
}

@Suite struct TagCompatibilityTests {
    /// `cat` is indoor and fluffy, `dog` indoor only, `parrot` fluffy and loud.
    private func pets() -> DIContainer {
        let container = DIContainer()
        container.register { Named(name: "cat") }.as((any Pet).self, tag: Indoor.self).as(
            (any Pet).self,
            tag: Fluffy.self
        )
        container.register { Named(name: "dog") }.as((any Pet).self, tag: Indoor.self)
        container.register { Named(name: "parrot") }.as((any Pet).self, tag: Fluffy.self).as(
            (any Pet).self,
            tag: Loud.self
        )
        return container
    }

    @Test func nestedTagsRequireEveryTag() {
        let container = pets()
        let pet: any Pet = by(tag: Indoor.self, on: by(tag: Fluffy.self, on: *container))
        #expect(pet.name == "cat")
        let other: any Pet = by(tag: Loud.self, on: by(tag: Fluffy.self, on: *container))
        #expect(other.name == "parrot")
    }

    @Test func byTagsIsTheFlatSpelling() {
        let container = pets()
        let pet: any Pet = by(tags: Fluffy.self, Indoor.self, on: *container)
        #expect(pet.name == "cat")
        let none: (any Pet)? = by(tags: Indoor.self, Fluffy.self, Loud.self, on: *container)
        #expect(none == nil)
    }

    @Test func noComponentWithAllTagsIsNotRegistered() {
        let container = pets()
        #expect {
            let _: DIByTag<Indoor, DIByTag<Loud, any Pet>> = try container.tryResolve()
        } throws: { error in
            (error as? DIError)?.kind == .notRegistered && "\(error)".contains("tags:")
        }
    }

    @Test func nestedTagsApplyInsideRegistrationsAndMany() {
        let container = pets()
        container.register {
            Home(
                pet: by(tag: Indoor.self, on: by(tag: Fluffy.self, on: $0)),
                pets: many(by(tags: Fluffy.self, Loud.self, on: $1))
            )
        }
        let home: Home = container.resolve()
        #expect(home.pet.name == "cat")
        #expect(home.pets.map(\.name) == ["parrot"])
        let fluffy: [any Pet] = many(by(tag: Fluffy.self, on: *container))
        #expect(fluffy.map(\.name) == ["cat", "parrot"])
    }

    @Test func validationSeesNestedTagsAsTheResolverDoes() {
        let container = pets()
        container.register { Home(pet: by(tags: Indoor.self, Loud.self, on: $0), pets: many($1)) }
        let problems = container.makeGraph().validate().filter { $0.severity == .error }
        #expect(problems.map(\.kind) == [.missingDependency])
        #expect(problems.first?.message.contains("tags:") == true)
    }
}

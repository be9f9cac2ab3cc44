import DICore
import Testing

protocol Animal: AnyObject { var name: String { get } }
final class Owner { let name = "Ann" }
final class Cat: Animal {
    let name: String
    let owner: Owner
    init(name: String, owner: Owner) { self.name = name; self.owner = owner }
}

@Suite struct SmokeTests {
    @Test func resolvesAClosureRegistration() {
        let container = DIContainer()
        container.register(Owner.init).lifetime(.perContainer(.single))
        container.register { Cat(name: "Tom", owner: $0) }.as(Animal.self)
        let cat: Cat = container.resolve()
        let animal: Animal = *container
        let maybe: Cat? = container.resolve()
        #expect(cat.name == "Tom")
        #expect(animal.name == "Tom")
        #expect(maybe != nil)
        #expect((animal as? Cat) !== cat)
        let o1: Owner = container.resolve()
        #expect(o1 === cat.owner)
    }

    @Test func missingIsTypedError() {
        let container = DIContainer()
        container.register { Cat(name: "Tom", owner: $0) }
        #expect(throws: DIError.self) { let _: Cat = try container.tryResolve() }
        do {
            let _: Cat = try container.tryResolve()
        } catch {
            #expect(error.kind == .notRegistered)
            #expect(error.path == ["Cat", "Owner"])
            print(error)
        }
    }
}

import Tranquil

protocol Animal: AnyObject { var name: String { get } }
final class Owner {}
final class Dog: Animal { let name = "Rex" }
final class Cat: Animal {
    let name: String, owner: Owner
    init(name: String, owner: Owner) { (self.name, self.owner) = (name, owner) }
}

let container = DIContainer()
container.register(Owner.init).lifetime(.perContainer(.single))
container.register { Cat(name: "Tom", owner: $0) }.as(Animal.self)

let cat: Cat = container.resolve()  // Tom, with the container's one Owner
let pet: Animal = *container  // the same registration, as Animal
let dog: Dog? = container.resolve()  // nil: no Dog is registered
do { let _: Dog = try container.tryResolve() } catch { print(error) }  // cannot resolve Dog: …
print(cat.name, pet.name, dog == nil)  // Tom Tom true

import DICore
import Testing

// Registered from generic code: the factory's step code is not specialized for the type
// it makes, so the private graph keeps the instance through the unsafe layer's generic
// path (`classObject`/`classInstance`), planned and compiled.
private final class RIPart: Sendable {}
private final class RIWhole: Sendable {
    let first: RIPart
    let second: RIPart
    init(first: RIPart, second: RIPart) {
        self.first = first
        self.second = second
    }
}

// Not specialized: the factory's step code stays generic over `T`.
@_semantics("optimize.sil.specialize.generic.never") @inline(never)
private func registerGenerically<T: AnyObject>(_ make: @escaping @Sendable () -> T, in container: DIContainer) {
    container.register(make).lifetime(.objectGraph)
}

@Suite struct GenericRegistrationTests {
    @Test func anObjectGraphInstanceRegisteredFromGenericCodeIsSharedAndLetGo() {
        let container = DIContainer()
        registerGenerically(RIPart.init, in: container)
        container.register(RIWhole.init).lifetime(.prototype)
        for _ in 0..<6 {
            weak var part: RIPart?
            do {
                let whole: RIWhole = container.resolve()
                #expect(whole.first === whole.second)
                part = whole.first
            }
            #expect(part == nil, "an instance kept in the private graph outlived the resolve")
        }
    }
}

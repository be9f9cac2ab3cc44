import DICore
import DILazy
import TestSupport
import Testing

// A factory may return its instance as an existential (`any P` with `P: AnyObject`, or
// `AnyObject`): the instance inside is still a class instance, and a lifetime that holds
// class instances weakly must hold this one weakly too.

private protocol EIService: AnyObject, Sendable {
    var number: Int { get }
}

private final class EIServiceImpl: EIService {
    let number: Int
    let released: Counter
    init(number: Int, released: Counter) {
        self.number = number
        self.released = released
    }
    deinit { released.increment() }
}

private final class EIUser: Sendable {
    let service: any EIService
    init(service: any EIService) { self.service = service }
}

/// Keeps a `Provider` handed out in a resolve, so that resolve's graph lives on.
private final class EIHolder: Sendable {
    let later: Provider<EIUser>
    let user: EIUser
    init(later: Provider<EIUser>, user: EIUser) {
        self.later = later
        self.user = user
    }
}

@Suite struct ExistentialInstanceTests {
    /// Resolves the service and lets go of it; returns its number.
    @inline(never)
    private static func resolveAndDrop(_ container: DIContainer) -> Int {
        let service: any EIService = container.resolve()
        return service.number
    }

    @Test(arguments: [
        DILifeTime.perContainer(.weak), .perApplication(.weak), .custom(DIScope(name: "weakly", policy: .weak)),
    ])
    func aWeakLifetimeLetsGoOfAnInstanceMadeAsAnExistential(lifetime: DILifeTime) {
        let container = DIContainer()
        let made = Counter()
        let released = Counter()
        container.register(line: uniqueLine()) { () -> any EIService in
            EIServiceImpl(number: made.increment(), released: released)
        }
        .lifetime(lifetime)

        let first = Self.resolveAndDrop(container)
        let second = Self.resolveAndDrop(container)

        #expect(first != second, "the weak lifetime kept the instance nobody holds")
        #expect(made.value == 2)
        #expect(released.value == 2)
    }

    @Test func aWeakLifetimeLetsGoOfAnInstanceMadeAsAnyObject() {
        let container = DIContainer()
        let made = Counter()
        let released = Counter()
        container.register { () -> AnyObject in EIServiceImpl(number: made.increment(), released: released) }
            .lifetime(.perContainer(.weak))

        for _ in 0..<2 {
            let object: AnyObject = container.resolve()
            #expect(object is EIServiceImpl)
        }

        #expect(made.value == 2)
        #expect(released.value == 2)
    }

    @Test func aWeakInstanceMadeAsAnExistentialIsSharedWhileHeld() {
        let container = DIContainer()
        let made = Counter()
        container.register { () -> any EIService in EIServiceImpl(number: made.increment(), released: Counter()) }
            .lifetime(.perContainer(.weak))

        let held: any EIService = container.resolve()
        let again: any EIService = container.resolve()

        #expect(held === again)
        #expect(made.value == 1)
    }

    /// An `objectGraph` graph a `Provider` keeps holds its class instances weakly once the
    /// resolve returned: an existential's instance too.
    @Test func aGraphKeptByAProviderLetsGoOfAnInstanceMadeAsAnExistential() throws {
        let container = DIContainer()
        let released = Counter()
        container.register { () -> any EIService in EIServiceImpl(number: 1, released: released) }
            .lifetime(.objectGraph)
        container.register(EIUser.init)
        container.register(EIHolder.init)

        var holder: EIHolder? = container.resolve()
        let later = try #require(holder?.later)
        holder = nil

        #expect(released.value == 1, "the graph the Provider keeps held the instance strongly")
        _ = later
    }
}

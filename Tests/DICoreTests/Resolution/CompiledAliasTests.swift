import DICore
import TestSupport
import Testing

// Aliases and leaves on the compiled path (issue 27): a request for an alias (`as(P.self)`)
// — as the top-level request or a factory's parameter — runs compiled code that converts
// the registered type's instance, and a component with no dependencies gets a plan of its
// own, so that it compiles too. What a user observes must not change from the first
// resolve (the plan followed) to the second (compiled) and later ones (run compiled): the
// instances, what they share, the events and the errors.

private protocol CAStore: AnyObject, Sendable {
    var serial: Int { get }
}

private protocol CAAPI: AnyObject, Sendable {
    var store: any CAStore { get }
}

private protocol CAUnrelated: Sendable {}

private protocol CAGreeting: Sendable {
    var text: String { get }
}

private final class CAStoreImpl: CAStore {
    let serial: Int
    init(serial: Int) { self.serial = serial }
}

private final class CAAPIImpl: CAAPI {
    let store: any CAStore
    init(store: any CAStore) { self.store = store }
}

private final class CAScreen: Sendable {
    let api: any CAAPI
    let store: any CAStore
    let concrete: CAStoreImpl
    init(api: any CAAPI, store: any CAStore, concrete: CAStoreImpl) {
        self.api = api
        self.store = store
        self.concrete = concrete
    }
}

private struct CAHello: CAGreeting {
    let text = "hello"
}

private class CABase: @unchecked Sendable {}

private final class CADerived: CABase, @unchecked Sendable {}

private final class CANeedsUnrelated: Sendable {
    init(unrelated: any CAUnrelated) {}
}

private enum CATag {}

/// `CAScreen` over a store and an API registered as their protocols, all `objectGraph`.
private func screenContainer(serials: Counter) -> DIContainer {
    let container = DIContainer()
    container.register { CAStoreImpl(serial: serials.increment()) }.as(CAStore.self).lifetime(.objectGraph)
    container.register(CAAPIImpl.init).as(CAAPI.self).lifetime(.objectGraph)
    container.register(CAScreen.init).lifetime(.objectGraph)
    return container
}

@Suite struct CompiledAliasTests {
    /// One store per resolve, whether a factory asks for it as its protocol or as itself.
    @Test(arguments: [false, true])
    func aParameterOfAProtocolSharesTheGraphsInstance(observed: Bool) {
        let serials = Counter()
        let container = screenContainer(serials: serials)
        if observed { container.addObserver(EventLog()) }
        // The first resolve follows the plan, the second compiles it, the rest run it compiled.
        let screens: [CAScreen] = (0..<4).map { _ in container.resolve() }
        for (round, screen) in screens.enumerated() {
            #expect(screen.store === screen.concrete, "round \(round)")
            #expect(screen.api.store === screen.store, "round \(round)")
            #expect(screen.store.serial == round + 1)
        }
        #expect(serials.value == 4)
    }

    /// A protocol asked for at the top: the registered type's instance, made per resolve.
    @Test func aTopLevelRequestForAProtocolGetsANewInstanceEachTime() {
        let serials = Counter()
        let container = screenContainer(serials: serials)
        let stores: [any CAStore] = (0..<4).map { _ in container.resolve() }
        #expect(stores.map(\.serial) == [1, 2, 3, 4])
        #expect(stores.allSatisfy { $0 is CAStoreImpl })
    }

    /// The events of a resolve run compiled are those of the first, which followed the plan:
    /// each parameter's request names the type its factory asked for.
    @Test func aCompiledResolveReportsTheAliasesItsFactoriesAskedFor() {
        let container = screenContainer(serials: Counter())
        let log = EventLog()
        container.addObserver(log)
        var rounds: [[String]] = []
        for _ in 0..<3 {
            log.reset()
            let _: CAScreen = container.resolve()
            rounds.append(log.all.map { "\($0.kind) \($0.request ?? "-") \($0.depth)" })
        }
        #expect(rounds[0].contains("resolveStarted CAAPI 1"))
        #expect(rounds[0].contains("resolveStarted CAStore 2"))
        #expect(rounds[0].contains("reused CAStore 1"))
        #expect(rounds[1] == rounds[0])
        #expect(rounds[2] == rounds[0])
    }

    /// Every way of declaring an alias converts on the compiled path: by name, by tag,
    /// checked by the compiler, a base class, and a value type as a protocol.
    @Test func everyKindOfAliasIsAnsweredOnEveryResolve() {
        let container = DIContainer()
        container.register { CAStoreImpl(serial: 7) }.as(CAStore.self, name: "main")
        container.register { CAStoreImpl(serial: 8) }.as(CAStore.self, tag: CATag.self)
        container.register { CAStoreImpl(serial: 9) }.as(CAStore.self)
        container.register(CAAPIImpl.init).as(check: CAAPI.self) { $0 }
        container.register(CADerived.init).as(CABase.self)
        container.register(CAHello.init).as(CAGreeting.self)
        for round in 0..<4 {
            let named: any CAStore = container.resolve(name: "main")
            let tagged: any CAStore = container.resolve(tag: CATag.self)
            let api: any CAAPI = container.resolve()
            let base: CABase = container.resolve()
            let greeting: any CAGreeting = container.resolve()
            #expect(named.serial == 7, "round \(round)")
            #expect(tagged.serial == 8)
            #expect(api.store.serial == 9)
            #expect(base is CADerived)
            #expect(greeting.text == "hello")
        }
    }

    /// An alias the registered type does not conform to fails the same way on every
    /// resolve, at the top and as a parameter, naming the types.
    @Test func anAliasTheInstanceIsNotFailsOnEveryResolve() {
        let container = DIContainer()
        container.register { CAStoreImpl(serial: 1) }.as(CAUnrelated.self)
        container.register(CANeedsUnrelated.init)
        for round in 0..<3 {
            let top = resolveError((any CAUnrelated).self) { () throws(DIError) in try container.tryResolve() }
            #expect(top?.kind == .typeMismatch, "round \(round)")
            #expect(top?.description.contains("CAStoreImpl") == true)
            let nested = resolveError(CANeedsUnrelated.self) { () throws(DIError) in try container.tryResolve() }
            #expect(nested?.kind == .typeMismatch)
            #expect(nested?.path == ["CANeedsUnrelated", "CAStoreImpl as CAUnrelated"])
        }
    }

    /// A component with no dependencies, asked for repeatedly as itself and as its
    /// protocol: a prototype is made per request, an `objectGraph` one per resolve, and
    /// observed rounds report the same events.
    @Test(arguments: [DILifeTime.prototype, .objectGraph])
    func aLeafIsMadeAsItsLifetimeSaysOnEveryResolve(lifetime: DILifeTime) {
        let serials = Counter()
        let container = DIContainer()
        container.register { CAStoreImpl(serial: serials.increment()) }.as(CAStore.self).lifetime(lifetime)
        let log = EventLog()
        container.addObserver(log)
        var rounds: [[String]] = []
        for round in 0..<4 {
            log.reset()
            let own: CAStoreImpl = container.resolve()
            let aliased: any CAStore = container.resolve()
            #expect(own.serial == 2 * round + 1)
            #expect(aliased.serial == 2 * round + 2)
            rounds.append(log.all.map { "\($0.kind) \($0.request ?? "-") \($0.storage ?? "-")" })
        }
        #expect(rounds[1] == rounds[0])
        #expect(rounds[3] == rounds[0])
    }

    /// Aliases declared `as(check:)` (plain, named, tagged) convert with the user's upcast
    /// on the compiled path: each resolve, first to last, at the top and as a parameter,
    /// gets the instance the registered type's step made, shared as its lifetime says.
    @Test func checkedAliasesAnswerWithTheSameInstanceOnEveryResolve() {
        let container = DIContainer()
        container.register { CAStoreImpl(serial: 1) }.as(check: CAStore.self) { $0 }.lifetime(.objectGraph).default()
        container.register { CAStoreImpl(serial: 2) }.as(check: CAStore.self, name: "main") { $0 }
        container.register { CAStoreImpl(serial: 3) }.as(check: CAStore.self, tag: CATag.self) { $0 }
            .lifetime(.perContainer(.single))
        container.register(CAAPIImpl.init).as(check: CAAPI.self) { $0 }.lifetime(.objectGraph)
        container.register(CAScreen.init).lifetime(.objectGraph)
        var singletons: Set<ObjectIdentifier> = []
        for round in 0..<4 {
            let screen: CAScreen = container.resolve()
            #expect(screen.store === screen.api.store, "round \(round)")
            #expect(screen.store === screen.concrete)
            #expect(screen.store.serial == 1)
            let api: any CAAPI = container.resolve()
            #expect(api !== screen.api, "a new graph per top-level resolve")
            let named: any CAStore = container.resolve(name: "main")
            let tagged: any CAStore = container.resolve(tag: CATag.self)
            #expect(named.serial == 2)
            #expect(tagged.serial == 3)
            singletons.insert(ObjectIdentifier(tagged))
        }
        #expect(singletons.count == 1)
    }
}

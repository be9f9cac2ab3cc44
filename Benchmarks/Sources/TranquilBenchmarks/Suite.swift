import DICore
import DILazy
import Swinject

/// The benchmark cases, in the order the table lists them.
///
/// Each case sets up its containers once (outside the timed loops) and returns closures
/// that run the operation; the harness times them.
enum Suite {
    /// Every case by name; a case sets up its containers only when it is run.
    static var all: [(name: String, make: () -> BenchCase)] {
        groups.flatMap { $0 }
    }

    /// The cases in groups measured together (their rounds taking turns): the sizes of a
    /// scaling case, whose goals compare them; every other case alone.
    static var groups: [[(name: String, make: () -> BenchCase)]] {
        let single: [(name: String, make: () -> BenchCase)] = [
            ("cached singleton", cachedSingleton),
            ("cached singleton, 2 threads (per thread)", cachedOnTwoThreads),
            ("cached singletons, 2 threads, one each (per thread)", cachedApartOnTwoThreads),
            ("cached singleton, from a child container", cachedFromChild),
            ("cached singleton, awaited in a task", cachedAwaited),
            ("3-object graph (shared C)", sharedGraph),
            ("3-object graph, singleton C", singletonLeafGraph),
            ("3-object graph, a scope cleaned before each", graphAfterClean),
            ("3-object graph, root by name", namedGraph),
            ("3-object graph through protocols", protocolGraph),
            ("3-object graph through protocols, as(check:)", protocolGraphChecked),
            ("3-object graph, 2 threads (per thread)", graphOnTwoThreads),
            ("3-object graph, singleton C, 2 threads (per thread)", singletonLeafOnTwoThreads),
            ("3-object graph, awaited in a task", graphAwaited),
            ("3-object graph, singleton C, awaited in a task", singletonLeafAwaited),
            ("3-object graph, async C, awaited in a task", asyncLeafAwaited),
            ("prototype chain, depth 5", prototypeChain),
            ("prototype leaf, as its protocol", protocolLeaf),
            ("main-actor view model, resolved on the main actor", mainActorViewModel),
            ("layered 100, cached, node by node", layeredCached),
            ("layered 100, prototype (5,747 objects)", layeredPrototype),
            ("layered 100, objectGraph (579 objects)", layeredObjectGraph),
            ("resolve with 2 arguments", twoArguments),
            ("resolve with 2 arguments, awaited in a task", twoArgumentsAwaited),
            ("Provider.value (prototype)", providerValue),
            ("Provider.value over its graph", providerOverItsGraph),
        ]
        let scaling: [[(name: String, make: () -> BenchCase)]] = [
            [10, 1_000, 10_000].map { count in
                ("failed optional, \(count.formatted) registered", { failedOptional(registrations: count) })
            },
            [1_000, 10_000].map { count in ("register \(count.formatted) components", { registration(of: count) }) },
            [1_000, 10_000].map { count in ("tear down \(count.formatted) components", { teardown(of: count) }) },
            [1_000, 10_000].map { count in ("validate \(count.formatted) components", { validation(of: count) }) },
            [100, 1_000].map { count in ("first resolve of \(count.formatted) roots", { firstResolves(of: count) }) },
            [("first resolve of 1,000 prototype roots", { firstResolves(of: 1_000, lifetime: .prototype) })],
        ]
        let observed: [(name: String, make: () -> BenchCase)] = [
            ("3-object graph + DITraceRecorder ¹", tracedGraph),
            ("3-object graph + counting observer ¹", countedGraph),
            ("the clock reads of one observed 3-object graph ²", observedClockReads),
        ]
        return single.map { [$0] } + scaling + observed.map { [$0] }
    }

    /// `perContainer(.single)` vs Swinject `.container`, already made: the lookup alone.
    static func cachedSingleton() -> BenchCase {
        let (tranquil, swinject) = cachedContainers()
        return cachedService(from: tranquil, swinject)
    }

    /// ``cachedSingleton()`` resolved from a child of the container that registered it: a
    /// feature's container over the app's.
    static func cachedFromChild() -> BenchCase {
        let (tranquil, swinject) = cachedContainers()
        return cachedService(from: DIContainer(parent: tranquil), Container(parent: swinject))
    }

    /// A container of each library with a `Service` kept per container.
    private static func cachedContainers() -> (DIContainer, Container) {
        let tranquil = DIContainer()
        tranquil.register(Service.init).lifetime(.perContainer(.single))
        let swinject = Container()
        swinject.register(Service.self) { _ in Service() }.inObjectScope(.container)
        return (tranquil, swinject)
    }

    /// Resolving the kept `Service` from each container, against reading a `lazy var`.
    private static func cachedService(from tranquil: DIContainer, _ swinject: Container) -> BenchCase {
        final class Holder {
            lazy var service = Service()
        }
        let holder = Holder()
        return BenchCase(
            hand: BenchCase.loop { BlackHole.consume(holder.service) },
            tranquil: BenchCase.loop { BlackHole.consume(tranquil.resolve() as Service) },
            swinject: BenchCase.loop { BlackHole.consume(swinject.resolve(Service.self)!) }
        )
    }

    /// `A(b: B(c: c), c: c)`: `objectGraph` vs Swinject `.graph`, one `C` per resolve.
    static func sharedGraph() -> BenchCase {
        ObjectCensus.check("hand-written", expected: 3) { sink in
            let c = C()
            sink(A(b: B(c: c), c: c))
        }
        ObjectCensus.check("Tranquil", expected: 3) { $0(graphContainer().resolve() as A) }
        ObjectCensus.check("Swinject", expected: 3) { $0(graphSwinject().resolve(A.self)!) }
        return BenchCase(
            hand: BenchCase.loop {
                let c = C()
                BlackHole.consume(A(b: B(c: c), c: c))
            },
            tranquil: BenchCase.loop { [tranquil = graphContainer()] in BlackHole.consume(tranquil.resolve() as A) },
            swinject: BenchCase.loop { [swinject = graphSwinject()] in BlackHole.consume(swinject.resolve(A.self)!) }
        )
    }

    /// The 3-object graph with `C` a service of the whole app (`perContainer(.single)`, made
    /// before): the shape of most screens, new objects over services made once.
    static func singletonLeafGraph() -> BenchCase {
        let c = C()
        let (tranquil, swinject) = singletonLeafContainers()
        // Two new objects each, over the one `C` each made before.
        ObjectCensus.check("hand-written", expected: 3) { $0(A(b: B(c: c), c: c)) }
        ObjectCensus.check("Tranquil", expected: 3) { $0(tranquil.resolve() as A) }
        ObjectCensus.check("Swinject", expected: 3) { $0(swinject.resolve(A.self)!) }
        return BenchCase(
            hand: BenchCase.loop { BlackHole.consume(A(b: B(c: c), c: c)) },
            tranquil: BenchCase.loop { BlackHole.consume(tranquil.resolve() as A) },
            swinject: BenchCase.loop { BlackHole.consume(swinject.resolve(A.self)!) }
        )
    }

    /// The 3-object graph, with a scope cleaned before each resolve (an app ending a
    /// screen's scope): a clean drops instances, not the components requests chose, so the
    /// resolve after it still runs its compiled plan. Swinject resets a scope instead.
    static func graphAfterClean() -> BenchCase {
        let screen = DIScope(name: "screen")
        let tranquil = graphContainer()
        tranquil.register { Service() }.lifetime(.custom(screen))
        let swinject = graphSwinject()
        return BenchCase(
            hand: BenchCase.loop {
                let c = C()
                BlackHole.consume(A(b: B(c: c), c: c))
            },
            tranquil: BenchCase.loop {
                screen.clean()
                BlackHole.consume(tranquil.resolve() as A)
            },
            swinject: BenchCase.loop {
                swinject.resetObjectScope(.container)
                BlackHole.consume(swinject.resolve(A.self)!)
            }
        )
    }

    /// The 3-object graph with its root resolved by name (`resolve(name:)`), beside an
    /// unnamed registration of the same type, as an app with a named variant has it.
    static func namedGraph() -> BenchCase {
        let tranquil = graphContainer()
        tranquil.register(A.init).as(A.self, name: "main").lifetime(.objectGraph)
        let swinject = graphSwinject()
        swinject.register(A.self, name: "main") { r in A(b: r.resolve(B.self)!, c: r.resolve(C.self)!) }
            .inObjectScope(.graph)
        return BenchCase(
            hand: BenchCase.loop {
                let c = C()
                BlackHole.consume(A(b: B(c: c), c: c))
            },
            tranquil: BenchCase.loop { BlackHole.consume(tranquil.resolve(name: "main") as A) },
            swinject: BenchCase.loop { BlackHole.consume(swinject.resolve(A.self, name: "main")!) }
        )
    }

    /// The 3-object graph in Tranquil.
    static func graphContainer() -> DIContainer {
        let container = DIContainer()
        container.register(C.init).lifetime(.objectGraph)
        container.register(B.init).lifetime(.objectGraph)
        container.register(A.init).lifetime(.objectGraph)
        return container
    }

    /// The 3-object graph with `C` made once (`perContainer(.single)`, Swinject's
    /// `.container`), `A` and `B` per graph, in each container.
    static func singletonLeafContainers() -> (DIContainer, Container) {
        let tranquil = DIContainer()
        tranquil.register(C.init).lifetime(.perContainer(.single))
        tranquil.register(B.init).lifetime(.objectGraph)
        tranquil.register(A.init).lifetime(.objectGraph)
        let swinject = Container()
        swinject.register(C.self) { _ in C() }.inObjectScope(.container)
        swinject.register(B.self) { r in B(c: r.resolve(C.self)!) }.inObjectScope(.graph)
        swinject.register(A.self) { r in A(b: r.resolve(B.self)!, c: r.resolve(C.self)!) }.inObjectScope(.graph)
        return (tranquil, swinject)
    }

    /// The 3-object graph in Swinject.
    static func graphSwinject() -> Container {
        let container = Container()
        container.register(C.self) { _ in C() }.inObjectScope(.graph)
        container.register(B.self) { r in B(c: r.resolve(C.self)!) }.inObjectScope(.graph)
        container.register(A.self) { r in A(b: r.resolve(B.self)!, c: r.resolve(C.self)!) }.inObjectScope(.graph)
        return container
    }

    /// `P1(P2(P3(P4(P5()))))`, every link a new instance.
    static func prototypeChain() -> BenchCase {
        let tranquil = DIContainer()
        tranquil.register(P5.init)
        tranquil.register(P4.init)
        tranquil.register(P3.init)
        tranquil.register(P2.init)
        tranquil.register(P1.init)
        let swinject = Container()
        swinject.register(P5.self) { _ in P5() }.inObjectScope(.transient)
        swinject.register(P4.self) { r in P4(r.resolve(P5.self)!) }.inObjectScope(.transient)
        swinject.register(P3.self) { r in P3(r.resolve(P4.self)!) }.inObjectScope(.transient)
        swinject.register(P2.self) { r in P2(r.resolve(P3.self)!) }.inObjectScope(.transient)
        swinject.register(P1.self) { r in P1(r.resolve(P2.self)!) }.inObjectScope(.transient)
        return BenchCase(
            hand: BenchCase.loop { BlackHole.consume(P1(P2(P3(P4(P5()))))) },
            tranquil: BenchCase.loop { BlackHole.consume(tranquil.resolve() as P1) },
            swinject: BenchCase.loop { BlackHole.consume(swinject.resolve(P1.self)!) }
        )
    }

    /// A prototype made with two runtime arguments.
    static func twoArguments() -> BenchCase {
        let (tranquil, swinject) = routerContainers()
        return BenchCase(
            hand: BenchCase.loop { BlackHole.consume(Router(server: "eu", count: 20)) },
            tranquil: BenchCase.loop { BlackHole.consume(tranquil.resolve(args: "eu", 20) as Router) },
            swinject: BenchCase.loop { BlackHole.consume(swinject.resolve(Router.self, arguments: "eu", 20)!) }
        )
    }

    /// A `Router` registered with its two runtime arguments, in each container.
    static func routerContainers() -> (DIContainer, Container) {
        let tranquil = DIContainer()
        tranquil.register { Router(server: arg($0), count: arg($1)) }
        let swinject = Container()
        swinject.register(Router.self) { (_: any Resolver, server: String, count: Int) in
            Router(server: server, count: count)
        }
        return (tranquil, swinject)
    }

    /// `provider.value` of a prototype, the provider resolved once beforehand.
    static func providerValue() -> BenchCase {
        let make: () -> Leaf = { Leaf() }
        let tranquil = DIContainer()
        tranquil.register(Leaf.init)
        let provider: DILazy.Provider<Leaf> = tranquil.resolve()
        let swinject = Container()
        swinject.register(Leaf.self) { _ in Leaf() }.inObjectScope(.transient)
        let swinjectProvider = swinject.resolve(Swinject.Provider<Leaf>.self)!
        return BenchCase(
            hand: BenchCase.loop { BlackHole.consume(make()) },
            // A provider holds its container weakly; the loop keeps it alive.
            tranquil: BenchCase.loop { withExtendedLifetime(tranquil) { BlackHole.consume(provider.value) } },
            swinject: BenchCase.loop { BlackHole.consume(swinjectProvider.instance) }
        )
    }

    /// `let x: Missing? = container.resolve()` among `registrations` other components.
    static func failedOptional(registrations: Int) -> BenchCase {
        let tranquil = DIContainer()
        tranquil.register(Root.init)
        for register in NumberedTypes.tranquil(registrations - 1) { register(tranquil) }
        let swinject = Container()
        swinject.register(Root.self) { _ in Root() }
        for register in NumberedTypes.swinject(registrations - 1) { register(swinject) }
        return BenchCase(
            hand: nil,
            tranquil: BenchCase.loop {
                let missing: Missing? = tranquil.resolve()
                BlackHole.consume(missing)
            },
            swinject: BenchCase.loop { BlackHole.consume(swinject.resolve(Missing.self)) }
        )
    }
}

extension Int {
    /// `10,000`.
    var formatted: String {
        let digits = Array(String(self))
        var text = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }
}

extension Suite {
    /// `Provider<A>.value`, `A` a prototype over `objectGraph` `B` and `C`: each value is a
    /// new `A` over the `B` and `C` of the graph the provider was handed out in (Swinject:
    /// `B` and `C` `.container`, `A` `.transient`).
    static func providerOverItsGraph() -> BenchCase {
        let tranquil = DIContainer()
        tranquil.register(C.init).lifetime(.objectGraph)
        tranquil.register(B.init).lifetime(.objectGraph)
        tranquil.register(A.init)
        let provider: DILazy.Provider<A> = tranquil.resolve()
        // The app holds the graph's B and C (its graph holds them only while someone does):
        // each value is a new A over them.
        let held = provider.value
        let swinject = Container()
        swinject.register(C.self) { _ in C() }.inObjectScope(.container)
        swinject.register(B.self) { r in B(c: r.resolve(C.self)!) }.inObjectScope(.container)
        swinject.register(A.self) { r in A(b: r.resolve(B.self)!, c: r.resolve(C.self)!) }.inObjectScope(.transient)
        let c = C()
        let b = B(c: c)
        ObjectCensus.check("hand-written", expected: 3) { $0(A(b: b, c: c)) }
        ObjectCensus.check("Tranquil", expected: 3) { sink in
            withExtendedLifetime((tranquil, held)) { sink(provider.value) }
        }
        ObjectCensus.check("Swinject", expected: 3) { $0(swinject.resolve(A.self)!) }
        return BenchCase(
            hand: BenchCase.loop { BlackHole.consume(A(b: b, c: c)) },
            // A provider holds its container weakly; the loop keeps it alive.
            tranquil: BenchCase.loop { withExtendedLifetime((tranquil, held)) { BlackHole.consume(provider.value) } },
            swinject: BenchCase.loop { BlackHole.consume(swinject.resolve(A.self)!) }
        )
    }
}

import DICore
import Foundation
import Swinject

extension Suite {
    /// The cached resolve of ``cachedSingleton()`` from a task: `await container.resolve()`,
    /// what code in an async function writes. Swinject has no async resolve; its column is
    /// its synchronous one, called from the same task.
    static func cachedAwaited() -> BenchCase {
        let service = Service()
        let tranquil = DIContainer()
        tranquil.register(Service.init).lifetime(.perContainer(.single))
        let container = Container()
        container.register(Service.self) { _ in Service() }.inObjectScope(.container)
        let swinject = SynchronizedResolver(container.synchronize())
        return BenchCase(
            hand: inATask { service },
            tranquil: inATask { await tranquil.resolve() as Service },
            swinject: inATask { swinject.resolver.resolve(Service.self)! },
            counted: .none
        )
    }

    /// The 3-object graph of ``sharedGraph()`` resolved with `await` from a task. Swinject's
    /// column is its synchronous resolve, called from the same task.
    static func graphAwaited() -> BenchCase {
        let tranquil = graphContainer()
        let swinject = SynchronizedResolver(graphSwinject().synchronize())
        return BenchCase(
            hand: inATask {
                let c = C()
                return A(b: B(c: c), c: c)
            },
            tranquil: inATask { await tranquil.resolve() as A },
            swinject: inATask { swinject.resolver.resolve(A.self)! },
            counted: .none
        )
    }

    /// The 3-object graph with `C` a singleton (`perContainer(.single)`, Swinject's
    /// `.container`) resolved with `await` from a task: a graph with a cached instance in it,
    /// which an awaited resolve once built the async way. Swinject's column is its
    /// synchronous resolve, called from the same task.
    static func singletonLeafAwaited() -> BenchCase {
        // Read by the one task that runs the hand-written loop.
        nonisolated(unsafe) let c = C()
        let (tranquil, container) = singletonLeafContainers()
        let swinject = SynchronizedResolver(container.synchronize())
        return BenchCase(
            hand: inATask { A(b: B(c: c), c: c) },
            tranquil: inATask { await tranquil.resolve() as A },
            swinject: inATask { swinject.resolver.resolve(A.self)! },
            counted: .none
        )
    }

    /// The 3-object graph of ``sharedGraph()`` with `C` made by an `async` factory, resolved
    /// with `await` from a task: a graph that takes the async way every time (nothing in it
    /// is cached). Swinject has no async factory; its column is its synchronous resolve of
    /// the same graph, called from the same task.
    static func asyncLeafAwaited() -> BenchCase {
        let tranquil = DIContainer()
        tranquil.register { () async in await C.made() }.lifetime(.objectGraph)
        tranquil.register(B.init).lifetime(.objectGraph)
        tranquil.register(A.init).lifetime(.objectGraph)
        let swinject = SynchronizedResolver(graphSwinject().synchronize())
        return BenchCase(
            hand: inATask {
                let c = await C.made()
                return A(b: B(c: c), c: c)
            },
            tranquil: inATask { await tranquil.resolve() as A },
            swinject: inATask { swinject.resolver.resolve(A.self)! },
            counted: .none
        )
    }

    /// Runs `operation` `n` times in one task; the time is taken inside the task. Each
    /// result is folded into a sink of the task's own.
    /// `resolve(args:)` of ``twoArguments()`` awaited from a task. Swinject's column is its
    /// synchronous resolve with arguments, called from the same task.
    static func twoArgumentsAwaited() -> BenchCase {
        let (tranquil, container) = routerContainers()
        let swinject = SynchronizedResolver(container.synchronize())
        return BenchCase(
            hand: inATask { Router(server: "eu", count: 20) },
            tranquil: inATask { await tranquil.resolve(args: "eu", 20) as Router },
            swinject: inATask { swinject.resolver.resolve(Router.self, arguments: "eu", 20)! },
            counted: .none
        )
    }

    private static func inATask(_ operation: @escaping @Sendable () async -> AnyObject) -> BenchCase.Body {
        { n in
            let done = DispatchSemaphore(value: 0)
            let times = TimeBox()
            Task.detached {
                let clock = ContinuousClock()
                let began = clock.now
                var sink: UInt = 0
                for _ in 0..<n { sink = sink &* 31 &+ UInt(bitPattern: ObjectIdentifier(await operation())) }
                times.add(clock.now - began, sink)
                done.signal()
            }
            done.wait()
            BlackHole.consume(Int(bitPattern: times.sink))
            return times.slowest
        }
    }
}

extension C {
    /// A `C` made by an `async` function that does not suspend: what an async factory
    /// costs without the wait it exists for.
    @inline(never)
    static func made() async -> C { C() }
}

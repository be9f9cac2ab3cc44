import DICore
import Foundation
import Swinject

extension Suite {
    /// The cached resolve of ``cachedSingleton()`` on two threads at once: each thread runs
    /// the `n` operations, and the time is the slower thread's, so the row reads as time per
    /// operation per thread (compare it with the one-thread row).
    static func cachedOnTwoThreads() -> BenchCase {
        let service = Service()
        let tranquil = DIContainer()
        tranquil.register(Service.init).lifetime(.perContainer(.single))
        let swinject = Container()
        swinject.register(Service.self) { _ in Service() }.inObjectScope(.container)
        let synchronized = SynchronizedResolver(swinject.synchronize())
        return BenchCase(
            hand: onTwoThreads { service },
            tranquil: onTwoThreads { tranquil.resolve() as Service },
            swinject: onTwoThreads { synchronized.resolver.resolve(Service.self)! },
            counted: .none
        )
    }

    /// Two threads resolving at once, each its own cached singleton: the container's part of
    /// ``cachedOnTwoThreads()``. There both threads take one instance and write its reference
    /// count (hand-written code too); here each writes only its own, so what is left is
    /// what two resolving threads cost each other inside the container (compare it with
    /// the one-thread row).
    static func cachedApartOnTwoThreads() -> BenchCase {
        final class Other: Sendable {}
        let (service, other) = (Service(), Other())
        let tranquil = DIContainer()
        tranquil.register(Service.init).lifetime(.perContainer(.single))
        tranquil.register(Other.init).lifetime(.perContainer(.single))
        let swinject = Container()
        swinject.register(Service.self) { _ in Service() }.inObjectScope(.container)
        swinject.register(Other.self) { _ in Other() }.inObjectScope(.container)
        let synchronized = SynchronizedResolver(swinject.synchronize())
        return BenchCase(
            hand: onTwoThreads { thread -> AnyObject in thread == 0 ? service : other },
            tranquil: onTwoThreads { thread -> AnyObject in
                thread == 0 ? tranquil.resolve() as Service : tranquil.resolve() as Other
            },
            swinject: onTwoThreads { thread -> AnyObject in
                let resolver = synchronized.resolver
                return thread == 0 ? resolver.resolve(Service.self)! : resolver.resolve(Other.self)!
            },
            counted: .none
        )
    }

    /// The 3-object graph of ``sharedGraph()`` built on two threads at once, from one
    /// container each library shares between them: what a resolve that makes instances
    /// costs when another thread is resolving too (compare it with the one-thread row).
    static func graphOnTwoThreads() -> BenchCase {
        let tranquil = graphContainer()
        let synchronized = SynchronizedResolver(graphSwinject().synchronize())
        return BenchCase(
            hand: onTwoThreads {
                let c = C()
                return A(b: B(c: c), c: c)
            },
            tranquil: onTwoThreads { tranquil.resolve() as A },
            swinject: onTwoThreads { synchronized.resolver.resolve(A.self)! },
            counted: .none
        )
    }

    /// The graph of ``singletonLeafGraph()`` built on two threads at once: both threads make
    /// their own `A` and `B` over the one `C`, so both read `C` where it is kept.
    static func singletonLeafOnTwoThreads() -> BenchCase {
        // Both threads only read `c`, as they read the container's `C`.
        nonisolated(unsafe) let c = C()
        let (tranquil, swinject) = singletonLeafContainers()
        let synchronized = SynchronizedResolver(swinject.synchronize())
        return BenchCase(
            hand: onTwoThreads { A(b: B(c: c), c: c) },
            tranquil: onTwoThreads { tranquil.resolve() as A },
            swinject: onTwoThreads { synchronized.resolver.resolve(A.self)! },
            counted: .none
        )
    }

    /// Runs `operation` `n` times on each of two threads started together; the time is the
    /// slower thread's. Each thread folds what it gets into a sink of its own (a shared one
    /// would be a race, and its cache line would bounce between the cores).
    private static func onTwoThreads(_ operation: @escaping @Sendable () -> AnyObject) -> BenchCase.Body {
        onTwoThreads { _ in operation() }
    }

    /// ``onTwoThreads(_:)`` with an `operation` told which thread runs it (0 or 1).
    private static func onTwoThreads(_ operation: @escaping @Sendable (Int) -> AnyObject) -> BenchCase.Body {
        { n in
            let start = DispatchSemaphore(value: 0)
            let done = DispatchGroup()
            let times = TimeBox()
            for thread in 0..<2 {
                done.enter()
                Thread {
                    start.wait()
                    let clock = ContinuousClock()
                    let began = clock.now
                    var sink: UInt = 0
                    for _ in 0..<n { sink = sink &* 31 &+ UInt(bitPattern: ObjectIdentifier(operation(thread))) }
                    times.add(clock.now - began, sink)
                    done.leave()
                }.start()
            }
            start.signal()
            start.signal()
            done.wait()
            BlackHole.consume(Int(bitPattern: times.sink))
            return times.slowest
        }
    }
}

/// The times and sinks of the threads of one batch.
final class TimeBox: @unchecked Sendable {
    // @unchecked Sendable: `times` and `folded` are only touched under `lock`.
    private let lock = NSLock()
    private var times: [Duration] = []
    private var folded: UInt = 0

    func add(_ time: Duration, _ sink: UInt) {
        lock.withLock {
            times.append(time)
            folded = folded &* 31 &+ sink
        }
    }

    var slowest: Duration { lock.withLock { times.max() ?? .zero } }
    var sink: UInt { lock.withLock { folded } }
}

/// Swinject's `synchronize()` resolver, which its documentation makes safe to share between
/// threads, in a type Swift can see is.
final class SynchronizedResolver: @unchecked Sendable {
    // @unchecked Sendable: Swinject's synchronized resolver locks around every resolve.
    let resolver: any Resolver

    init(_ resolver: any Resolver) {
        self.resolver = resolver
    }
}

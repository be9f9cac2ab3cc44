import DICore
import Foundation
import TestSupport
import Testing

private final class Inner: Sendable {
    init(made: Counter) {
        made.increment()
        Slow.pause()
    }
}

private final class Outer: Sendable {
    let inner: Inner
    init(inner: Inner, made: Counter) {
        made.increment()
        Slow.pause()
        self.inner = inner
    }
}

private final class Part: Sendable {}

/// Five parameters: the fifth's remembered choice is kept apart from the first four's.
private final class Assembly: Sendable {
    let parts: [Part]
    init(_ a: Part, _ b: Part, _ c: Part, _ d: Part, _ e: Part) { parts = [a, b, c, d, e] }
}

private final class First: Sendable {
    let inner: Inner
    init(inner: Inner) { self.inner = inner }
}

private final class Second: Sendable {
    let inner: Inner
    init(inner: Inner) { self.inner = inner }
}

private final class Left: Sendable {
    let first: First
    let second: Second
    init(first: First, second: Second) {
        self.first = first
        self.second = second
    }
}

private final class Right: Sendable {
    let second: Second
    let first: First
    init(second: Second, first: First) {
        self.second = second
        self.first = first
    }
}

/// Two components whose factories each resolve the other through the container: on two
/// threads at once this is an initializer cycle split across threads.
private final class Ping: Sendable {
    let pong: Pong?
    init(pong: Pong?) { self.pong = pong }
}

private final class Pong: Sendable {
    let ping: Ping?
    init(ping: Ping?) { self.ping = ping }
}

@Suite struct ConcurrencyTests {
    /// How many times each race is repeated.
    static let iterations = 50

    static let cachedLifetimes: [DILifeTime] = [
        .single, .perApplication(.weak), .perApplication(.single), .perContainer(.weak), .perContainer(.single),
        .custom(name: "race"),
    ]

    @Test(arguments: cachedLifetimes)
    func sixteenThreadsRacingForTheFirstInstanceMakeExactlyOne(lifetime: DILifeTime) async {
        for _ in 0..<Self.iterations {
            let made = Counter()
            let container = DIContainer()
            container.register(line: uniqueLine()) { Slow(made: made) }.lifetime(lifetime)
            let instances = Collected<Slow>()
            guard await race({ _ in instances.append(container.resolve()) }) else { return }
            #expect(made.value == 1)
            #expect(instances.values.count == 16)
            #expect(allIdentical(instances.values))
            if made.value != 1 { return }
        }
    }

    /// Every thread builds the same component for the first time in a new container: the
    /// first to remember its parameters' choices races the others (and the fifth parameter's
    /// choice lives apart from the first four's). Each build must still get the one cached
    /// part, whichever thread's choices stand.
    @Test func firstBuildsOnManyThreadsAllGetTheCachedParameter() async {
        await race(
            rounds: Self.iterations,
            prepare: { _ in
                let container = DIContainer()
                container.register(line: uniqueLine()) { Part() }.lifetime(.perContainer(.single))
                container.register(line: uniqueLine(), Assembly.init)
                return (container: container, built: Collected<Assembly>())
            },
            { state, _ in
                for _ in 0..<20 { state.built.append(state.container.resolve()) }
            },
            check: { state in
                let part: Part = state.container.resolve()
                let allThePart = state.built.values.allSatisfy { $0.parts.allSatisfy { $0 === part } }
                #expect(state.built.values.count == 16 * 20)
                #expect(allThePart)
                return allThePart
            }
        )
    }

    /// Registrations racing on many threads seal each other's drafts mid-chain, so some
    /// modifiers change a draft and others replace a made component: every chain must still
    /// end with all its modifiers applied.
    @Test func modifiersChainedToRacingRegistrationsAllTakeEffect() async {
        await race(
            rounds: Self.iterations,
            prepare: { _ in DIContainer() },
            { container, index in
                for number in 0..<20 {
                    let name = "\(index)-\(number)"
                    container.register { Dog(name: name) }
                        .as(Animal.self, name: name)
                        .lifetime(.perContainer(.single))
                        .as(Animal.self, tag: HouseTag.self)
                    let early: Animal? = container.resolve(name: "\(index)-0")
                    #expect(early?.name == "\(index)-0")
                }
            },
            check: { container in
                var allApplied = true
                for index in 0..<16 {
                    for number in 0..<20 {
                        let name = "\(index)-\(number)"
                        let first: Animal? = container.resolve(name: name)
                        let second: Animal? = container.resolve(name: name)
                        allApplied = allApplied && first?.name == name && first === second
                    }
                }
                // Every Animal whatever its name or tag: each component once.
                let animals: [Animal] = container.resolveMany()
                #expect(animals.count == 16 * 20)
                #expect(allApplied)
                return allApplied && animals.count == 16 * 20
            }
        )
    }

    @Test func singletonsInitializedWhileOthersResolveAreMadeOnce() async {
        for _ in 0..<Self.iterations {
            let made = Counter()
            let container = DIContainer()
            container.register(line: uniqueLine()) { Slow(made: made) }.lifetime(.single)
            let instances = Collected<Slow>()
            guard
                await race({ index in
                    if index == 0 { container.initializeSingletonObjects() }
                    instances.append(container.resolve())
                })
            else { return }
            #expect(made.value == 1)
            #expect(allIdentical(instances.values))
        }
    }

    @Test func factoriesResolvingThroughTheContainerDoNotDeadlock() async {
        for _ in 0..<Self.iterations {
            let madeOuter = Counter()
            let madeInner = Counter()
            let container = DIContainer()
            container.register { Inner(made: madeInner) }.lifetime(.perContainer(.single))
            container.register { (resolver: DIContainer) in Outer(inner: resolver.resolve(), made: madeOuter) }
                .lifetime(.perContainer(.single))
            let outers = Collected<Outer>()
            let inners = Collected<Inner>()
            guard
                await race({ index in
                    if index.isMultiple(of: 2) {
                        outers.append(container.resolve())
                    } else {
                        inners.append(container.resolve())
                    }
                })
            else { return }
            #expect(madeOuter.value == 1)
            #expect(madeInner.value == 1)
            let inner = inners.values.first
            #expect(outers.values.allSatisfy { $0.inner === inner })
            #expect(allIdentical(inners.values))
        }
    }

    @Test func overlappingGraphsResolvedInOppositeOrderShareTheirInstances() async {
        for _ in 0..<Self.iterations {
            let made = Counter()
            let container = DIContainer()
            container.register { Inner(made: made) }.lifetime(.perContainer(.single))
            container.register { (resolver: DIContainer) in First(inner: resolver.resolve()) }
                .lifetime(.perContainer(.single))
            container.register(Second.init).lifetime(.perContainer(.weak))
            container.register(Left.init)
            container.register(Right.init)
            let lefts = Collected<Left>()
            let rights = Collected<Right>()
            guard
                await race({ index in
                    if index.isMultiple(of: 2) {
                        lefts.append(container.resolve())
                    } else {
                        rights.append(container.resolve())
                    }
                })
            else { return }
            #expect(made.value == 1)
            let firsts = lefts.values.map(\.first) + rights.values.map(\.first)
            let seconds = lefts.values.map(\.second) + rights.values.map(\.second)
            #expect(firsts.count == 16)
            #expect(allIdentical(firsts))
            #expect(allIdentical(seconds))
            #expect(firsts.allSatisfy { $0.inner === seconds.first?.inner })
        }
    }

    @Test func anInitializerCycleSplitAcrossThreadsIsReportedNotDeadlocked() async {
        for _ in 0..<20 {
            let container = DIContainer()
            container.register { (resolver: DIContainer) -> Ping in
                Slow.pause()
                return Ping(pong: try? resolver.tryResolve())
            }
            .lifetime(.perContainer(.single))
            container.register { (resolver: DIContainer) -> Pong in
                Slow.pause()
                return Pong(ping: try? resolver.tryResolve())
            }
            .lifetime(.perContainer(.single))
            let pings = Collected<Ping>()
            let pongs = Collected<Pong>()
            guard
                await race(
                    threads: 2,
                    { index in
                        if index == 0 {
                            pings.append(container.resolve())
                        } else {
                            pongs.append(container.resolve())
                        }
                    }
                )
            else { return }
            // Whatever the interleaving, each is made once and one side saw the cycle.
            let ping = pings.values.first
            let pong = pongs.values.first
            #expect(ping?.pong == nil || pong?.ping == nil)
            let again: Ping = await container.resolve()
            #expect(again === ping)
        }
    }

    /// A `clean()` while one thread makes an instance and others wait for it: the waiters
    /// still get that instance, but the container does not keep it (the next resolve makes
    /// a new one), and a resolve after the clean does not wait for the old making.
    @Test func cleanWhileOthersWaitForAMakingHandsThemItButKeepsNothing() {
        let started = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let made = Counter()
        let container = DIContainer()
        container.register { () -> Slow in
            let first = made.value == 0
            let slow = Slow(made: made)
            if first {
                started.signal()
                proceed.wait()
            }
            return slow
        }
        .lifetime(.perContainer(.single))
        let instances = Collected<(thread: Int, instance: Slow)>()
        let group = DispatchGroup()
        let resolving = DispatchSemaphore(value: 0)
        for index in 0..<3 {
            group.enter()
            Thread {
                if index > 0 { resolving.signal() }
                instances.append((index, container.resolve()))
                group.leave()
            }
            .start()
            if index == 0 { started.wait() }  // the first thread makes; the others wait
        }
        // Both waiters are about to resolve; give them ample time to reach the flight.
        resolving.wait()
        resolving.wait()
        Thread.sleep(forTimeInterval: 0.5)
        container.clean()
        let afterClean: Slow = container.resolve()  // a making of its own, not a wait
        proceed.signal()
        guard group.wait(timeout: .now() + 20) == .success else {
            Issue.record("the waiters were never woken")
            return
        }
        // A waiter the machine held back past the clean asks after it, and gets the instance
        // made after it: no third one is made either way.
        let first = instances.values.first { $0.thread == 0 }?.instance
        #expect(instances.values.count == 3)
        #expect(first != nil && first !== afterClean)
        #expect(instances.values.allSatisfy { $0.instance === first || $0.instance === afterClean })
        #expect(made.value == 2)
        let next: Slow = container.resolve()
        #expect(next === afterClean)
    }
}

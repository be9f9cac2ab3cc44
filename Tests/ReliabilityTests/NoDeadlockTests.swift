import DICore
import DIRuntime
import Foundation
import TestSupport
import Testing

// Shapes for the deadlock tests. Every cached one is slow, so racing threads pile up on it.

private final class Leaf: Sendable {
    init(made: Counter) {
        made.increment()
        SlowThing.pause()
    }
}

private final class Left: Sendable {
    init() { SlowThing.pause() }
}

private final class Right: Sendable {
    init() { SlowThing.pause() }
}

/// Asks for `Left` then `Right`.
private final class LeftFirst: Sendable {
    let left: Left
    let right: Right
    init(left: Left, right: Right) {
        self.left = left
        self.right = right
    }
}

/// Asks for `Right` then `Left`, through the container (a nested top-level resolve each).
private final class RightFirst: Sendable {
    let right: Right
    let left: Left
    init(container: DIContainer) {
        right = container.resolve()
        left = container.resolve()
    }
}

/// Made by a factory that hands the work of resolving `Leaf` to another thread and waits.
private final class Delegating: Sendable {
    let leaf: Leaf
    init(leaf: Leaf) { self.leaf = leaf }
}

/// Made from a `Pong?` (shared with the re-entrant resolve stress test).
final class Ping: Sendable {
    let pong: Pong?
    init(pong: Pong?) { self.pong = pong }
}

final class Pong: Sendable {
    let ping: Ping?
    init(ping: Ping?) { self.ping = ping }
}

/// An observer that resolves from the container inside `receive` when a `Leaf` is made.
private final class ResolvingObserver: DIObserver {
    private let container = Locked<DIContainer?>(nil)
    let resolved = Counter()

    func attach(to container: DIContainer) {
        self.container.withLock { $0 = container }
        container.addObserver(self)
    }

    func receive(_ event: DIEvent) {
        guard event.kind == .made, event.component?.typeName.contains("Leaf") == true,
            let container = container.withLock({ $0 })
        else { return }
        let _: Left = container.resolve()
        resolved.increment()
    }
}

@Suite struct NoDeadlockTests {
    static let rounds = 100

    @Test func factoriesThatResolveOtherComponentsFinish() async {
        let made = Counter()
        let finished = await race(rounds: Self.rounds) { (_: Int) -> DIContainer in
            let container = DIContainer()
            container.register { Leaf(made: made) }.lifetime(.perContainer(.single))
            container.register { (container: DIContainer) in Delegating(leaf: container.resolve()) }
                .lifetime(.perContainer(.weak))
            container.register(LeftFirst.init).lifetime(.perContainer(.single))
            container.register(Left.init).lifetime(.perContainer(.single))
            container.register(Right.init).lifetime(.perContainer(.single))
            return container
        } _: { container, index in
            switch index % 3 {
            case 0: let _: Delegating = container.resolve()
            case 1: let _: Leaf = container.resolve()
            default: let _: LeftFirst = container.resolve()
            }
        }
        #expect(finished)
        #expect(made.value == Self.rounds)
    }

    @Test func overlappingGraphsResolvedInOppositeOrdersFinishAndShare() async {
        let finished = await race(rounds: Self.rounds) {
            (_: Int) -> (container: DIContainer, left: Collected<LeftFirst>, right: Collected<RightFirst>) in
            let container = DIContainer()
            container.register(Left.init).lifetime(.perContainer(.single))
            container.register(Right.init).lifetime(.perContainer(.weak))
            container.register(LeftFirst.init)
            container.register(RightFirst.init)
            return (container: container, left: Collected<LeftFirst>(), right: Collected<RightFirst>())
        } _: { round, index in
            if index.isMultiple(of: 2) {
                round.left.append(round.container.resolve())
            } else {
                round.right.append(round.container.resolve())
            }
        } check: { round in
            let lefts = round.left.values.map(\.left) + round.right.values.map(\.left)
            let rights = round.left.values.map(\.right) + round.right.values.map(\.right)
            return lefts.count == 16 && allIdentical(lefts) && allIdentical(rights)
        }
        #expect(finished)
    }

    @Test func aFactoryThatResolvesOnAnotherThreadAndWaitsFinishes() async {
        let made = Counter()
        let finished = await race(rounds: Self.rounds) {
            (_: Int) -> (container: DIContainer, got: Collected<Delegating>) in
            let container = DIContainer()
            container.register { Leaf(made: made) }.lifetime(.perContainer(.single))
            container.register { (container: DIContainer) -> Delegating in
                // The maker of `Delegating` blocks on a thread that makes (or waits for) `Leaf`.
                let leaf = Collected<Leaf>()
                let done = DispatchSemaphore(value: 0)
                Thread {
                    leaf.append(container.resolve())
                    done.signal()
                }
                .start()
                done.wait()
                return Delegating(leaf: leaf.values[0])
            }
            .lifetime(.perContainer(.single))
            return (container: container, got: Collected<Delegating>())
        } _: { round, index in
            if index.isMultiple(of: 4) {
                let _: Leaf = round.container.resolve()
            } else {
                round.got.append(round.container.resolve())
            }
        } check: { round in
            allIdentical(round.got.values)
        }
        #expect(finished)
        #expect(made.value == Self.rounds)
    }

    @Test func observersThatResolveInsideReceiveDoNotDeadlock() async {
        let observer = ResolvingObserver()
        let made = Counter()
        let container = DIContainer()
        container.register { Leaf(made: made) }.lifetime(.perContainer(.single))
        container.register(Left.init).lifetime(.perContainer(.single))
        observer.attach(to: container)
        let finished = await race(rounds: 20, prepare: { _ in container.clean() }) { _, _ in
            let _: Leaf = container.resolve()
        }
        container.removeObserver(observer)
        #expect(finished)
        #expect(made.value == 20)
        #expect(observer.resolved.value == 20)
    }

    /// `clean()` lets go of instances after it unlocked their slots: a deinit may resolve,
    /// even the very component being cleaned.
    @Test func aDeinitThatResolvesDuringCleanFinishes() async {
        let container = DIContainer()
        let remade = Counter()
        // Unowned: a factory that held its own container would keep it alive forever.
        container.register { [unowned container] in ResolvingOnDeinit(container: container, remade: remade) }
            .lifetime(.perContainer(.single))
        let finished = await finishes(noProgressFor: .seconds(60)) {
            do {
                let _: ResolvingOnDeinit = container.resolve()
            }
            container.clean()
        }
        #expect(finished)
        #expect(remade.value == 1)
    }

    @Test(arguments: [2, 4, 16])
    func anInitializerCycleSplitAcrossThreadsIsReportedAsACycle(threads: Int) async {
        let finished = await race(rounds: Self.rounds, threads: threads) {
            (_: Int) -> (container: DIContainer, errors: Collected<DIError.Kind>) in
            let container = DIContainer()
            let errors = Collected<DIError.Kind>()
            container.register { (container: DIContainer) -> Ping in
                SlowThing.pause()
                do throws(DIError) {
                    return Ping(pong: try container.tryResolve())
                } catch {
                    errors.append(error.kind)
                    return Ping(pong: nil)
                }
            }
            .lifetime(.perContainer(.single))
            container.register { (container: DIContainer) -> Pong in
                SlowThing.pause()
                do throws(DIError) {
                    return Pong(ping: try container.tryResolve())
                } catch {
                    errors.append(error.kind)
                    return Pong(ping: nil)
                }
            }
            .lifetime(.perContainer(.single))
            return (container: container, errors: errors)
        } _: { round, index in
            if index.isMultiple(of: 2) {
                let _: Ping = round.container.resolve()
            } else {
                let _: Pong = round.container.resolve()
            }
        } check: { round in
            // Someone saw the loop, as `.cycle` and nothing else; both are made once after it.
            let ping: Ping = round.container.resolve()
            let pong: Pong = round.container.resolve()
            let kinds = round.errors.values
            return !kinds.isEmpty && kinds.allSatisfy { $0 == .cycle } && (ping.pong == nil || pong.ping == nil)
        }
        #expect(finished)
    }
}

/// Resolves its own component again when it goes (once: the new instance stays cached).
private final class ResolvingOnDeinit: @unchecked Sendable {
    // @unchecked Sendable: immutable references to thread-safe objects.
    private weak var container: DIContainer?
    private let remade: Counter

    init(container: DIContainer, remade: Counter) {
        self.container = container
        self.remade = remade
    }

    deinit {
        guard remade.value == 0, let container else { return }
        remade.increment()
        let _: ResolvingOnDeinit = container.resolve()
    }
}

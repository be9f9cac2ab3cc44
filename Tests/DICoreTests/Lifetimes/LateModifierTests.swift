import DICore
import TestSupport
import Testing

// A modifier applied to a component that a resolve already made does not make a second
// instance of it: a name or tag added later is one more way to the same instance, and the
// same lifetime again keeps it. (While a registration is still being written, a name
// moves a process-wide component to its own line's instance: one per name in a loop.)

private final class LMClock: Sendable {
    let serial: Int
    init(serial: Int) { self.serial = serial }
}
private enum LMSystem {}

/// One round of a name added while threads resolve.
private struct LMRound: Sendable {
    let container: DIContainer
    let made: Counter
    let seen = Collected<ObjectIdentifier>()
    let addName: @Sendable () -> Void
}

@Suite struct LateModifierTests {
    @Test(arguments: [DILifeTime.single, .perApplication(.single), .perContainer(.single)])
    func aNameAddedAfterAResolveIsAnotherWayToTheSameInstance(lifetime: DILifeTime) {
        let made = Counter()
        let container = DIContainer()
        let builder = container.register(line: uniqueLine()) { LMClock(serial: made.increment()) }.lifetime(lifetime)
        let first: LMClock = container.resolve()
        builder.as(LMClock.self, name: "system")
        builder.as(LMClock.self, tag: LMSystem.self)
        let again: LMClock = container.resolve()
        let named: LMClock = container.resolve(name: "system")
        let tagged: LMClock = container.resolve(tag: LMSystem.self)
        #expect(again === first && named === first && tagged === first)
        #expect(made.value == 1)
    }

    @Test func aScopesInstanceStaysWithALateName() {
        let session = DIScope(name: "session")
        let made = Counter()
        let container = DIContainer()
        let builder = container.register { LMClock(serial: made.increment()) }.lifetime(.custom(session))
        let first: LMClock = container.resolve()
        builder.as(LMClock.self, name: "system")
        #expect((container.resolve(name: "system") as LMClock) === first)
        session.clean()
        let afterClean: LMClock = container.resolve(name: "system")
        #expect(afterClean !== first && (container.resolve() as LMClock) === afterClean)
        #expect(made.value == 2)
    }

    @Test(arguments: [DILifeTime.perContainer(.single), .perContainer(.weak), .single, .perApplication(.single)])
    func theSameLifetimeAgainKeepsTheInstance(lifetime: DILifeTime) {
        let made = Counter()
        let container = DIContainer()
        let builder = container.register(line: uniqueLine()) { LMClock(serial: made.increment()) }.lifetime(lifetime)
        let first: LMClock = container.resolve()
        builder.lifetime(lifetime)
        #expect((container.resolve() as LMClock) === first)
        #expect(made.value == 1)
    }

    /// A name added while threads make the first instance: one instance still, made once,
    /// every thread's answer the same.
    @Test(arguments: ["scope", "single", "perContainer"])
    func aNameAddedWhileThreadsResolveKeepsOneInstance(lifetime: String) async {
        await race(rounds: 60, threads: 5) { _ in
            let container = DIContainer()
            let made = Counter()
            let kept: DILifeTime =
                switch lifetime {
                case "scope": .custom(DIScope(name: "race"))
                case "single": .single
                default: .perContainer(.single)
                }
            let builder = container.register(line: uniqueLine()) { LMClock(serial: made.increment()) }.lifetime(kept)
            return LMRound(container: container, made: made) { builder.as(LMClock.self, name: "system") }
        } _: { round, index in
            if index == 0 {
                round.addName()
                return
            }
            for step in 0..<100 {
                // Asked by the name once it is there (a name not added yet is no answer).
                let clock: LMClock? =
                    index.isMultiple(of: 2) && step > 50
                    ? try? round.container.tryResolve(name: "system") : round.container.resolve()
                guard let clock else { continue }
                round.seen.append(ObjectIdentifier(clock))
            }
        } check: { round in
            #expect(round.made.value == 1)
            #expect(Set(round.seen.values).count == 1)
            return round.made.value == 1
        }
    }

    /// One line, a name per loop: one instance per name, whichever modifier comes first.
    @Test func aNamePerLoopOnOneLineIsAnInstancePerName() {
        let container = DIContainer()
        let line = uniqueLine()
        for name in ["a", "b", "c"] {
            container.register(line: line) { LMClock(serial: 0) }.lifetime(.perApplication(.single)).as(
                LMClock.self,
                name: name
            )
        }
        let clocks: [LMClock] = ["a", "b", "c"].map { container.resolve(name: $0) }
        #expect(Set(clocks.map(ObjectIdentifier.init)).count == 3)
        let again: [LMClock] = ["a", "b", "c"].map { container.resolve(name: $0) }
        #expect(zip(clocks, again).allSatisfy { $0 === $1 })
    }
}

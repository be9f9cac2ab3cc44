import DICore
import Foundation
import TestSupport
import Testing

// A scope's clean drops the copies isolating containers keep of its instances, also the
// copy a container starts keeping while the clean runs: a resolve that starts once a clean
// has returned never gets an instance made before that clean began.

private final class ISItem: Sendable {
    let number: Int
    init(made: Counter) { number = made.increment() }
}

/// The cleans of one round: how many instances existed when each began, and how many ended.
private final class ISCleans: Sendable {
    private let state = LockedValue((madeAtStart: [Int](), ended: 0))

    func begin(made: Int) { state.withLock { $0.madeAtStart.append(made) } }
    func end() { state.withLock { $0.ended += 1 } }

    /// The newest instance number a resolve starting now must not get: the count of made
    /// instances when the last clean that ended began (0 before any ended).
    var floor: Int {
        state.withLock { $0.ended == 0 ? 0 : $0.madeAtStart[$0.ended - 1] }
    }
}

private struct ISRound: Sendable {
    let made = Counter()
    let scope = DIScope(name: "session")
    let isolated: DIContainer
    let cleans = ISCleans()
    let stale = Counter()

    init() {
        let app = DIContainer()
        let made = made
        app.register { ISItem(made: made) }.lifetime(.custom(scope))
        isolated = DIContainer(isolatedFrom: app)
    }
}

@Suite struct IsolatedScopeCleanRaceTests {
    @Test func aCopyStartedDuringACleanIsDroppedByTheNext() async {
        // A fresh isolating container each round: its first resolves make its copy, racing
        // the cleans.
        await race(rounds: 500, threads: 4, prepare: { _ in ISRound() }) { round, index in
            for _ in 0..<30 {
                if index == 0 {
                    round.cleans.begin(made: round.made.value)
                    round.scope.clean()
                    round.cleans.end()
                } else {
                    let floor = round.cleans.floor
                    let item: ISItem = round.isolated.resolve()
                    if item.number <= floor { round.stale.increment() }
                }
            }
        } check: { round in
            #expect(round.stale.value == 0, "resolves that got an instance from before a clean that had ended")
            return round.stale.value == 0
        }
    }
}

import DILazy
import TestSupport
import Testing

// `clear()` lets go of an `AsyncLazy`'s value: once the app lets go of it too, it is gone.
// The value is made in a task of its own, and the runtime may let go of a finished task
// after the read it woke has returned; the value must not ride in that task.

private final class ALRConnection: Sendable {
    init() async { await Task.yield() }
}

@Suite struct AsyncLazyReleaseTests {
    /// How many of `rounds` cleared values, in each of `loops` tasks at once, were still
    /// alive once the app let them go. The loops keep every core busy, so the thread that
    /// finished a making is often switched out before it lets go of its task.
    private func readClearAndDrop(
        loops: Int = 4,
        rounds: Int,
        reads: Int
    ) async -> (stillAlive: Int, made: Int) {
        let made = Counter()
        let stillAlive = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<loops {
                group.addTask {
                    let lazy = AsyncLazy { () async -> ALRConnection in
                        made.increment()
                        return await ALRConnection()
                    }
                    var stillAlive = 0
                    for _ in 0..<rounds {
                        weak var dropped: ALRConnection?
                        do {
                            let connection = await lazy.value
                            for _ in 1..<reads { #expect(await lazy.value === connection) }
                            dropped = connection
                        }
                        lazy.clear()
                        if dropped != nil { stillAlive += 1 }
                    }
                    return stillAlive
                }
            }
            return await group.reduce(0, +)
        }
        return (stillAlive, made.value)
    }

    @Test func aClearedValueIsGoneOnceTheAppLetsItGo() async {
        let (stillAlive, made) = await readClearAndDrop(rounds: 2_500, reads: 1)
        #expect(stillAlive == 0)
        #expect(made == 4 * 2_500)
    }

    @Test func aClearedValueReadSeveralTimesIsGoneOnceTheAppLetsItGo() async {
        let (stillAlive, made) = await readClearAndDrop(rounds: 1_000, reads: 3)
        #expect(stillAlive == 0)
        #expect(made == 4 * 1_000)
    }
}

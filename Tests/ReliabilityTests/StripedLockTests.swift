import DIRuntime
import TestSupport
import Testing

/// ``StripedLocked``: readers on different threads take different stripes, a writer takes
/// them all, so a reader never sees half a write. Run under ThreadSanitizer in CI, which
/// reports a read that no stripe orders against a write.
@Suite struct StripedLockTests {
    /// Two halves a writer always changes together.
    struct Pair {
        var first = 0
        var second = 0
    }

    @Test func readersOnManyThreadsNeverSeeHalfAWrite() async {
        // More threads than stripes: some readers share a stripe.
        let threads = 16
        let writes = 1_000
        let pair = StripedLocked(Pair())
        let torn = LockedValue(0)
        await race(threads: threads) { index in
            // Half the threads write, half read: each reader under its own stripe.
            if index.isMultiple(of: 2) {
                for _ in 0..<writes {
                    pair.withLock { pair in
                        pair.first += 1
                        pair.second += 1
                    }
                }
            } else {
                var seen = 0
                for _ in 0..<writes * 4 {
                    let (first, second) = pair.withReadLock { ($0.first, $0.second) }
                    if first != second { seen += 1 }
                }
                if seen > 0 { torn.withLock { $0 += seen } }
            }
        }
        #expect(torn.value == 0)
        #expect(pair.withReadLock { $0.first } == threads / 2 * writes)
    }

    @Test func threadsRunningAtOnceHaveNumbersOfTheirOwn() async {
        let numbers = LockedValue<[(first: Int, again: Int)]>([])
        let threads = 12
        await race(threads: threads) { _ in
            let number = ThreadNumber.current
            numbers.withLock { $0.append((number, ThreadNumber.current)) }
        }
        let asked = numbers.value
        #expect(asked.count == threads)
        // A thread keeps its number, and no other thread running then has it.
        #expect(asked.allSatisfy { $0.first == $0.again && $0.first >= 1 })
        #expect(Set(asked.map(\.first)).count == threads)
    }

    #if TRANQUIL_INTERNAL_CHECKS
    #if os(macOS) || os(Linux)  // exit tests: not on iOS, tvOS, watchOS or visionOS
    @Test func writingWhileReadingOnOneThreadStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            let count = StripedLocked(0)
            count.withReadLock { _ in count.withLock { $0 += 1 } }
        }
    }

    @Test func readingTwiceOnOneThreadStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            let count = StripedLocked(0)
            _ = count.withReadLock { _ in count.withReadLock { $0 } }
        }
    }
    #endif
    #endif
}

import DILazy
import TestSupport
import Testing

/// `AsyncLazy` values whose closures read each other: each making would await the other's
/// forever, so the read that closes the loop traps, naming the values; reads that form no
/// loop wait as usual.
@Suite struct AsyncLazyLoopTests {
    /// Two values, each closure reading the other once its holder is filled in.
    private static func pair() -> (first: AsyncLazy<Int>, second: AsyncLazy<String>) {
        let firstHolder = LockedValue<AsyncLazy<Int>?>(nil)
        let secondHolder = LockedValue<AsyncLazy<String>?>(nil)
        let first = AsyncLazy { () async -> Int in
            guard let second = secondHolder.withLock({ $0 }) else { return 0 }
            return await second.value.count
        }
        let second = AsyncLazy { () async -> String in
            guard let first = firstHolder.withLock({ $0 }) else { return "" }
            return String(await first.value)
        }
        firstHolder.withLock { $0 = first }
        secondHolder.withLock { $0 = second }
        return (first, second)
    }

    #if os(macOS) || os(Linux)  // exit tests: not on iOS, tvOS, watchOS or visionOS
    @Test func twoValuesReadingEachOtherTrapInsteadOfWaitingForever() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let (first, _) = AsyncLazyLoopTests.pair()
            _ = await first.value
        }
        // The second making runs in its own task and may read the first value before the
        // first making's read of it is recorded: then that earlier read closes the loop.
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        let closedByTheSecondRead =
            "an AsyncLazy<Int> was read inside the making of a value that its own making awaits (AsyncLazy<Int> → AsyncLazy<String> → AsyncLazy<Int>, each closure reading the next)"
        let closedByTheFirstRead =
            "an AsyncLazy<String> was read inside the making of a value that its own making awaits (AsyncLazy<String> → AsyncLazy<Int> → AsyncLazy<String>, each closure reading the next)"
        #expect(text.contains(closedByTheSecondRead) || text.contains(closedByTheFirstRead), "\(text)")
    }

    /// Two tasks start the two makings at once: whichever read closes the loop traps.
    @Test func theLoopIsFoundWhenTwoTasksStartTheMakingsAtOnce() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let (first, second) = AsyncLazyLoopTests.pair()
            async let one = first.value
            async let two = second.value
            _ = await (one, two)
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("inside the making of a value that its own making awaits"), "\(text)")
        #expect(text.contains("the makings would wait for each other forever"), "\(text)")
    }

    /// Three values in a ring: the loop is found through the middle one.
    @Test func aRingOfThreeTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let holders = (0..<3).map { _ in LockedValue<AsyncLazy<Int>?>(nil) }
            let values = (0..<3).map { index in
                AsyncLazy { () async -> Int in
                    guard let next = holders[(index + 1) % 3].withLock({ $0 }) else { return 0 }
                    return await next.value + 1
                }
            }
            for (holder, value) in zip(holders, values) { holder.withLock { $0 = value } }
            _ = await values[1].value
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(
            text.contains(
                "(AsyncLazy<Int> → AsyncLazy<Int> → AsyncLazy<Int> → AsyncLazy<Int>, each closure reading the next)"
            ),
            "\(text)"
        )
    }
    #endif

    /// Many readers of two values where one's making reads the other (no loop), repeated:
    /// every read gets the value, none is taken for a loop.
    @Test(arguments: 0..<20) func readsWithoutALoopWait(round: Int) async {
        let made = LockedValue(0)
        let inner = AsyncLazy { () async -> Int in
            await Task.yield()
            made.withLock { $0 += 1 }
            return 20
        }
        let outer = AsyncLazy { () async -> Int in
            await inner.value + 1
        }
        let sums = await withTaskGroup(of: Int.self) { group in
            for index in 0..<8 {
                group.addTask { index.isMultiple(of: 2) ? await outer.value : await inner.value + 1 }
            }
            return await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(sums == Array(repeating: 21, count: 8))
        #expect(made.value == 1)
    }
}

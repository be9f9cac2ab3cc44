import DILazy
import Foundation
import TestSupport
import Testing

@Suite struct LazyTests {
    @Test func makesOnFirstReadAndKeepsTheValue() {
        let made = Counter()
        let lazy = Lazy { made.increment() }
        #expect(!lazy.wasMade)
        #expect(made.value == 0)
        #expect(lazy.value == 1)
        #expect(lazy.wasMade)
        #expect(lazy.value == 1)
        #expect(*lazy == 1)
        #expect(made.value == 1)
    }

    @Test func clearForgetsTheValue() {
        let made = Counter()
        let lazy = Lazy { made.increment() }
        #expect(*lazy == 1)
        lazy.clear()
        #expect(!lazy.wasMade)
        #expect(*lazy == 2)
        #expect(*lazy == 2)
        #expect(made.value == 2)
    }

    @Test func clearBeforeMakingIsHarmless() {
        let lazy = Lazy { 7 }
        lazy.clear()
        #expect(!lazy.wasMade)
        #expect(*lazy == 7)
    }

    @Test func sixteenThreadsRunTheClosureExactlyOnce() async {
        for _ in 0..<20 {
            let made = Counter()
            let lazy = Lazy { made.increment() }
            let seen = Counter()
            let finished = await race(threads: 16) { _ in
                if lazy.value == 1 { seen.increment() }
            }
            #expect(finished)
            #expect(made.value == 1)
            #expect(seen.value == 16)
        }
    }

    @Test func sixteenThreadsWaitForASlowClosureWithoutDeadlock() async {
        let made = Counter()
        let lazy = Lazy { () -> Int in
            Thread.sleep(forTimeInterval: 0.2)
            return made.increment()
        }
        let seen = Counter()
        let finished = await race(threads: 16) { _ in
            if lazy.value == 1 { seen.increment() }
        }
        #expect(finished)
        #expect(made.value == 1)
        #expect(seen.value == 16)
        #expect(lazy.wasMade)
    }

    @Test func clearWhileOthersReadNeverHandsOutAHalfMadeValue() async {
        let made = Counter()
        let lazy = Lazy { () -> [Int] in
            let n = made.increment()
            return Array(repeating: n, count: 64)
        }
        let finished = await race(threads: 8) { index in
            for _ in 0..<500 {
                if index == 0 { lazy.clear() }
                let value = lazy.value
                #expect(value.count == 64 && Set(value).count == 1)
            }
        }
        #expect(finished)
    }

    /// A `clear()` while a read is making the value: that read still gets its value, but
    /// the value kept is the one made after the clear, even when its making ends first.
    @Test func aClearDuringAMakingKeepsTheValueMadeAfterIt() async {
        let started = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
        let release = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
        let made = Counter()
        let lazy = Lazy { () -> Int in
            let number = made.increment()
            started[number - 1].signal()
            release[number - 1].wait()
            return number
        }
        let reads = LockedValue<[Int]>([])
        let finished = await finishes {
            let done = DispatchSemaphore(value: 0)
            let read: @Sendable () -> Void = {
                let value = lazy.value
                reads.withLock { $0.append(value) }
                done.signal()
            }
            Thread(block: read).start()
            started[0].wait()
            lazy.clear()
            Thread(block: read).start()
            started[1].wait()
            release[1].signal()  // the making after the clear ends first
            done.wait()
            release[0].signal()
            done.wait()
        }
        #expect(finished)
        #expect(reads.value == [2, 1])
        #expect(lazy.value == 2)
        #expect(made.value == 2)
    }

    @Test func lazyOfAClassKeepsOneInstance() {
        final class Box {}
        let lazy = Lazy { Box() }
        #expect(lazy.value === lazy.value)
    }
}

import DILazy
import TestSupport
import Testing

/// Reads an `AsyncLazy` while a job of its own waits to run.
private actor ALReader {
    private var otherJobsRun = 0

    private func otherJob() {
        otherJobsRun += 1
    }

    /// Reads `lazy` with a job of this actor queued: whether that job ran meanwhile, which
    /// only a suspension lets it do.
    func read(_ lazy: AsyncLazy<Int>) async -> (value: Int, suspended: Bool) {
        let before = otherJobsRun
        let queued = Task { self.otherJob() }  // this actor's job: runs once the actor is free
        let value = await lazy.value
        let suspended = otherJobsRun != before
        await queued.value
        return (value, suspended)
    }
}

@Suite struct AsyncLazyTests {
    @Test func aMadeValueIsReadOnTheCallersActorWithoutLettingItGo() async {
        let lazy = AsyncLazy { 42 }
        let reader = ALReader()
        // The first read awaits the task that makes the value: the actor may go meanwhile.
        #expect(await reader.read(lazy).value == 42)
        for _ in 0..<100 {
            let (value, suspended) = await reader.read(lazy)
            #expect(value == 42 && !suspended)
        }
    }

    @Test func sixteenTasksMakeTheValueOnce() async {
        let made = Counter()
        let lazy = AsyncLazy { () async -> Int in
            made.increment()
            await Task.yield()
            return 7
        }
        await withTaskGroup(of: Int.self) { group in
            for _ in 0..<16 { group.addTask { await lazy.value } }
            for await value in group { #expect(value == 7) }
        }
        #expect(made.value == 1)
    }

    /// A `clear()` while a making is under way: the read that started it still gets its
    /// value, but the value kept is the one made after the clear.
    @Test func aClearDuringAMakingKeepsTheValueMadeAfterIt() async {
        let (firstGate, openFirst) = AsyncStream<Void>.makeStream()
        let (secondGate, openSecond) = AsyncStream<Void>.makeStream()
        let made = Counter()
        let lazy = AsyncLazy { () async -> Int in
            let number = made.increment()
            for await _ in number == 1 ? firstGate : secondGate { break }
            return number
        }
        let first = Task { await lazy.value }
        while made.value < 1 { await Task.yield() }
        lazy.clear()
        let second = Task { await lazy.value }
        while made.value < 2 { await Task.yield() }
        openFirst.yield()
        #expect(await first.value == 1)
        openSecond.yield()
        #expect(await second.value == 2)
        #expect(await lazy.value == 2)
        #expect(lazy.wasMade && made.value == 2)
    }

    #if os(macOS) || os(Linux)  // exit tests: not on iOS, tvOS, watchOS or visionOS
    /// A read from inside its own closure would wait for itself: it traps, naming the type,
    /// instead of hanging.
    @Test func aReadInsideItsOwnClosureTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let holder = LockedValue<AsyncLazy<Int>?>(nil)
            let lazy = AsyncLazy { () async -> Int in
                guard let own = holder.withLock({ $0 }) else { return 0 }
                return await own.value + 1
            }
            holder.withLock { $0 = lazy }
            _ = await lazy.value
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("an AsyncLazy<Int> was read inside its own closure"), "\(text)")
    }
    #endif

    /// A read from a task the closure does not await is no loop: it waits for the value.
    @Test func aTaskTheClosureStartsWaitsForTheValue() async {
        let holder = LockedValue<AsyncLazy<Int>?>(nil)
        let started = LockedValue<Task<Int, Never>?>(nil)
        let lazy = AsyncLazy { () async -> Int in
            if let own = holder.withLock({ $0 }) {
                started.withLock { $0 = Task { await own.value + 1 } }
            }
            return 41
        }
        holder.withLock { $0 = lazy }
        #expect(await lazy.value == 41)
        let task = started.withLock { $0 }
        #expect(await task?.value == 42)
        holder.withLock { $0 = nil }
    }
}

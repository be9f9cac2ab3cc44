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
}

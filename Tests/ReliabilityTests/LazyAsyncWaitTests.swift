import DICore
import Foundation
import TestSupport
import Testing

// A `Lazy` read while another thread makes its value, which waits for an instance an async
// resolve is making: a reader that must not block for an async resolve (a task, the main
// actor) is refused, as a synchronous resolve there is, instead of filling the cooperative
// pool the async resolve needs to go on.

/// Holds the async making of `LADependency` until opened, suspended (not blocking a thread).
private final class LAHold: Sendable {
    private let opened = Counter()
    let started = Counter()
    func open() { opened.increment() }
    func wait() async {
        started.increment()
        while opened.value == 0 { try? await Task.sleep(for: .milliseconds(5)) }
    }
}

private final class LADependency: Sendable {
    init(hold: LAHold) async { await hold.wait() }
}

private final class LAService: Sendable {
    let dependency: LADependency
    init(dependency: LADependency) { self.dependency = dependency }
}

@Suite(.serialized) struct LazyAsyncWaitTests {
    static let cores = max(2, ProcessInfo.processInfo.activeProcessorCount)

    @Test(arguments: 0..<3)
    func tasksReadingALazyWhoseMakerWaitsForAnAsyncResolveAreRefused(round: Int) async throws {
        let hold = LAHold()
        let container = DIContainer()
        container.register { hold }
        container.register(LADependency.init)
        container.register(LAService.init).lifetime(.perContainer(.single))
        let asyncMaker = Task.detached { () async -> LAService in await container.resolve() }
        while hold.started.value == 0 { try await Task.sleep(for: .milliseconds(1)) }
        let lazy: Lazy<LAService> = try container.tryResolve(sync: ())

        // A plain thread makes the lazy's value: it may wait for the async resolve.
        let plainRead = LockedValue<Result<LAService, DIError>?>(nil)
        Thread { plainRead.value = Result { () throws(DIError) in try lazy.tryValue() } }.start()
        try await Task.sleep(for: .milliseconds(200))

        let watchdog = Watchdog("tasks reading a Lazy whose maker waits for an async resolve")
        defer { watchdog.disarm() }
        // The hold opens from a plain thread: a starved pool could not run a task that opens it.
        Thread {
            usleep(300_000)
            hold.open()
        }.start()
        let outcomes = await withTaskGroup(of: Result<LAService, DIError>.self) { group in
            for _ in 0..<(2 * Self.cores) {
                group.addTask { Result { () throws(DIError) in try lazy.tryValue() } }
            }
            var outcomes: [Result<LAService, DIError>] = []
            for await outcome in group {
                outcomes.append(outcome)
                watchdog.beat()
            }
            return outcomes
        }
        let service = await asyncMaker.value
        while plainRead.value == nil { try await Task.sleep(for: .milliseconds(5)) }
        #expect(try plainRead.value?.get() === service)
        for outcome in outcomes {
            switch outcome {
            case .success(let got): #expect(got === service)
            case .failure(let error): #expect(error.kind == .requiresAsync, "\(error)")
            }
        }
        // The value was made once, by the plain thread's read: later reads get it.
        #expect(try lazy.tryValue() === service)
    }
}

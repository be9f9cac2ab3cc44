import DICore
import DIParts
import Foundation
import TestSupport
import Testing

// An append whose load, on another thread, waits for the appending thread: here the load
// resolves the instance whose factory appends. One of the two must give up waiting, or
// both would wait forever; neither may do so silently.

private final class LWThing: Sendable {}

/// One round's container, its events, and the signals that order the two threads.
private final class LWRound: Sendable {
    let container = DIContainer()
    let log = EventLog()
    let making = DispatchSemaphore(value: 0)
    let loading = DispatchSemaphore(value: 0)
    /// Whether the factory found what the framework registers right after its append.
    let foundAfterAppend = LockedValue<Bool?>(nil)
    /// How the load's resolve of that instance ended.
    let loadResolved = LockedValue<Bool?>(nil)

    init() { container.addObserver(log) }
}

private let lwCurrent = LockedValue<LWRound?>(nil)

/// Made on one thread; appends the framework that another thread is loading.
private final class LWAppending: Sendable {
    init(container: DIContainer) {
        // swift-format-ignore: NeverForceUnwrap
        let round = lwCurrent.value!
        round.making.signal()
        _ = round.loading.wait(timeout: .now() + 10)
        // Most often the load is waiting for this instance by now: the append then waits second.
        usleep(50_000)
        container.append(framework: LWFramework.self)
        let thing: LWThing? = container.resolve()
        round.foundAfterAppend.value = thing != nil
    }
}

/// Resolves the instance being made on the other thread, then registers.
private final class LWFramework: DIFramework {
    static func load(container: DIContainer) {
        // swift-format-ignore: NeverForceUnwrap
        let round = lwCurrent.value!
        _ = round.making.wait(timeout: .now() + 10)
        round.loading.signal()
        let appending: LWAppending? = try? container.tryResolve()
        round.loadResolved.value = appending != nil
        container.register(LWThing.init)
    }
}

@Suite struct LoadWaitLoopTests {
    /// Either the append waits for the whole load (the load's resolve failing with a cycle),
    /// or it returns before the load ends, with a warning that says so.
    @Test func anAppendThatCannotWaitForItsLoadSaysSo() async {
        let finished = await race(rounds: 5, threads: 2) { _ in
            let round = LWRound()
            round.container.register(LWAppending.init).lifetime(.perContainer(.single))
            lwCurrent.value = round
            return round
        } _: { round, index in
            if index == 0 {
                let _: LWAppending? = try? round.container.tryResolve()
            } else {
                round.container.append(framework: LWFramework.self)
            }
        } check: { round in
            let warnings = round.log.diagnostics.filter { $0.kind == .cycle && $0.severity == .warning }
            let loaded: LWThing? = round.container.resolve()
            #expect(loaded != nil, "the load finished")
            switch round.foundAfterAppend.value {
            case true:
                #expect(round.loadResolved.value == false, "the load's resolve gave up waiting")
                #expect(warnings.isEmpty)
            case false:
                #expect(
                    warnings.map(\.message).contains {
                        $0.hasPrefix("append(framework: LWFramework.self) returned before LWFramework was loaded")
                    },
                    "\(round.log.diagnostics)"
                )
            case nil:
                Issue.record("the factory never ran")
            }
            return true
        }
        #expect(finished)
    }
}

import DICore
import Dispatch
import TestSupport
import Testing

// Resolves made from inside factories, on many threads at once: each joins the resolve in
// progress on its own thread (never another thread's), shares its object graph, and a loop
// it closes stops as `.cycle`. (`Ping` and `Pong` are NoDeadlockTests'.)

private final class Scope: Sendable {}

private final class Screen: Sendable {
    let scope: Scope
    let again: Scope
    let ping: Ping
    init(scope: Scope, again: Scope, ping: Ping) {
        self.scope = scope
        self.again = again
        self.ping = ping
    }
}

@Suite struct ReentrantResolveStressTests {
    #if os(macOS) || os(Linux)  // exit tests: not on iOS, tvOS, watchOS or visionOS
    /// The reproduction of issue 18: `register(A.init)` and a `B` whose factory resolves `A`
    /// through its container parameter with a plain `resolve()`. The nested resolve cannot
    /// throw, so it traps — with the `.cycle` error naming the whole chain, not by
    /// overflowing the stack.
    @Test func aPlainResolveClosingALoopInsideAFactoryTrapsWithTheCycle() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class Front {
                init(back: Back) {}
            }
            final class Back {
                init(front: Front) {}
            }
            let container = DIContainer()
            container.register(Front.init)
            container.register { (container: DIContainer) -> Back in Back(front: container.resolve()) }
            _ = try? container.tryResolve() as Front
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        let loop = ["Front", "Back", "Front"].map { "ReentrantResolveStressTests.\($0)" }.joined(separator: " → ")
        #expect(message.contains(loop))
        #expect(message.contains("cycle"))
    }
    #endif

    static let resolvesPerThread = 2_000

    @Test func nestedResolvesOnManyThreadsJoinTheirOwnThreadsResolve() async {
        let container = DIContainer()
        let cycles = Counter()
        let otherErrors = Counter()
        // Each records the loop it closed, and answers nil there.
        container.register { [unowned container] () -> Ping in
            do throws(DIError) {
                return Ping(pong: try container.tryResolve())
            } catch {
                if error.kind == .cycle { cycles.increment() } else { otherErrors.increment() }
                return Ping(pong: nil)
            }
        }
        container.register { [unowned container] in Pong(ping: try? container.tryResolve()) }
        container.register(Scope.init).lifetime(.objectGraph)
        container.register { (scope: Scope, container: DIContainer) in
            Screen(scope: scope, again: container.resolve(), ping: container.resolve())
        }
        let wrong = Counter()
        let screens = Collected<Screen>()
        let finished = await race(threads: 16, noProgressFor: .seconds(60)) { index in
            for round in 0..<Self.resolvesPerThread {
                heartbeat()
                let screen: Screen = container.resolve()
                // The Ping made inside the Screen's factory went Ping → Pong → (Ping: a loop).
                let shape = screen.ping.pong != nil && screen.ping.pong?.ping == nil
                if screen.scope !== screen.again || !shape { wrong.increment() }
                if round.isMultiple(of: 400) { screens.append(screen) }
            }
        }
        #expect(finished)
        #expect(wrong.value == 0, "\(wrong.value) resolves did not join their own thread's resolve")
        #expect(otherErrors.value == 0)
        // Only the Pong → Ping step closed a loop (it answered nil through `try?`).
        #expect(cycles.value == 0)
        let scopes = screens.values.map { ObjectIdentifier($0.scope) }
        #expect(Set(scopes).count == scopes.count, "two top-level resolves shared a graph")
    }

    /// The same nested resolves, some failing inside (`try?`), while an observer is attached
    /// and removed again and again: every observed request is closed, in order, by the
    /// resolve that opened it, whichever resolves the observer saw start.
    @Test func nestedResolvesKeepTheirTracesWholeWhileObserversComeAndGo() async {
        let container = DIContainer()
        container.register { [unowned container] in Ping(pong: try? container.tryResolve() as Pong) }
        container.register { [unowned container] in Pong(ping: try? container.tryResolve() as Ping) }
        container.register(Scope.init).lifetime(.objectGraph)
        container.register { (scope: Scope, container: DIContainer) in
            Screen(scope: scope, again: container.resolve(), ping: container.resolve())
        }
        let spans = SpanStacks()
        let stop = Counter()
        let wrong = Counter()
        let attached = DispatchSemaphore(value: 0)
        let finished = await race(threads: 8, noProgressFor: .seconds(60)) { index in
            guard index > 0 else {
                // Attached before the first resolve, and each time until a request it saw has
                // ended: every swap lands among resolves, however fast they are. No heartbeat
                // here: a hang of the resolving threads must stall the race.
                container.addObserver(spans)
                for _ in 1..<8 { attached.signal() }
                while stop.value < 7 {
                    let seen = spans.closed.value
                    while spans.closed.value == seen, stop.value < 7 {}
                    container.removeObserver(spans)
                    container.addObserver(spans)
                }
                container.removeObserver(spans)
                return
            }
            attached.wait()
            for _ in 0..<Self.resolvesPerThread / 4 {
                heartbeat()
                let screen: Screen = container.resolve()
                if screen.scope !== screen.again || screen.ping.pong == nil { wrong.increment() }
            }
            stop.increment()
        }
        #expect(finished)
        #expect(wrong.value == 0)
        #expect(spans.misordered.value == 0, "a request was closed by a resolve that did not open it")
        #expect(spans.openTraces == 0, "an observed resolve left requests open")
        #expect(spans.closed.value > 0, "no resolve was observed")
    }
}

/// Checks that each trace's requests close in the reverse order they opened.
private final class SpanStacks: DIObserver, Sendable {
    let misordered = Counter()
    let closed = Counter()
    private let stacks = LockedValue<[UInt64: [UInt64]]>([:])

    var openTraces: Int { stacks.withLock { $0.count } }

    func receive(_ event: DIEvent) {
        switch event.kind {
        case .resolveStarted:
            stacks.withLock { $0[event.traceID, default: []].append(event.spanID) }
        case .resolveFinished:
            let inOrder = stacks.withLock { stacks -> Bool in
                guard stacks[event.traceID]?.last == event.spanID else { return false }
                stacks[event.traceID]?.removeLast()
                if stacks[event.traceID]?.isEmpty == true { stacks[event.traceID] = nil }
                return true
            }
            if inOrder { closed.increment() } else { misordered.increment() }
        default:
            break
        }
    }
}

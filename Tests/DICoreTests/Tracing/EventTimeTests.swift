import DICore
import Testing

// The times of a resolve's events (see `EventClock`): read from the clock
// `ContinuousClock` reads, so they fall where a user's own readings put the resolve, in
// order, and a request's duration is the time between its two events.

private final class ETLeaf: Sendable {}
private final class ETRoot: Sendable {
    let first: ETLeaf
    let second: ETLeaf
    init(first: ETLeaf, second: ETLeaf) {
        self.first = first
        self.second = second
    }
}

@Suite("Event times")
struct EventTimeTests {
    @Test("a resolve's events are stamped in order, between the caller's clock readings")
    func eventsFallWithinTheResolve() {
        let log = EventLog()
        let container = rootContainer(leaves: .prototype, observers: [log])
        // Twice: the second resolve runs the compiled plan.
        for _ in 0..<2 {
            log.reset()
            let before = ContinuousClock.now
            let _: ETRoot = container.resolve()
            let after = ContinuousClock.now
            let times = log.all.filter { $0.traceID != 0 }.map(\.time)
            #expect(times.count >= 6)
            // A converted time is off by well under a microsecond; a millisecond is the slack.
            let slack = Duration.milliseconds(1)
            for time in times {
                #expect(time >= before - slack)
                #expect(time <= after + slack)
            }
            #expect(times == times.sorted())
        }
    }

    @Test("a finished request's duration is the time from its start to its end")
    func durationIsTheTimeBetweenTheEvents() throws {
        let log = EventLog()
        let container = rootContainer(leaves: .prototype, observers: [log])
        let _: ETRoot = container.resolve()
        let started = timeBySpan(log.all) { $0.kind == .resolveStarted }
        let finished = log.all.filter { $0.kind == .resolveFinished }
        #expect(finished.count == 3)
        for event in finished {
            let start = try #require(started[event.spanID])
            #expect(event.duration == event.time - start)
        }
    }

    @Test("a request ends when its instance is made or found: its end has that event's time")
    func aRequestEndsWithItsInstance() throws {
        let log = EventLog()
        // An observer slow to take each instance event: its time is not the request's.
        let container = rootContainer(leaves: .objectGraph, observers: [SlowOnInstances(), log])
        // Twice: the second resolve runs the compiled plan.
        for _ in 0..<2 {
            log.reset()
            let _: ETRoot = container.resolve()
            let instances = timeBySpan(log.all) { $0.kind == .made || $0.kind == .reused }
            let finished = log.all.filter { $0.kind == .resolveFinished }
            // The root, its first leaf (made) and its second (the graph's, reused).
            #expect(finished.count == 3)
            for event in finished {
                #expect(event.time == (try #require(instances[event.spanID])))
            }
        }
    }

    @Test("an event made with a time keeps that time")
    func anEventKeepsTheTimeItWasMadeWith() {
        let time = ContinuousClock.now - .seconds(3)
        #expect(DIEvent(kind: .resolveStarted, time: time).time == time)
        let later = ContinuousClock.now + .milliseconds(250)
        #expect(DIEvent(kind: .resolveStarted, time: later).time == later)
    }
}

/// A container of `ETRoot` over `ETLeaf`s of `lifetime`, which `observers` observe.
private func rootContainer(leaves lifetime: DILifeTime, observers: [any DIObserver]) -> DIContainer {
    let container = DIContainer()
    container.register(ETLeaf.init).lifetime(lifetime)
    container.register(ETRoot.init)
    for observer in observers { container.addObserver(observer) }
    return container
}

/// The time of the first of `events` that `matches`, by span.
private func timeBySpan(
    _ events: [DIEvent],
    where matches: (DIEvent) -> Bool
) -> [UInt64: ContinuousClock.Instant] {
    Dictionary(events.filter(matches).map { ($0.spanID, $0.time) }, uniquingKeysWith: { first, _ in first })
}

/// Takes a millisecond over each instance event.
private final class SlowOnInstances: DIObserver, Sendable {
    func receive(_ event: DIEvent) {
        guard event.kind == .made || event.kind == .reused else { return }
        let until = ContinuousClock.now + .milliseconds(1)
        while ContinuousClock.now < until {}
    }
}

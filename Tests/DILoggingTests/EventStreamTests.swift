import DICore
import DILogging
import DIRuntime
import Testing

/// Keeps every event, to check the stream the loggers are built on.
private final class EventLog: DIObserver {
    private let storage = Locked<[DIEvent]>([])
    var events: [DIEvent] { storage.withLock { $0 } }
    func receive(_ event: DIEvent) { storage.withLock { $0.append(event) } }
}

enum MainTag {}

final class Greeter {
    let greeting: String
    init(database: Database, greeting: String) { self.greeting = greeting }
}

@Suite struct EventStreamTests {
    @Test func resolveEventsCarryRequestArgumentsDepthAndSpans() throws {
        let container = DIContainer()
        let log = EventLog()
        container.addObserver(log)
        container.register(Database.init).as(Database.self, tag: MainTag.self).lifetime(.perContainer(.strong))
        container.register { Greeter(database: by(tag: MainTag.self, on: $0), greeting: arg($1)) }

        let greeter: Greeter = container.resolve(args: "hi")

        #expect(greeter.greeting == "hi")
        let events = log.events
        #expect(events.filter { $0.kind == .registered }.count == 2)
        let started = events.filter { $0.kind == .resolveStarted }
        #expect(started.map(\.request) == ["Greeter", "Database (tag: MainTag)"])
        #expect(started.map(\.argumentTypes) == [["String"], []])
        #expect(started.map(\.depth) == [0, 1])
        #expect(started[0].parentSpanID == nil)
        #expect(started[1].parentSpanID == started[0].spanID)
        #expect(Set(started.map(\.traceID)).count == 1)
        let finished = events.filter { $0.kind == .resolveFinished }
        #expect(finished.map(\.spanID) == [started[1].spanID, started[0].spanID])
        #expect(finished.allSatisfy { $0.duration != nil && $0.outcome == .made })
        // Each event of a request names it as its start did, with its tag, and the finished
        // one the component that answered.
        #expect(finished.map(\.request) == ["Database (tag: MainTag)", "Greeter"])
        #expect(finished.map(\.component?.typeName) == ["Database", "Greeter"])
        #expect(events.filter { $0.kind == .made }.map(\.request) == ["Database (tag: MainTag)", "Greeter"])
        #expect(events.filter { $0.kind == .made }.map(\.component?.typeName) == ["Database", "Greeter"])
    }

    /// DITranquillity logs a registration when its statement ends; so does Tranquil, with the
    /// modifiers of that statement applied, before anything else touches the container.
    @Test func aRegistrationIsAnnouncedWhenItsStatementEnds() throws {
        let container = DIContainer()
        let log = EventLog()
        container.addObserver(log)
        container.register(Database.init).as(Database.self, tag: MainTag.self).lifetime(.perContainer(.strong))
        let first = try #require(log.events.last { $0.kind == .registered }?.component)
        #expect(first.typeName == "Database")
        #expect(first.lifetime == .perContainer(.strong))
        #expect(log.events.filter { $0.kind == .registered }.count == 1)

        let builder = container.register { Greeter(database: $0, greeting: arg($1)) }
        #expect(log.events.filter { $0.kind == .registered }.count == 1)  // a modifier may still follow
        builder.lifetime(.objectGraph)
        _ = consume builder
        let second = try #require(log.events.last { $0.kind == .registered }?.component)
        #expect(second.typeName == "Greeter" && second.lifetime == .objectGraph)
        #expect(log.events.filter { $0.kind == .registered }.count == 2)
    }

    @Test func failedAndCleanedEventsSayWhatAndWhere() throws {
        let container = makeFeedContainer()
        let log = EventLog()
        container.addObserver(log)
        #expect(throws: DIError.self) { let _: Broken = try container.tryResolve() }
        let _: FeedService = container.resolve()
        container.clean()

        let failedRoot = try #require(log.events.last { $0.kind == .resolveFinished && $0.request == "Broken" })
        #expect(failedRoot.outcome == .failed)
        #expect(failedRoot.error?.kind == .notRegistered)
        #expect(failedRoot.component?.typeName == "Broken")
        let cleaned = try #require(log.events.last { $0.kind == .cleaned })
        #expect(cleaned.scope == "perContainer")
        #expect(cleaned.count == 2)
    }
}

extension EventStreamTests {
    /// Attaching an observer twice attaches it once: each event arrives once, and one
    /// removal detaches it.
    @Test func anObserverAttachedTwiceGetsEachEventOnce() {
        let container = DIContainer()
        container.register(Database.init)
        let log = EventLog()
        container.addObserver(log)
        container.addObserver(log)

        let _: Database = container.resolve()
        #expect(log.events.map(\.kind) == [.resolveStarted, .made, .resolveFinished])

        container.removeObserver(log)
        let _: Database = container.resolve()
        #expect(log.events.count == 3)
    }
}

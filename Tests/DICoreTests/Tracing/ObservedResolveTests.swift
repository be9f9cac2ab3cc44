import DICore
import DILazy
import Foundation
import Testing

// One resolve path (issue 27): an observer changes what is reported, never which components
// are chosen or in which order they are made. The same wiring is resolved with and without
// an observer, and the two runs must make the same instances in the same order and share
// the same ones.

private final class MadeLog: @unchecked Sendable {
    // @unchecked Sendable: `names` is only touched under `lock`.
    private let lock = NSLock()
    private var names: [String] = []
    func add(_ name: String) { lock.withLock { names.append(name) } }
    var all: [String] { lock.withLock { names } }
}

private protocol ORStore: AnyObject, Sendable {}
private final class ORDisk: ORStore {}
private final class ORMemory: ORStore {}
private final class ORFast: ORStore {}
private final class ORClock: Sendable {}
private final class ORSession: Sendable {}
private final class ORAbsent: Sendable {}
private final class ORUnregistered: Sendable {}
private final class ORBroken: Sendable {
    init(missing: ORUnregistered) {}
}

private final class ORCache: Sendable {
    let session: ORSession
    let clock: ORClock
    init(session: ORSession, clock: ORClock) {
        self.session = session
        self.clock = clock
    }
}

private final class ORService: Sendable {
    let store: any ORStore
    let fast: any ORStore
    let cache: ORCache
    let session: ORSession
    let absent: ORAbsent?
    let clock: Lazy<ORClock>
    init(
        store: any ORStore,
        fast: any ORStore,
        cache: ORCache,
        session: ORSession,
        absent: ORAbsent?,
        clock: Lazy<ORClock>
    ) {
        self.store = store
        self.fast = fast
        self.cache = cache
        self.session = session
        self.absent = absent
        self.clock = clock
    }
}

private final class ORRoot: @unchecked Sendable {
    // @unchecked Sendable: `back` is set once, by the resolve, before the root is handed out.
    // Weak: it points back at the root itself.
    let service: ORService
    let session: ORSession
    weak var back: ORRoot?
    init(service: ORService, session: ORSession) {
        self.service = service
        self.session = session
    }
}

@Suite struct ObservedResolveTests {
    /// Registers the wiring; every factory logs what it makes.
    private func wiring(_ log: MadeLog, testOverride: Bool) -> DIContainer {
        let container = DIContainer()
        container.register { () -> ORDisk in
            log.add("Disk")
            return ORDisk()
        }.as((any ORStore).self)
        container.register { () -> ORMemory in
            log.add("Memory")
            return ORMemory()
        }.as((any ORStore).self).default().lifetime(.perContainer(.single))
        container.register { () -> ORFast in
            log.add("Fast")
            return ORFast()
        }.as((any ORStore).self, name: "fast")
        if testOverride {
            container.register { () -> ORDisk in
                log.add("TestDisk")
                return ORDisk()
            }.as((any ORStore).self).test()
        }
        container.register { () -> ORClock in
            log.add("Clock")
            return ORClock()
        }.lifetime(.perContainer(.single))
        container.register { () -> ORSession in
            log.add("Session")
            return ORSession()
        }.lifetime(.objectGraph)
        container.register { (session: ORSession, clock: ORClock) -> ORCache in
            log.add("Cache")
            return ORCache(session: session, clock: clock)
        }.lifetime(.objectGraph)
        container.register(
            {
                (
                    fast: any ORStore,
                    store: any ORStore,
                    cache: ORCache,
                    session: ORSession,
                    absent: ORAbsent?,
                    clock: Lazy<ORClock>
                ) in
                log.add("Service")
                return ORService(store: store, fast: fast, cache: cache, session: session, absent: absent, clock: clock)
            }
        ) { by(name: "fast", on: $0) }
        container.register { (service: ORService, session: ORSession) -> ORRoot in
            log.add("Root")
            return ORRoot(service: service, session: session)
        }.lifetime(.objectGraph).injection(cycle: true) { (root: ORRoot, back: ORRoot) in root.back = back }
        return container
    }

    /// What a user observes of a run: the order instances were made in, and which of the
    /// resolved objects are the same instance.
    private func run(observed: Bool, testOverride: Bool) throws -> (made: [String], shared: [Bool]) {
        let log = MadeLog()
        let container = wiring(log, testOverride: testOverride)
        if observed { container.addObserver(EventLog()) }
        var roots: [ORRoot] = []
        for _ in 0..<3 { roots.append(try container.tryResolve()) }
        let stores: [any ORStore] = try [container.tryResolve(), container.tryResolve()]
        let absent: [ORAbsent?] = [container.resolve(), container.resolve()]
        let clocks: [ORClock] = try [container.tryResolve(), container.tryResolve()]
        _ = roots[0].service.clock.value
        let first = roots[0]
        let shared = [
            first.back === first,
            first.service.session === first.session,
            first.service.cache.session === first.session,
            first.session !== roots[1].session,
            first.service.store === roots[1].service.store,
            first.service.store === stores[0],
            stores[0] === stores[1],
            first.service.fast is ORFast,
            first.service.fast !== roots[1].service.fast,
            first.service.cache.clock === clocks[0],
            clocks[0] === clocks[1],
            first.service.clock.value === clocks[0],
            absent[0] == nil && absent[1] == nil && first.service.absent == nil,
        ]
        return (log.all, shared)
    }

    @Test(arguments: [false, true])
    func anObserverChangesNeitherChoicesNorOrder(testOverride: Bool) throws {
        let plain = try run(observed: false, testOverride: testOverride)
        let observed = try run(observed: true, testOverride: testOverride)
        #expect(observed.made == plain.made)
        #expect(observed.shared == plain.shared)
        #expect(plain.made.first == "Fast")
        #expect(plain.made.contains(testOverride ? "TestDisk" : "Memory"))
    }

    @Test func aRememberedAnswerReportsWhatTheFirstResolveReported() throws {
        let log = MadeLog()
        let container = wiring(log, testOverride: false)
        let events = EventLog()
        container.addObserver(events)
        var traces: [[String]] = []
        for _ in 0..<3 {
            events.reset()
            let _: any ORStore = try container.tryResolve()
            traces.append(events.all.map { "\($0.kind) \($0.request ?? "") \($0.outcome.map { "\($0)" } ?? "")" })
        }
        #expect(traces[0].contains { $0.hasPrefix("diagnostic") })
        #expect(traces[0].contains { $0.hasPrefix("made") })
        #expect(traces[1] == traces[2])
        #expect(traces[1].contains { $0.hasPrefix("diagnostic") })
        #expect(traces[1].contains { $0.hasPrefix("reused") })
        #expect(traces[1].count == traces[0].count)
        #expect(log.all == ["Memory"])
    }

    @Test func aRememberedNilReportsASkippedRequest() {
        let container = DIContainer()
        let events = EventLog()
        container.addObserver(events)
        for _ in 0..<2 {
            let absent: ORAbsent? = container.resolve()
            #expect(absent == nil)
        }
        let finished = events.all.filter { $0.kind == .resolveFinished }
        #expect(finished.count == 2)
        #expect(finished.allSatisfy { $0.outcome == .skipped && $0.request == "ORAbsent" })
        #expect(Set(finished.map(\.traceID)).count == 2)
    }

    /// Observed resolves one after another reuse a pooled context, and with it the state of
    /// the last resolve's tracer: whatever that resolve left — a failure with its requests
    /// still open, a top-level request held for a deferred `cycle:` injection, a choice made
    /// by a rule — the next trace starts afresh.
    @Test func eachObservedResolveStartsAFreshTrace() throws {
        let container = wiring(MadeLog(), testOverride: false)
        container.register(ORBroken.init)
        let events = EventLog()
        container.addObserver(events)
        var traces: Set<UInt64> = []
        for round in 0..<4 {
            for request in ["ORBroken", "ORRoot", "ORStore", "ORRoot", "ORBroken"] {
                events.reset()
                switch request {
                case "ORBroken": #expect(throws: DIError.self) { let _: ORBroken = try container.tryResolve() }
                case "ORRoot": _ = try container.tryResolve() as ORRoot
                default: _ = try container.tryResolve() as any ORStore
                }
                let all = events.all.filter { $0.kind != .diagnostic }
                let label = "round \(round), \(request)"
                #expect(all.first?.kind == .resolveStarted, "\(label)")
                #expect(all.first?.depth == 0, "\(label)")
                #expect(all.first?.parentSpanID == nil, "\(label)")
                #expect(all.last?.kind == .resolveFinished, "\(label)")
                #expect(all.last?.depth == 0, "\(label)")
                #expect(all.last?.spanID == all.first?.spanID, "\(label)")
                // The store is a single instance, which the first root made.
                let outcome: DIEvent.Outcome = request == "ORBroken" ? .failed : request == "ORRoot" ? .made : .reused
                #expect(all.last?.outcome == outcome, "\(label)")
                #expect(Set(all.map(\.traceID)).count == 1, "\(label)")
                let started = all.filter { $0.kind == .resolveStarted }.map(\.spanID)
                let finished = all.filter { $0.kind == .resolveFinished }.map(\.spanID)
                #expect(started.sorted() == finished.sorted(), "\(label): every request ends once")
                traces.insert(all.first?.traceID ?? 0)
            }
        }
        #expect(traces.count == 20)
    }

    @Test func anObserverRemovedAfterResolvesIsLetGoOf() throws {
        weak var gone: EventLog?
        let container = wiring(MadeLog(), testOverride: false)
        do {
            let events = EventLog()
            gone = events
            container.addObserver(events)
            // Enough resolves to reuse the pooled contexts and their tracers, compiled too.
            for _ in 0..<8 {
                _ = try container.tryResolve() as ORRoot
                #expect(throws: DIError.self) { let _: ORBroken = try container.tryResolve() }
            }
            #expect(events.all.contains { $0.kind == .failed && $0.error != nil })
            container.removeObserver(events)
        }
        // A finished resolve's tracer waits for the next one holding no observer.
        #expect(gone == nil)
        _ = try container.tryResolve() as ORRoot
    }

    /// Each event goes to the resolving container's observers in the order they were
    /// attached, then to its ancestors' — a list each resolve takes at its start — through
    /// first resolves, compiled ones and remembered answers, and after one in the middle
    /// is removed.
    @Test func eachEventReachesTheObserversInTheOrderTheyWereAttached() throws {
        let parent = DIContainer()
        parent.register(ORClock.init).lifetime(.perContainer(.single))
        let child = DIContainer(parent: parent)
        child.register(ORSession.init)
        child.register(ORCache.init)
        let order = OrderLog()
        let observers = ["child 1", "child 2", "child 3", "parent"].map { OrderedObserver($0, order) }
        for observer in observers.prefix(3) { child.addObserver(observer) }
        parent.addObserver(observers[3])
        func deliveries() throws -> [[String]] {
            order.reset()
            _ = try child.tryResolve() as ORCache
            return order.all
        }
        // The first resolve, the one that compiles the plan, a compiled one.
        for _ in 0..<3 {
            let seen = try deliveries()
            #expect(seen.count >= 9)
            #expect(seen.allSatisfy { $0 == ["child 1", "child 2", "child 3", "parent"] })
        }
        child.removeObserver(observers[1])
        let seen = try deliveries()
        #expect(seen.count >= 9)
        #expect(seen.allSatisfy { $0 == ["child 1", "child 3", "parent"] })
        child.removeObserver(observers[0])
        child.removeObserver(observers[2])
        parent.removeObserver(observers[3])
        #expect(try deliveries().isEmpty)
    }

    /// Every observer gets every event of a resolve, whatever the ones before it do in
    /// `receive`: here the first resolves from the container (a resolve of its own, on the
    /// same thread, in the middle of the delivery).
    @Test func anObserverResolvingInsideReceiveHidesNoEventFromTheNext() throws {
        let container = wiring(MadeLog(), testOverride: false)
        let resolving = ResolvingInReceive(container)
        let after = EventLog()
        container.addObserver(resolving)
        container.addObserver(after)
        // The first resolve follows the plan, the second compiles it, the third runs it.
        for _ in 0..<3 {
            resolving.log.reset()
            after.reset()
            _ = try container.tryResolve() as ORRoot
            let seen = after.all
            // The outer resolve's trace (the observer's own resolves are traces of their own).
            let outer = try #require(seen.first).traceID
            let first = resolving.log.all.filter { $0.traceID == outer }
            #expect(first.count > 4)
            #expect(seen.filter { $0.traceID == outer }.map(\.spanID) == first.map(\.spanID))
            #expect(seen.filter { $0.traceID == outer }.map(\.kind) == first.map(\.kind))
        }
        #expect(resolving.resolved > 0)
        container.removeObserver(resolving)
        container.removeObserver(after)
    }
}

/// Logs every event and resolves an `ORClock` from its container on each `.made` event (not
/// from inside its own resolves: a per-thread flag).
private final class ResolvingInReceive: DIObserver, @unchecked Sendable {
    // @unchecked Sendable: `count` is only touched under `lock`.
    private let container: DIContainer
    private let lock = NSLock()
    private var count = 0
    let log = EventLog()
    @TaskLocal private static var isReceiving = false

    init(_ container: DIContainer) { self.container = container }

    var resolved: Int { lock.withLock { count } }

    func receive(_ event: DIEvent) {
        log.receive(event)
        guard !Self.isReceiving, event.kind == .made else { return }
        Self.$isReceiving.withValue(true) {
            let _: ORClock = container.resolve()
            lock.withLock { count += 1 }
        }
    }
}

/// Who received each event, in order: one entry per event, listing its observers.
private final class OrderLog: @unchecked Sendable {
    // @unchecked Sendable: `events` is only touched under `lock`.
    private let lock = NSLock()
    private var events: [(event: DIEvent, observers: [String])] = []
    func add(_ name: String, _ event: DIEvent) {
        lock.withLock {
            // The same event (its span and kind, at its time) as the last one: another observer.
            if let last = events.last, last.event.spanID == event.spanID, last.event.kind == event.kind,
                last.event.time == event.time
            {
                events[events.count - 1].observers.append(name)
            } else {
                events.append((event, [name]))
            }
        }
    }
    func reset() { lock.withLock { events = [] } }
    var all: [[String]] { lock.withLock { events.map(\.observers) } }
}

private final class OrderedObserver: DIObserver {
    let name: String
    let log: OrderLog
    init(_ name: String, _ log: OrderLog) {
        self.name = name
        self.log = log
    }
    func receive(_ event: DIEvent) { log.add(name, event) }
}

import DICore
import Testing

// What an event carries besides its request's type and component (see `DIEvent.Details`):
// the request's name, its runtime argument types, a failure, and what an event made by
// hand was given. Each lives in one box per event; these check that every event of a
// request shows what belongs to it, and nothing of another's.

private final class EDEngine: Sendable {}
private final class EDRouter: Sendable {
    let region: String
    let zoom: Int
    init(region: String, zoom: Int, engine: EDEngine) {
        self.region = region
        self.zoom = zoom
    }
}
private final class EDBroken: Sendable {
    init(engine: EDEngine) {}
}

@Suite("Event details")
struct EventDetailsTests {
    @Test("a named request with arguments: each of its events names it, its start lists the arguments")
    func namedRequestWithArguments() throws {
        let log = EventLog()
        let container = DIContainer()
        container.register(EDEngine.init)
        container.register { EDRouter(region: arg($0), zoom: arg($1), engine: $2) }.as(EDRouter.self, name: "main")
        container.addObserver(log)
        // Twice: the second resolve runs the compiled plan.
        for _ in 0..<2 {
            log.reset()
            let router: EDRouter = container.resolve(name: "main", args: "eu", 20)
            #expect(router.region == "eu" && router.zoom == 20)
            let events = log.all
            let root = try #require(events.first { $0.kind == .resolveStarted && $0.depth == 0 })
            #expect(root.request == "EDRouter (name: \"main\")")
            #expect(root.argumentTypes == ["String", "Int"])
            let rootEvents = events.filter { $0.spanID == root.spanID }
            #expect(rootEvents.map(\.kind) == [.resolveStarted, .made, .resolveFinished])
            #expect(rootEvents.allSatisfy { $0.request == root.request })
            #expect(rootEvents.dropFirst().allSatisfy { $0.argumentTypes.isEmpty })
            // The engine's request is its own: no name, no arguments.
            let engine = try #require(events.first { $0.kind == .resolveStarted && $0.depth == 1 })
            #expect(engine.request == "EDEngine")
            #expect(engine.argumentTypes.isEmpty)
        }
    }

    @Test("a failed named request: its failure and its end carry the error and still name it")
    func failedNamedRequest() throws {
        let log = EventLog()
        let container = DIContainer()
        container.register(EDBroken.init).as(EDBroken.self, name: "spare")
        container.addObserver(log)
        #expect(throws: DIError.self) {
            let _: EDBroken = try container.tryResolve(name: "spare")
        }
        let failures = log.all.filter { $0.error != nil }
        // The missing engine's request and the root's, each failed and then finished.
        #expect(failures.map(\.kind) == [.failed, .resolveFinished, .failed, .resolveFinished])
        let root = failures.filter { $0.depth == 0 }
        #expect(root.count == 2)
        #expect(root.allSatisfy { $0.request == "EDBroken (name: \"spare\")" })
        #expect(root.allSatisfy { $0.error?.kind == .notRegistered })
        #expect(failures.filter { $0.depth == 1 }.allSatisfy { $0.request == "EDEngine" })
    }

    @Test("an event made by hand keeps the time, duration and descriptions it was given")
    func anEventMadeByHandKeepsWhatItWasGiven() {
        // Finer than the nanoseconds a resolve's events are stamped with.
        let time = ContinuousClock.now + Duration(secondsComponent: 0, attosecondsComponent: 5_000_000_007)
        let duration = Duration(secondsComponent: 0, attosecondsComponent: 1_500_000_000_003)
        let event = DIEvent(
            kind: .resolveFinished,
            time: time,
            request: "Cat (name: \"tom\")",
            argumentTypes: ["Int"],
            outcome: .made,
            storage: "perContainer",
            duration: duration,
            scope: "session"
        )
        #expect(event.time == time)
        #expect(event.duration == duration)
        #expect(event.request == "Cat (name: \"tom\")")
        #expect(event.argumentTypes == ["Int"])
        #expect(event.storage == "perContainer")
        #expect(event.scope == "session")
        #expect(event.error == nil && event.diagnostic == nil)
    }

    @Test("a rule's pick reads the same on every resolve, remembered or not")
    func aPickReadsTheSameEachTime() {
        let container = DIContainer()
        container.register { EDPlainAnimal() }.as((any EDAnimal).self)
        container.register { EDDefaultAnimal() }.as((any EDAnimal).self).default()
        let events = EventLog()
        container.addObserver(events)
        for _ in 0..<3 { let _: any EDAnimal = container.resolve() }
        let notes = events.all.compactMap(\.diagnostic).filter { $0.kind == .resolvedByPriority }.map(\.message)
        #expect(notes.count == 3)
        #expect(Set(notes).count == 1)
        #expect(notes.first?.hasPrefix("EDAnimal: 2 components match; .default() picked ") == true)
    }
}

private protocol EDAnimal: Sendable {}
private final class EDPlainAnimal: EDAnimal {}
private final class EDDefaultAnimal: EDAnimal {}

/// An observer attached to a container and to its parent hears each event once.
@Suite struct SharedObserverTests {
    @Test func anObserverOnAChildAndItsParentHearsEachEventOnce() {
        final class Leaf: Sendable {}
        let parent = DIContainer()
        let child = DIContainer(parent: parent)
        let events = EventLog()
        parent.addObserver(events)
        child.addObserver(events)
        child.register(Leaf.init).lifetime(.perContainer(.strong))
        let _: Leaf = child.resolve()
        child.clean()
        let kinds = events.all.map(\.kind)
        #expect(kinds.filter { $0 == .registered }.count == 1)
        #expect(kinds.filter { $0 == .resolveStarted }.count == 1)
        #expect(kinds.filter { $0 == .resolveFinished }.count == 1)
        #expect(kinds.filter { $0 == .cleaned }.count == 1)
        // Removed from the child, it still hears the child's events through the parent.
        child.removeObserver(events)
        events.reset()
        let _: Leaf = child.resolve()
        #expect(events.all.filter { $0.kind == .resolveStarted }.count == 1)
    }
}

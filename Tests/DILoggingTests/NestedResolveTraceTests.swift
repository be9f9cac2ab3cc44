import DICore
import DILogging
import DIRuntime
import Testing

// A resolve a factory makes from its own container is a part of the resolve that runs the
// factory: its events are under the factory's request, in the same trace, whether it
// makes something or finds an answer remembered from an earlier resolve (the `nil` of an
// optional nothing answers, a kept instance).

/// Keeps every event.
private final class NestedEventLog: DIObserver {
    private let storage = Locked<[DIEvent]>([])
    var events: [DIEvent] { storage.withLock { $0 } }
    func receive(_ event: DIEvent) { storage.withLock { $0.append(event) } }
}

private final class NRAbsent {}
private final class NRStore: Sendable {}
private final class NRScreen {
    let absent: NRAbsent?
    let store: NRStore
    init(absent: NRAbsent?, store: NRStore) {
        self.absent = absent
        self.store = store
    }
}

@Suite struct NestedResolveTraceTests {
    private func container(awaited: Bool) -> (DIContainer, NestedEventLog) {
        let container = DIContainer()
        let log = NestedEventLog()
        container.addObserver(log)
        container.register(NRStore.init).lifetime(.perContainer(.single))
        if awaited {
            container.register { (container: DIContainer) async in
                let absent: NRAbsent? = await container.resolve()
                let store: NRStore = await container.resolve()
                return NRScreen(absent: absent, store: store)
            }
        } else {
            container.register { (container: DIContainer) in
                NRScreen(absent: container.resolve(), store: container.resolve())
            }
        }
        return (container, log)
    }

    /// The requests a resolve started, from `events`: each one's request, depth, and
    /// whether it is in the first one's trace, under its span.
    private func checkNested(_ events: ArraySlice<DIEvent>) {
        let started = events.filter { $0.kind == .resolveStarted }
        #expect(started.map(\.request) == ["NRScreen", "NRAbsent", "NRStore"])
        guard started.count == 3 else { return }
        for nested in started.dropFirst() {
            #expect(nested.parentSpanID == started[0].spanID, "\(nested)")
            #expect(nested.traceID == started[0].traceID, "\(nested)")
            #expect(nested.depth == 1, "\(nested)")
        }
        let reused = events.filter { $0.kind == .reused }
        #expect(reused.map(\.component?.typeName) == ["NRStore"])
        #expect(reused.first?.traceID == started[0].traceID)
    }

    @Test(arguments: [false, true])
    func aRememberedAnswerFoundInAFactoryIsPartOfItsTrace(rememberedBefore: Bool) {
        let (container, log) = container(awaited: false)
        if rememberedBefore {
            let _: NRAbsent? = container.resolve()
            let _: NRStore = container.resolve()
        } else {
            let _: NRStore = container.resolve()
        }
        let before = log.events.count
        let screen: NRScreen = container.resolve()
        #expect(screen.absent == nil)
        checkNested(log.events.dropFirst(before))
    }

    @Test(arguments: [false, true])
    func anAwaitedOneIsToo(rememberedBefore: Bool) async {
        let (container, log) = container(awaited: true)
        if rememberedBefore {
            let _: NRAbsent? = await container.resolve()
            let _: NRStore = await container.resolve()
        } else {
            let _: NRStore = await container.resolve()
        }
        let before = log.events.count
        let screen: NRScreen = await container.resolve()
        #expect(screen.absent == nil)
        checkNested(log.events.dropFirst(before))
    }
}

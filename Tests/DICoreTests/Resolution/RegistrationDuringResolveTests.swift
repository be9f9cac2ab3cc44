import DICore
import Testing

// A registration made while a resolve is choosing: whatever it chose, a `Lazy`/`Provider`
// it handed out sees the registration at its first `.value`, as one handed out before would.

private protocol RDStore: AnyObject {}
private final class RDDisk: RDStore {}
private final class RDMemory: RDStore {}
private final class RDStub: RDStore {}

private final class RDScreen {
    let store: Lazy<any RDStore>
    init(store: Lazy<any RDStore>) { self.store = store }
}

/// Registers `RDStub` as the `.test()` store when the resolve notes which store it chose:
/// after the choice, before the resolve ends.
private final class OverridesOnChoice: DIObserver, @unchecked Sendable {
    // @unchecked Sendable: the test resolves on its own thread, once.
    weak var container: DIContainer?
    private var done = false

    func receive(_ event: DIEvent) {
        guard !done, event.diagnostic?.kind == .resolvedByPriority, let container else { return }
        done = true
        container.register(RDStub.init).as((any RDStore).self).test()
    }
}

@Suite struct RegistrationDuringResolveTests {
    @Test func aLazyChosenBeforeARegistrationChoosesAgain() {
        let container = DIContainer()
        container.register(RDDisk.init).as((any RDStore).self)
        container.register(RDMemory.init).as((any RDStore).self).default()
        container.register(RDScreen.init)
        let observer = OverridesOnChoice()
        observer.container = container
        container.addObserver(observer)
        let screen: RDScreen = container.resolve()
        #expect(screen.store.value is RDStub)
        let fresh: any RDStore = container.resolve()
        #expect(fresh is RDStub)
    }
}

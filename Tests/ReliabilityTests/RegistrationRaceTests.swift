import DICore
import Foundation
import TestSupport
import Testing

private protocol RRStore: AnyObject, Sendable {}
private final class RRDisk: RRStore {}
private final class RRStub: RRStore {}

private final class RRScreen: Sendable {
    let store: Provider<any RRStore>
    init(store: Provider<any RRStore>) { self.store = store }
}

/// One round: a child container whose registration races resolves that hand out providers.
private final class RRRound: Sendable {
    let app = DIContainer()
    let feature: DIContainer
    let registered = Counter()
    let screens = LockedValue<[RRScreen]>([])
    let providers = LockedValue<[Provider<any RRStore>]>([])

    init() {
        app.register(RRDisk.init).as((any RRStore).self)
        app.register(RRScreen.init)
        feature = DIContainer(parent: app)
    }
}

/// A registration made while other threads resolve is seen by everything handed out before
/// it returned: a `Provider` chooses again at its next `.value`, whenever its choice was
/// made, and a remembered answer is retired.
@Suite struct RegistrationRaceTests {
    @Test func providersHandedOutDuringARegistrationSeeIt() async {
        let stale = LockedValue<[String]>([])
        await race(rounds: 300, threads: 2, prepare: { _ in RRRound() }) { round, index in
            if index == 0 {
                // Until a few resolves after the registration returned.
                var after = 0
                while after < 3 {
                    if round.registered.value > 0 { after += 1 }
                    let screen: RRScreen = round.feature.resolve()
                    let provider: Provider<any RRStore> = round.feature.resolve()
                    round.screens.withLock { $0.append(screen) }
                    round.providers.withLock { $0.append(provider) }
                }
            } else {
                usleep(UInt32.random(in: 0...60))
                round.feature.register(RRStub.init).as((any RRStore).self)
                round.registered.increment()
            }
        } check: { round in
            let screens = round.screens.value.filter { !($0.store.value is RRStub) }.count
            let providers = round.providers.value.filter { !($0.value is RRStub) }.count
            let answer: any RRStore = round.feature.resolve()
            if screens + providers > 0 || !(answer is RRStub) {
                stale.withLock { $0.append("\(screens) screens, \(providers) providers; answer \(type(of: answer))") }
            }
            return true
        }
        #expect(stale.value.isEmpty, "\(stale.value.prefix(3))")
    }
}

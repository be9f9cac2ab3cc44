import DICore
import Foundation
import TestSupport
import Testing

// The app overrides a registration, then cleans, so that the next kept instance uses the
// override (the logout of the README). A resolve that began before the override, and
// reaches the emptied cell only after both returned, makes that instance with its older
// choices: it is the resolve's own, and the next resolve makes the cell's.

private protocol OTCClient: AnyObject, Sendable {
    var isStub: Bool { get }
}

private final class OTCReal: OTCClient {
    var isStub: Bool { false }
}

private final class OTCStub: OTCClient {
    var isStub: Bool { true }
}

private final class OTCService: Sendable {
    let client: any OTCClient
    init(client: any OTCClient, made: Counter, hold: FactoryHold? = nil) {
        self.client = client
        made.increment()
        hold?.pass()
    }
}

/// Made before the service in `OTCPair`: where the older resolve stops.
private final class OTCHeld: Sendable {
    init(hold: FactoryHold) { hold.pass() }
}

/// Suspends the async factory that calls ``pass()`` until ``open()``: an awaited resolve
/// stopped without blocking a thread.
private final class OTCAsyncHold: Sendable {
    private struct State {
        var entered = false
        var opened = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = LockedValue(State())

    var entered: Bool { state.withLock { $0.entered } }

    func pass() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let goOn = state.withLock { state -> Bool in
                state.entered = true
                if state.opened { return true }
                state.waiter = continuation
                return false
            }
            if goOn { continuation.resume() }
        }
    }

    func open() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.opened = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }
}

private final class OTCPair: Sendable {
    let service: OTCService
    init(held: OTCHeld, service: OTCService) { self.service = service }
}

private final class OTCValue: Sendable {
    let generation: Int
    init(generation: Int) { self.generation = generation }
}

private final class OTCMiddle: Sendable {
    let value: OTCValue
    init(value: OTCValue) { self.value = value }
}

private final class OTCTop: Sendable {
    let value: OTCValue
    let middle: OTCMiddle
    init(value: OTCValue, middle: OTCMiddle) { (self.value, self.middle) = (value, middle) }
}

@Suite struct OverrideThenCleanTests {
    /// Resolves an `OTCPair` on another thread, stopped in `OTCHeld` (before it reaches the
    /// kept service) while the test registers a stub client (`overriding`) and cleans;
    /// returns the container, the pair, and how many services were made.
    private static func pairAcross(
        _ clean: CleanKind,
        overriding: Bool
    ) async -> (container: DIContainer, pair: OTCPair?, made: Counter) {
        let hold = FactoryHold()
        let made = Counter()
        let scope = DIScope(name: "session")
        let lifetime = clean.lifetime(in: scope)
        let container = DIContainer()
        container.register { OTCReal() }.as((any OTCClient).self)
        container.register { (client: any OTCClient) in OTCService(client: client, made: made) }.lifetime(lifetime)
        container.register { OTCHeld(hold: hold) }
        container.register(OTCPair.init)
        let first: OTCService = container.resolve(sync: ())
        #expect(!first.client.isStub)
        hold.armed.value = true
        let resolved = Collected<OTCPair>()
        Thread { resolved.append(container.resolve(sync: ())) }.start()
        await eventually { hold.entered.value == 1 }
        hold.armed.value = false
        if overriding { container.register { OTCStub() }.as((any OTCClient).self).test() }
        clean.clean(container, scope)
        hold.released.signal()
        await eventually { !resolved.values.isEmpty }
        return (container, resolved.values.first, made)
    }

    @Test(arguments: CleanKind.allCases)
    func aResolveThatBeganBeforeAnOverrideAndACleanKeepsNothingItMakesAfter(clean: CleanKind) async throws {
        let (container, older, made) = await Self.pairAcross(clean, overriding: true)
        let pair = try #require(older)
        #expect(!pair.service.client.isStub, "the older resolve follows the choices it began with")
        let next: OTCService = container.resolve(sync: ())
        #expect(next.client.isStub, "the kept service was made with the client from before the override")
        #expect(next !== pair.service)
        #expect(made.value == 3)
    }

    /// The older resolve awaited: it stops in an async factory before it reaches the kept
    /// service, and goes on after the override and the clean.
    @Test func anAwaitedResolveThatBeganBeforeAnOverrideAndACleanKeepsNothingItMakesAfter() async throws {
        let hold = OTCAsyncHold()
        let made = Counter()
        let container = DIContainer()
        container.register { OTCReal() }.as((any OTCClient).self)
        container.register { (client: any OTCClient) in OTCService(client: client, made: made) }
            .lifetime(.perContainer(.single))
        container.register { () async -> OTCHeld in
            await hold.pass()
            return OTCHeld(hold: FactoryHold())
        }
        container.register(OTCPair.init)
        let _: OTCService = container.resolve(sync: ())
        let older = Task { () async -> OTCPair in await container.resolve() }
        await eventually { hold.entered }
        container.register { OTCStub() }.as((any OTCClient).self).test()
        container.clean()
        hold.open()
        let pair = await older.value
        #expect(!pair.service.client.isStub)
        let next: OTCService = container.resolve(sync: ())
        #expect(next.client.isStub)
        #expect(made.value == 3)
    }

    /// A resolve that starts after the override and the clean, and finds the older resolve
    /// making the service from its older choices, waits for that making, then makes the
    /// cell's instance itself: it is not handed the older resolve's.
    @Test func aResolveWaitingForAMakingFromOlderChoicesMakesItsOwn() async throws {
        let heldHold = FactoryHold()
        let serviceHold = FactoryHold()
        let made = Counter()
        let container = DIContainer()
        container.register { OTCReal() }.as((any OTCClient).self)
        container.register { (client: any OTCClient) in OTCService(client: client, made: made, hold: serviceHold) }
            .lifetime(.perContainer(.single))
        container.register { OTCHeld(hold: heldHold) }
        container.register(OTCPair.init)
        let _: OTCService = container.resolve(sync: ())
        heldHold.armed.value = true
        let older = Collected<OTCPair>()
        Thread { older.append(container.resolve(sync: ())) }.start()
        await eventually { heldHold.entered.value == 1 }
        container.register { OTCStub() }.as((any OTCClient).self).test()
        container.clean()
        // The older resolve goes on, and stops in the service it makes.
        serviceHold.armed.value = true
        heldHold.armed.value = false
        heldHold.released.signal()
        await eventually { serviceHold.entered.value == 1 }
        serviceHold.armed.value = false
        let newer = Collected<OTCService>()
        Thread { newer.append(container.resolve(sync: ())) }.start()
        // Time for the newer resolve to start waiting; it gets the stub either way.
        try await Task.sleep(for: .milliseconds(50))
        serviceHold.released.signal()
        await eventually { !older.values.isEmpty && !newer.values.isEmpty }
        let service = try #require(newer.values.first)
        #expect(service.client.isStub)
        #expect(!(try #require(older.values.first)).service.client.isStub)
        let kept: OTCService = container.resolve(sync: ())
        #expect(kept === service)
        #expect(made.value == 3)
    }

    /// One thread overrides the client and cleans while others resolve the service, directly
    /// and behind a slow sibling: every resolve that starts after both returned gets a
    /// service with the stub.
    @Test func resolvesRacingAnOverrideAndACleanGetTheOverrideOnceBothReturned() async {
        struct Round: Sendable {
            let container = DIContainer()
            let done = LockedValue(false)
            let stale = Counter()
        }
        let staleRounds = Counter()
        let finished = await race(rounds: 100, threads: 4) { _ in
            let round = Round()
            round.container.register { OTCReal() }.as((any OTCClient).self)
            round.container.register { (client: any OTCClient) in OTCService(client: client, made: Counter()) }
                .lifetime(.perContainer(.single))
            round.container.register { OTCHeld(hold: FactoryHold()) }
            round.container.register(OTCPair.init)
            let _: OTCPair = round.container.resolve()
            return round
        } _: { (round: Round, index: Int) in
            if index == 0 {
                usleep(UInt32.random(in: 0..<500))
                round.container.register { OTCStub() }.as((any OTCClient).self).test()
                round.container.clean()
                round.done.value = true
                return
            }
            var after = 0
            while after < 40 {
                heartbeat()
                let done = round.done.value
                let service: OTCService =
                    index == 1 ? round.container.resolve() : (round.container.resolve() as OTCPair).service
                if done {
                    if !service.client.isStub { round.stale.increment() }
                    after += 1
                }
            }
        } check: { (round: Round) -> Bool in
            if round.stale.value > 0 { staleRounds.increment() }
            return true
        }
        #expect(finished)
        #expect(staleRounds.value == 0, "rounds where a resolve after both returned got the old client")
    }

    /// With no registration that changes its choices, the older resolve's choices are
    /// current: the instance it makes after the clean is the cell's, made once — whatever
    /// tests running beside this one register meanwhile.
    @Test(arguments: CleanKind.allCases)
    func aResolveThatBeganBeforeACleanAloneKeepsWhatItMakes(clean: CleanKind) async throws {
        let (container, older, made) = await Self.pairAcross(clean, overriding: false)
        let pair = try #require(older)
        let next: OTCService = container.resolve(sync: ())
        #expect(next === pair.service)
        #expect(made.value == 2)
    }

    /// Stops the thread that tells observers of the registration of `OTCHeld` (the reader
    /// that sealed it, here a resolve making its plan) until released.
    private final class StoppingObserver: DIObserver {
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)

        func receive(_ event: DIEvent) {
            guard event.kind == .registered, event.component?.typeName == "OTCHeld" else { return }
            entered.signal()
            release.wait()
        }
    }

    /// A child registers its own `OTCValue` while a resolve of `OTCTop` makes its plan (stopped
    /// in an observer the plan's first read of the parent's registry calls): the resolve
    /// does not answer one request with the parent's registration and the other with the
    /// child's.
    @Test(arguments: [DILifeTime.prototype, .objectGraph])
    func aRegistrationWhileAPlanIsMadeIsNotMixedIntoIt(lifetime: DILifeTime) async throws {
        let parent = DIContainer()
        let child = DIContainer(parent: parent)
        parent.register { OTCValue(generation: 0) }.lifetime(lifetime)
        child.register(OTCMiddle.init)
        child.register(OTCTop.init)
        let observer = StoppingObserver()
        parent.addObserver(observer)
        defer { parent.removeObserver(observer) }
        // Not sealed until the registry is read next: by the resolve's plan.
        let unsealed = parent.register { OTCHeld(hold: FactoryHold()) }
        let resolved = Collected<OTCTop>()
        Thread { resolved.append(child.resolve(sync: ())) }.start()
        await eventually { observer.entered.wait(timeout: .now()) == .success }
        child.register { OTCValue(generation: 1) }.lifetime(lifetime)
        observer.release.signal()
        await eventually { !resolved.values.isEmpty }
        withExtendedLifetime(unsealed) {}
        let top = try #require(resolved.values.first)
        #expect(top.value.generation == top.middle.value.generation)
    }
}

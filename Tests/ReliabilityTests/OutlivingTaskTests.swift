import DICore
import Foundation
import TestSupport
import Testing

// A task an async factory started, still resolving after that factory returned, keeps the
// view of the resolves that may await it from when it joined. A later resolve of the same
// party is not one of them, whatever context it runs in.

private final class OTEngine: Sendable {}

/// Made in the outliving task's resolve: it asks for the engine while another resolve of
/// the outer party is making it.
private final class OTFuel: Sendable {
    let engine: OTEngine?
    init(engine: OTEngine?) { self.engine = engine }
}

/// Its factory starts the task and returns without waiting for it.
private final class OTStarter: Sendable {
    let task: Task<OTFuel?, Never>
    init(task: Task<OTFuel?, Never>) { self.task = task }
}

private final class OTCar: Sendable {
    let starter: OTStarter
    let engine: OTEngine
    init(starter: OTStarter, engine: OTEngine) {
        self.starter = starter
        self.engine = engine
    }
}

/// Kept by the parent; its async factory's child task resolves through a child container.
private final class OTStation: Sendable {
    let failure: DIError.Kind?
    init(failure: DIError.Kind?) { self.failure = failure }
}

/// Kept by the parent too, and needs the station.
private final class OTPump: Sendable {
    init(station: OTStation) {}
}

/// The child container's own: needs the parent's pump.
private final class OTNozzle: Sendable {
    init(pump: OTPump) {}
}

@Suite struct OutlivingTaskTests {
    /// A child task of the station's factory asks a child container for what needs the
    /// station, through an instance the parent keeps (and so makes itself): a cycle across
    /// tasks, refused as one, not a hang.
    @Test func aChildTaskReachingItsFactorysInstanceThroughAnAncestorsMakingIsACycle() async throws {
        let watchdog = Watchdog("a child task through an ancestor's making", seconds: 60)
        defer { watchdog.disarm() }
        let app = DIContainer()
        let feature = DIContainer(parent: app)
        feature.register(OTNozzle.init)
        app.register(OTPump.init).lifetime(.perContainer(.single))
        app.register { [unowned feature] () async -> OTStation in
            async let failure: DIError.Kind? = {
                do throws(DIError) {
                    let _: OTNozzle = try await feature.tryResolve()
                    return nil
                } catch {
                    return error.kind
                }
            }()
            return await OTStation(failure: failure)
        }
        .lifetime(.perContainer(.single))
        let station: OTStation = try await app.tryResolve()
        #expect(station.failure == .cycle)
    }

    /// `OTCar`'s factory resolves `OTStarter` (whose factory starts a task that resolves
    /// `OTFuel`), then `OTEngine`; `OTFuel`'s factory asks for the engine while the car's
    /// code is making it. The car's code is not waiting for the task: the task waits for
    /// the engine and gets the car's.
    @Test func aTaskOutlivingItsFactoryWaitsForWhatALaterResolveOfTheSamePartyMakes() async throws {
        let watchdog = Watchdog("a task outliving its factory", seconds: 60)
        defer { watchdog.disarm() }
        let fuelStarted = Counter()
        let engineMaking = Counter()
        let engineAsked = Counter()
        let failures = Collected<String>()
        let container = DIContainer()
        container.register { () async -> OTEngine in
            engineMaking.increment()
            let clock = ContinuousClock()
            let start = clock.now
            while engineAsked.value == 0, clock.now - start < .milliseconds(200) {
                try? await Task.sleep(for: .milliseconds(1))
            }
            return OTEngine()
        }
        .lifetime(.perContainer(.single))
        container.register { [unowned container] () async -> OTFuel in
            fuelStarted.increment()
            await eventually { engineMaking.value > 0 }
            defer { engineAsked.increment() }
            do throws(DIError) {
                return OTFuel(engine: try await container.tryResolve())
            } catch {
                failures.append("\(error)")
                return OTFuel(engine: nil)
            }
        }
        container.register { [unowned container] () async -> OTStarter in
            let task = Task { () -> OTFuel? in try? await container.tryResolve() }
            await eventually { fuelStarted.value > 0 }
            return OTStarter(task: task)
        }
        container.register { [unowned container] () async -> OTCar in
            let starter: OTStarter = await container.resolve()
            let engine: OTEngine = await container.resolve()
            return OTCar(starter: starter, engine: engine)
        }
        let car: OTCar = try await container.tryResolve()
        let fuel = await car.starter.task.value
        #expect(failures.values.isEmpty, "\(failures.values)")
        #expect(fuel?.engine === car.engine)
    }
}

// A synchronous factory's task is on its own in every resolve, also in one an async
// factory makes while it runs.

/// Kept; its async factory resolves the gauge while it runs.
private final class OTDashboard: Sendable {}

/// Its synchronous factory starts a task that asks for the dashboard.
private final class OTGauge: Sendable {}

extension OutlivingTaskTests {
    @Test func aTaskASynchronousFactoryStartsInsideAnAsyncFactoryIsOnItsOwn() async throws {
        let watchdog = Watchdog("a synchronous factory's task", seconds: 60)
        defer { watchdog.disarm() }
        let tasks = LockedValue<[Task<Result<OTDashboard, DIError>, Never>]>([])
        let container = DIContainer()
        container.register { (container: DIContainer) -> OTGauge in
            // Asks for the dashboard being made: on its own, it waits for the finished one.
            let task = Task { () async -> Result<OTDashboard, DIError> in
                do throws(DIError) { return .success(try await container.tryResolve()) } catch {
                    return .failure(error)
                }
            }
            tasks.withLock { $0.append(task) }
            return OTGauge()
        }
        container.register { (container: DIContainer) async -> OTDashboard in
            let _: OTGauge = await container.resolve()
            // Long enough for the task to ask while this factory still runs.
            try? await Task.sleep(for: .milliseconds(50))
            return OTDashboard()
        }
        .lifetime(.perContainer(.single))

        let dashboard: OTDashboard = await container.resolve()

        let task = try #require(tasks.withLock { $0 }.first)
        let answer = await task.value
        #expect(try answer.get() === dashboard)
    }
}

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
        let watchdog = Watchdog("a child task through an ancestor's making")
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
        let watchdog = Watchdog("a task outliving its factory")
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
// factory makes while it runs, and while the resolve runs inside a link of its own.

/// Kept; its async factory resolves the gauge while it runs.
private final class OTDashboard: Sendable {}

/// Its synchronous factory starts a task that asks for the dashboard.
private final class OTGauge: Sendable {}

/// Shared in a resolve's graph: a task that joined the resolve would get the resolve's.
private final class OTPart: Sendable {}

/// Its synchronous factory starts a task that resolves a part.
private final class OTSensor: Sendable {}

/// Made after the sensor's task resolved its part (it waits for that), in the same resolve.
private final class OTLatch: Sendable {}

private final class OTMachine: @unchecked Sendable {
    // @unchecked Sendable: the injections set these once, before anyone else sees it.
    let part: OTPart
    var sensor: OTSensor?
    var latch: OTLatch?
    init(part: OTPart) { self.part = part }
}

private final class OTPlant: Sendable {
    let part: OTPart
    init(part: OTPart) { self.part = part }
}

/// What a sensor's task resolved, and a way to wait for it without blocking a thread.
private final class OTSensorTasks: Sendable {
    let parts = LockedValue<[OTPart]>([])
    let (resolved, signal) = AsyncStream<Void>.makeStream()

    /// Registers the sensor (kept in `keeper`) and the latch that waits for its task.
    func register(in keeper: DIContainer, resolvingFrom container: DIContainer) {
        // Weak: the container holds this registration (the keeper may be its parent).
        keeper.register { [weak container] () -> OTSensor in
            Task {
                guard let container else { return }
                let part: OTPart = await container.resolve()
                self.parts.withLock { $0.append(part) }
                self.signal.yield()
            }
            return OTSensor()
        }
        .lifetime(.perContainer(.single))
        container.register { () async -> OTLatch in
            for await _ in self.resolved { break }
            return OTLatch()
        }
    }
}

extension OutlivingTaskTests {
    @Test func aTaskASynchronousFactoryStartsInsideAnAsyncFactoryIsOnItsOwn() async throws {
        let watchdog = Watchdog("a synchronous factory's task")
        defer { watchdog.disarm() }
        let tasks = LockedValue<[Task<Result<OTDashboard, DIError>, Never>]>([])
        let (asking, ask) = AsyncStream<Void>.makeStream()
        let container = DIContainer()
        container.register { (container: DIContainer) -> OTGauge in
            // Asks for the dashboard being made: on its own, it waits for the finished one.
            let task = Task { () async -> Result<OTDashboard, DIError> in
                ask.yield()
                do throws(DIError) { return .success(try await container.tryResolve()) } catch {
                    return .failure(error)
                }
            }
            tasks.withLock { $0.append(task) }
            return OTGauge()
        }
        container.register { (container: DIContainer) async -> OTDashboard in
            let _: OTGauge = await container.resolve()
            // The task asks while this factory still runs.
            for await _ in asking { break }
            try? await Task.sleep(for: .milliseconds(20))
            return OTDashboard()
        }
        .lifetime(.perContainer(.single))

        let dashboard: OTDashboard = await container.resolve()

        let task = try #require(tasks.withLock { $0 }.first)
        let answer = await task.value
        #expect(try answer.get() === dashboard)
    }

    /// The sensor is an injection's dependency: the resolve runs it inside its own link.
    @Test func aTaskOfAnInjectedSynchronousFactoryIsOnItsOwn() async throws {
        let watchdog = Watchdog("an injected synchronous factory's task")
        defer { watchdog.disarm() }
        let container = DIContainer()
        let sensorTasks = OTSensorTasks()
        sensorTasks.register(in: container, resolvingFrom: container)
        container.register(OTPart.init).lifetime(.objectGraph)
        container.register(OTMachine.init).injection(\.sensor).injection(\.latch)

        let machine: OTMachine = await container.resolve()

        let part = try #require(sensorTasks.parts.withLock { $0 }.first)
        #expect(part !== machine.part)
    }

    /// The sensor is an ancestor's, made by the ancestor inside a descendant's async factory.
    @Test func aTaskOfAnAncestorsSynchronousFactoryIsOnItsOwn() async throws {
        let watchdog = Watchdog("an ancestor's synchronous factory's task")
        defer { watchdog.disarm() }
        let app = DIContainer()
        let feature = DIContainer(parent: app)
        let sensorTasks = OTSensorTasks()
        sensorTasks.register(in: app, resolvingFrom: feature)
        feature.register(OTPart.init).lifetime(.objectGraph)
        feature.register { (part: OTPart, container: DIContainer) async -> OTPlant in
            let _: OTSensor = await container.resolve()
            let _: OTLatch = await container.resolve()
            return OTPlant(part: part)
        }

        let plant: OTPlant = await feature.resolve()

        let part = try #require(sensorTasks.parts.withLock { $0 }.first)
        #expect(part !== plant.part)
    }
}

import DICore
import Foundation
import TestSupport
import Testing

// A component that takes runtime arguments is built by its compiled step from the second
// resolve of a request on (as a plain request's component is): the step binds the
// arguments the general way would — the top-level request's for the root, none for a
// component further in — and its `arg` parameters read them. What a user sees must not
// change between the first resolve (the general way), the second (which compiles the plan)
// and every one after: the instances, what is shared, the errors and the events.

private final class CAEngine: Sendable {}

private final class CAWheel: Sendable {
    let engine: CAEngine
    let size: Int?

    init(engine: CAEngine, size: Int?) {
        self.engine = engine
        self.size = size
    }
}

private final class CACar: Sendable {
    let name: String
    let wheel: CAWheel
    let engine: CAEngine
    let seats: Int

    init(name: String, wheel: CAWheel, engine: CAEngine, seats: Int) {
        self.name = name
        self.wheel = wheel
        self.engine = engine
        self.seats = seats
    }
}

private final class CAFlaky: Sendable {}

private final class CATrip: Sendable {
    let destination: String
    let flaky: CAFlaky

    init(destination: String, flaky: CAFlaky) {
        self.destination = destination
        self.flaky = flaky
    }
}

private final class CAClock: Sendable {
    init(_ hold: FactoryHold, made: Counter) {
        hold.pass()
        made.increment()
    }
}

private final class CATicket: Sendable {
    let name: String
    let clock: CAClock
    let engine: CAEngine
    let sameEngine: CAEngine

    init(name: String, clock: CAClock, engine: CAEngine, sameEngine: CAEngine) {
        self.name = name
        self.clock = clock
        self.engine = engine
        self.sameEngine = sameEngine
    }
}

/// Whether an awaited resolve asked for a `CAClock` as a parameter and now waits for it:
/// the async way asks once and suspends; a synchronous try asks, gives up (a `failed`
/// event) and asks again the async way.
private final class CAClockRequests: DIObserver, Sendable {
    private let seen = LockedValue<[DIEvent.Kind]>([])

    func receive(_ event: DIEvent) {
        guard event.depth == 1, event.request?.contains("CAClock") == true else { return }
        seen.withLock { $0.append(event.kind) }
    }

    var isWaiting: Bool {
        let kinds = seen.value
        let asked = kinds.count { $0 == .resolveStarted }
        return kinds.contains(.failed) ? asked >= 2 : asked >= 1
    }
}

/// Every event of the resolves it observes, as `kind type component`.
private final class CAEventLines: DIObserver, @unchecked Sendable {
    // @unchecked Sendable: the tests resolve from one thread.
    private(set) var lines: [String] = []

    func receive(_ event: DIEvent) {
        let types = event.argumentTypes.isEmpty ? "" : " (\(event.argumentTypes.joined(separator: ", ")))"
        let outcome = event.outcome.map { "\($0)" } ?? "-"
        lines.append("\(event.kind) \(event.request ?? "-")\(types) \(event.component?.typeName ?? "-") \(outcome)")
    }

    func take() -> [String] {
        defer { lines = [] }
        return lines
    }
}

@Suite struct CompiledArgumentTests {
    /// `CACar(name: arg, wheel:, engine:, seats: arg)`, the engine `objectGraph` (shared by
    /// the car and its wheel), the wheel taking an optional `arg` of its own.
    private static func garage() -> DIContainer {
        let container = DIContainer()
        container.register(CAEngine.init).lifetime(.objectGraph)
        container.register { CAWheel(engine: $0, size: arg($1)) }
        container.register { CACar(name: arg($0), wheel: $1, engine: $2, seats: arg($3)) }
        return container
    }

    @Test func eachResolveBindsItsOwnArgumentsToTheRootOnly() throws {
        let container = Self.garage()
        var engines: [CAEngine] = []
        for seats in 1...5 {
            let car: CACar = try container.tryResolve(args: "car \(seats)", seats)
            #expect(car.name == "car \(seats)" && car.seats == seats)
            // The root's arguments are not the wheel's: it was given none, so its optional
            // `arg` is `nil`, on the first resolve and on the compiled ones alike.
            #expect(car.wheel.size == nil)
            #expect(car.engine === car.wheel.engine)
            engines.append(car.engine)
        }
        #expect(Set(engines.map(ObjectIdentifier.init)).count == 5)
    }

    @Test func argumentsThatDoNotFitFailTheSameWayBeforeAndAfterCompiling() throws {
        let container = Self.garage()
        func failure() -> String? {
            let error = #expect(throws: DIError.self) {
                let _: CACar = try container.tryResolve(args: 4, "four")
            }
            return error.map { "\($0.kind): \($0)" }
        }
        let before = failure()
        for seats in 1...3 {
            let car: CACar = try container.tryResolve(args: "car", seats)
            #expect(car.seats == seats)
        }
        let after = failure()
        #expect(before != nil)
        #expect(after == before)
        let missing = #expect(throws: DIError.self) {
            let _: CACar = try container.tryResolve(args: "car")
        }
        #expect(missing?.kind == .argumentMismatch)
        let car: CACar = try container.tryResolve(args: "still", 7)
        #expect(car.name == "still" && car.seats == 7)
    }

    @Test func aPlainResolveOfAComponentTakingArgumentsStillFails() throws {
        let container = Self.garage()
        for seats in 1...3 {
            let _: CACar = try container.tryResolve(args: "car", seats)
        }
        for _ in 0..<3 {
            let error = #expect(throws: DIError.self) {
                let _: CACar = try container.tryResolve()
            }
            #expect(error?.kind == .argumentMismatch)
        }
    }

    @Test func aComponentWithOnlyAnOptionalArgumentResolvesPlainlyAndWithOne() throws {
        let container = Self.garage()
        for _ in 0..<3 {
            let plain: CAWheel = try container.tryResolve()
            #expect(plain.size == nil)
        }
        for size in 1...3 {
            let sized: CAWheel = try container.tryResolve(args: Int?.some(size))
            #expect(sized.size == size)
        }
    }

    @Test func aFailedBuildAfterTheArgumentsWereBoundLeavesTheNextResolveRight() throws {
        let container = DIContainer()
        let fails = LockedValue(false)
        container.register { () -> CAFlaky? in fails.value ? nil : CAFlaky() }
        container.register { CATrip(destination: arg($0), flaky: $1) }
        for round in 0..<4 {
            fails.value = round % 2 == 1
            if round % 2 == 1 {
                #expect(throws: DIError.self) {
                    let _: CATrip = try container.tryResolve(args: "round \(round)")
                }
            } else {
                let trip: CATrip = try container.tryResolve(args: "round \(round)")
                #expect(trip.destination == "round \(round)")
            }
        }
    }

    /// A ticket taking an argument, a weakly cached clock (whose factory can be held) and an
    /// `objectGraph` engine twice.
    private static func ticketOffice(_ hold: FactoryHold, clocksMade: Counter) -> DIContainer {
        let container = DIContainer()
        container.register { CAClock(hold, made: clocksMade) }.lifetime(.perContainer(.weak))
        container.register(CAEngine.init).lifetime(.objectGraph)
        container.register { CATicket(name: arg($0), clock: $1, engine: $2, sameEngine: $3) }
        return container
    }

    /// Awaited, a request with arguments is answered as a synchronous one is: from its
    /// second time on by its compiled root, on the caller's thread (its plan awaits nothing).
    @Test func anAwaitedResolveWithArgumentsBindsItsOwnArguments() async throws {
        let clocksMade = Counter()
        let container = Self.ticketOffice(FactoryHold(), clocksMade: clocksMade)
        var clocks: [CAClock] = []
        var engines: [CAEngine] = []
        for round in 1...4 {
            let ticket: CATicket = try await container.tryResolve(args: "ticket \(round)")
            #expect(ticket.name == "ticket \(round)")
            #expect(ticket.engine === ticket.sameEngine)
            clocks.append(ticket.clock)
            engines.append(ticket.engine)
        }
        #expect(clocks.allSatisfy { $0 === clocks[0] })
        #expect(clocksMade.value == 1)
        #expect(Set(engines.map(ObjectIdentifier.init)).count == 4)
    }

    /// The clock is being made by a synchronous resolve on another thread: an awaited
    /// request with arguments must not block its thread for it (a synchronous try gives up)
    /// but await it, and get the same clock.
    @Test func anAwaitedResolveWithArgumentsWaitsForAnInstanceAThreadIsMaking() async throws {
        let hold = FactoryHold()
        let clocksMade = Counter()
        let container = Self.ticketOffice(hold, clocksMade: clocksMade)
        do {
            // Remembered and compiled; the clock, weakly kept, goes with the tickets.
            let _: CATicket = try await container.tryResolve(args: "first")
            let _: CATicket = try await container.tryResolve(args: "second")
        }
        let requests = CAClockRequests()
        container.addObserver(requests)
        defer { container.removeObserver(requests) }
        hold.armed.value = true
        let clocks = Collected<CAClock>()
        Thread { clocks.append(container.resolve(sync: ())) }.start()
        await eventually { hold.entered.value == 1 }
        let tickets = Collected<CATicket>()
        Task.detached {
            // Not `try?`, which would ask for a `CATicket?`.
            do {
                let ticket: CATicket = try await container.tryResolve(args: "third")
                tickets.append(ticket)
            } catch {
                Issue.record(error)
            }
        }
        await eventually { requests.isWaiting }
        hold.released.signal()
        await eventually { !tickets.values.isEmpty && !clocks.values.isEmpty }
        #expect(tickets.values.first?.name == "third")
        #expect(tickets.values.first?.clock === clocks.values.first)
        #expect(clocksMade.value == 3)
    }

    /// Threads resolving with arguments at once, through the pooled contexts the compiled
    /// root binds its arguments in: each gets its own arguments, never another thread's.
    @Test func threadsResolvingWithArgumentsAtOnceEachGetTheirOwn() async {
        let container = Self.garage()
        let mismatches = Counter()
        let finished = await race(threads: 8) { thread in
            for round in 0..<2_000 {
                let name = "thread \(thread)"
                do {
                    let car: CACar = try container.tryResolve(args: name, round)
                    if car.name != name || car.seats != round || car.wheel.size != nil
                        || car.engine !== car.wheel.engine
                    {
                        mismatches.increment()
                    }
                } catch {
                    mismatches.increment()
                }
                if round % 100 == 0 { heartbeat() }
            }
        }
        #expect(finished)
        #expect(mismatches.value == 0)
    }

    @Test func anObserverSeesTheSameEventsOnEveryResolve() throws {
        let container = Self.garage()
        let observer = CAEventLines()
        container.addObserver(observer)
        defer { container.removeObserver(observer) }
        var traces: [[String]] = []
        for _ in 0..<3 {
            let _: CACar = try container.tryResolve(args: "car", 4)
            traces.append(observer.take())
        }
        #expect(traces[0].count > 4)
        #expect(traces[1] == traces[0])
        #expect(traces[2] == traces[0])
    }
}

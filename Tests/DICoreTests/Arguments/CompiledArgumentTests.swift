import DICore
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

import DICore
import Testing

// Which runtime arguments fit an `arg` parameter, and that each arrives as it was passed:
// an argument of exactly the parameter's type, a subclass, a value of an existential
// parameter, an `Optional` with or without a value — and a mismatch named in the error.

private class Vehicle: @unchecked Sendable {
    var wheels: Int { 4 }
}

private final class Bike: Vehicle, @unchecked Sendable {
    override var wheels: Int { 2 }
}

private protocol Named: Sendable {
    var name: String { get }
}

private struct Plate: Named {
    let name: String
}

private final class Garage {
    let vehicle: Vehicle
    let label: any Named
    let note: String?
    let floor: Int

    init(vehicle: Vehicle, label: any Named, note: String?, floor: Int) {
        self.vehicle = vehicle
        self.label = label
        self.note = note
        self.floor = floor
    }
}

@Suite struct ArgumentFitTests {
    private static func container() -> DIContainer {
        let container = DIContainer()
        container.register { Garage(vehicle: arg($0), label: arg($1), note: arg($2), floor: arg($3)) }
        return container
    }

    @Test func argumentsOfExactlyTheParametersTypesArriveAsPassed() throws {
        let vehicle = Vehicle()
        let garage: Garage = try Self.container().tryResolve(
            args: vehicle,
            Plate(name: "A-1") as any Named,
            String?.some("north"),
            3
        )
        #expect(garage.vehicle === vehicle)
        #expect(garage.label.name == "A-1")
        #expect(garage.note == "north")
        #expect(garage.floor == 3)
    }

    @Test func aSubclassAConformingValueAndAnAbsentOptionalFit() throws {
        let bike = Bike()
        let garage: Garage = try Self.container().tryResolve(args: bike, Plate(name: "B-2"), String?.none, 1)
        #expect(garage.vehicle === bike)
        #expect(garage.vehicle.wheels == 2)
        #expect(garage.label.name == "B-2")
        #expect(garage.note == nil)
    }

    @Test func aNilWrittenAsAnyOptionalFitsTheOptionalParameter() throws {
        let garage: Garage = try Self.container().tryResolve(args: Vehicle(), Plate(name: "C-3"), nil, 7)
        #expect(garage.note == nil)
        #expect(garage.floor == 7)
    }

    /// What `resolve(args:)` takes, a `Provider`/`Lazy` may pass: a `String` (or a value of
    /// a conforming type) for a `String?` (or `(any Named)?`) parameter. Validation agrees.
    @Test func aProviderPassesAWrappedValueForAnOptionalParameter() throws {
        let container = DIContainer()
        container.register { Garage(vehicle: arg($0), label: arg($1), note: arg($2), floor: arg($3)) }
        let garages: Provider4<Garage, Vehicle, Plate, String, Int> = try container.tryResolve()
        let garage = try garages.tryValue(Bike(), Plate(name: "E-5"), "east", 2)
        #expect(garage.note == "east" && garage.label.name == "E-5" && garage.vehicle.wheels == 2)
        final class Holder {
            init(garages: Provider4<Garage, Vehicle, Plate, String, Int>) {}
        }
        container.register(Holder.init)
        #expect(container.makeGraph().validate().filter { $0.severity == .error }.isEmpty)
    }

    /// An optional `Provider`/`Lazy` whose arguments can never fit is `nil`, as the plain
    /// optional request is, with a warning; a parameter too.
    @Test func anOptionalProviderWhoseArgumentsCannotFitIsNil() throws {
        let container = Self.container()
        final class Holder {
            let garages: Provider1<Garage, String>?
            init(garages: Provider1<Garage, String>?) { self.garages = garages }
        }
        container.register(Holder.init)
        let plain: Garage? = container.resolve()
        #expect(plain == nil)
        let garages: Provider1<Garage, String>? = try container.tryResolve()
        #expect(garages == nil)
        let holder: Holder = try container.tryResolve()
        #expect(holder.garages == nil)
    }

    @Test func anAwaitedOptionalProviderWhoseArgumentsCannotFitIsNil() async throws {
        let garages: Provider1<Garage, String>? = try await Self.container().tryResolve()
        #expect(garages == nil)
    }

    @Test func anArgumentThatDoesNotFitIsAMismatchNamingTheComponent() {
        let container = Self.container()
        let cases: [(String, () throws(DIError) -> Garage)] = [
            (
                "a String for the Int",
                { () throws(DIError) in try container.tryResolve(args: Vehicle(), Plate(name: "D"), "n", "3") }
            ),
            (
                "a nil for the Int",
                { () throws(DIError) in try container.tryResolve(args: Vehicle(), Plate(name: "D"), "n", nil) }
            ),
            (
                "an Int for the Vehicle",
                { () throws(DIError) in try container.tryResolve(args: 1, Plate(name: "D"), "n", 3) }
            ),
            (
                "a String for the existential",
                { () throws(DIError) in try container.tryResolve(args: Vehicle(), "D", "n", 3) }
            ),
            (
                "one too many",
                { () throws(DIError) in try container.tryResolve(args: Vehicle(), Plate(name: "D"), "n", 3, 4) }
            ),
        ]
        for (name, resolve) in cases {
            do {
                _ = try resolve()
                Issue.record("\(name): resolved")
            } catch {
                #expect(error.kind == .argumentMismatch, "\(name)")
                #expect(error.description.contains("Garage"), "\(name)")
            }
        }
    }

    /// A `nil` fits every `Optional` as a value: the type it was passed as decides. A `nil`
    /// of another optional type is a mismatch, as that type's values are; one of a subclass
    /// fits, and so does one written as `Any?` (the untyped spelling, which `AnyArguments`
    /// also takes: there every `nil` is untyped).
    @Test func aNilFitsByTheTypeItWasPassedAs() throws {
        let container = Self.container()
        let otherNil: Int? = nil
        let error = #expect(throws: DIError.self) {
            let _: Garage = try container.tryResolve(args: Vehicle(), Plate(name: "F"), otherNil, 6)
        }
        #expect(error?.kind == .argumentMismatch)
        #expect(error?.reason.hasSuffix("the arguments given are (Vehicle, Plate, Int?, Int)") == true)
        let untyped: Any? = nil
        let garage: Garage = try container.tryResolve(args: Vehicle(), Plate(name: "F"), untyped, 6)
        #expect(garage.note == nil)

        container.register { AFParking(vehicle: arg($0)) }
        let noBike: Bike? = nil
        let parking: AFParking = try container.tryResolve(args: noBike)
        #expect(parking.vehicle == nil)
        #expect(throws: DIError.self) {
            let _: AFParking = try container.tryResolve(args: String?.none)
        }
    }

    /// An optional passed for a parameter that is not one is named by what it holds: its
    /// value's type, not `Optional<…>`; a `nil` by the type it was passed as.
    @Test func aMismatchNamesWhatAnOptionalArgumentHolds() {
        let container = Self.container()
        let absent: Int? = nil
        let present: Any? = 5
        let nilError = #expect(throws: DIError.self) {
            let _: Garage = try container.tryResolve(args: Vehicle(), Plate(name: "D"), "n", absent)
        }
        #expect(nilError?.reason.hasSuffix("the arguments given are (Vehicle, Plate, String, Int?)") == true)
        let anyError = #expect(throws: DIError.self) {
            let _: Garage = try container.tryResolve(args: Vehicle(), Plate(name: "D"), "n", present, 1)
        }
        #expect(anyError?.reason.hasSuffix("the arguments given are (Vehicle, Plate, String, Int, Int)") == true)
    }

    /// From one to five arguments a fixed-arity overload answers, from six the pack one: each
    /// feeds the same `arg` parameters the same way, trapping or throwing.
    @Test func everyNumberOfArgumentsFeedsTheParametersInOrder() throws {
        let container = DIContainer()
        container.register { AFOne(a: arg($0)) }
        container.register { AFFive(a: arg($0), b: arg($1), c: arg($2), d: arg($3), e: arg($4)) }
        container.register { AFSix(a: arg($0), b: arg($1), c: arg($2), d: arg($3), e: arg($4), f: arg($5)) }
        for round in 1...3 {
            let one: AFOne = container.resolve(args: round)
            let triedOne: AFOne = try container.tryResolve(args: round)
            #expect(one.values == [round] && triedOne.values == [round])
            let five: AFFive = container.resolve(args: round, 2, 3, 4, 5)
            let triedFive: AFFive = try container.tryResolve(args: round, 2, 3, 4, 5)
            #expect(five.values == [round, 2, 3, 4, 5] && triedFive.values == five.values)
            let six: AFSix = container.resolve(args: round, 2, 3, 4, 5, 6)
            let triedSix: AFSix = try container.tryResolve(args: round, 2, 3, 4, 5, 6)
            #expect(six.values == [round, 2, 3, 4, 5, 6] && triedSix.values == six.values)
        }
        let error = #expect(throws: DIError.self) {
            let _: AFFive = try container.tryResolve(args: 1, 2, 3, 4, "5")
        }
        #expect(error?.kind == .argumentMismatch)
    }

    /// A `Provider1` passing an optional of a subclass feeds an optional parameter of its
    /// superclass, as a call converts a `Bike?` to a `Vehicle?`; not a parameter that is not
    /// optional (its `nil` would not fit), nor one of an unrelated type. Validation agrees.
    @Test func aProviderPassesAnOptionalOfASubclassForAnOptionalParameter() throws {
        let container = DIContainer()
        container.register { AFParking(vehicle: arg($0)) }
        container.register { AFBay(vehicle: arg($0)) }
        let parkings: Provider1<AFParking, Bike?> = try container.tryResolve()
        let bike = Bike()
        let parked = try parkings.tryValue(bike)
        #expect(parked.vehicle === bike)
        #expect(try parkings.tryValue(nil).vehicle == nil)
        final class Holder {
            init(parkings: Provider1<AFParking, Bike?>) {}
        }
        container.register(Holder.init)
        #expect(container.makeGraph().validate().filter { $0.severity == .error }.isEmpty)

        let intoRequired = #expect(throws: DIError.self) {
            let _: Provider1<AFBay, Bike?> = try container.tryResolve()
        }
        #expect(intoRequired?.kind == .argumentMismatch)
        let unrelated = #expect(throws: DIError.self) {
            let _: Provider1<AFParking, String?> = try container.tryResolve()
        }
        #expect(unrelated?.reason.hasSuffix("the Provider/Lazy handed out for it passes (String?)") == true)
    }

    @Test func aWrongTypedArgumentLeavesTheContainerAnsweringTheRightOnes() throws {
        let container = Self.container()
        #expect(throws: DIError.self) {
            let _: Garage = try container.tryResolve(args: Vehicle(), Plate(name: "E"), "note", "four")
        }
        let garage: Garage = try container.tryResolve(args: Vehicle(), Plate(name: "E"), "note", 4)
        #expect(garage.floor == 4)
    }
}

private final class AFParking {
    let vehicle: Vehicle?
    init(vehicle: Vehicle?) { self.vehicle = vehicle }
}

private final class AFBay {
    let vehicle: Vehicle
    init(vehicle: Vehicle) { self.vehicle = vehicle }
}

private final class AFOne: Sendable {
    let values: [Int]
    init(a: Int) { values = [a] }
}

private final class AFFive: Sendable {
    let values: [Int]
    init(a: Int, b: Int, c: Int, d: Int, e: Int) { values = [a, b, c, d, e] }
}

private final class AFSix: Sendable {
    let values: [Int]
    init(a: Int, b: Int, c: Int, d: Int, e: Int, f: Int) { values = [a, b, c, d, e, f] }
}

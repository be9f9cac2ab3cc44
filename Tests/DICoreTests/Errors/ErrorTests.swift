import DICore
import TestSupport
import Testing

private final class Engine {}

private final class Car {
    let engine: Engine
    init(engine: Engine) { self.engine = engine }
}

private final class Garage {
    let car: Car
    init(car: Car) { self.car = car }
}

private final class Shared {
    init(made: Counter) { made.increment() }
}

private final class Holder {
    let shared: Shared
    let engine: Engine
    init(shared: Shared, engine: Engine) {
        self.shared = shared
        self.engine = engine
    }
}

private final class Fragile {
    var engine: Engine?
    init(made: Counter) { made.increment() }
}

@Suite struct ErrorTests {
    @Test func missingDependencyNamesTheWholeChain() {
        let container = DIContainer()
        container.register(Garage.init)
        container.register(Car.init)
        let error = resolveError(Garage.self) { () throws(DIError) in try container.tryResolve() }
        #expect(error?.kind == .notRegistered)
        #expect(error?.path == ["Garage", "Car", "Engine"])
        #expect(error?.requested == "Engine")
        #expect(error?.description.contains("Engine") == true)
        #expect(error?.description.contains("Garage → Car → Engine") == true)
    }

    /// The same chain when every link is cached (made at the top by its factory alone).
    @Test func missingDependencyOfCachedComponentsNamesTheWholeChain() {
        let container = DIContainer()
        container.register(Garage.init).lifetime(.perContainer(.single))
        container.register(Car.init).lifetime(.perContainer(.single))
        let error = resolveError(Garage.self) { () throws(DIError) in try container.tryResolve() }
        #expect(error?.kind == .notRegistered)
        #expect(error?.path == ["Garage", "Car", "Engine"])
        #expect(error?.requested == "Engine")
        #expect(error?.description.contains("Garage → Car → Engine") == true)
    }

    @Test func ambiguityListsEveryCandidateWithFileAndLine() {
        let container = DIContainer()
        let firstLine = #line + 1
        container.register(Engine.init)
        let secondLine = #line + 1
        container.register(Engine.init)
        container.register(Car.init)
        let error = resolveError(Car.self) { () throws(DIError) in try container.tryResolve() }
        #expect(error?.kind == .ambiguous)
        #expect(error?.path == ["Car", "Engine"])
        #expect(error?.candidates.map(\.line) == [firstLine, secondLine])
        let text = error?.description ?? ""
        #expect(text.contains("DICoreTests/ErrorTests.swift:\(firstLine)"))
        #expect(text.contains("DICoreTests/ErrorTests.swift:\(secondLine)"))
    }

    @Test(arguments: [
        // (how many arguments are given, the given type list the message must name)
        (1, "(String)"),
        (2, "(Int, String)"),
        (3, "(String, Int, Int)"),
        (0, "but no arguments are given"),
    ])
    func argumentCountOrTypeMismatchNamesBothTypeLists(given: Int, listed: String) {
        let container = DIContainer()
        container.register { Router(server: arg($0), count: arg($1)) }
        let error = resolveError(Router.self) { () throws(DIError) in
            switch given {
            case 0: try container.tryResolve()
            case 1: try container.tryResolve(args: "eu")
            case 2: try container.tryResolve(args: 1, "eu")
            default: try container.tryResolve(args: "eu", 1, 2)
            }
        }
        #expect(error?.kind == .argumentMismatch)
        #expect(error?.description.contains("(String, Int)") == true)
        #expect(error?.description.contains(listed) == true)
        let router: Router = container.resolve(args: "eu", 2)
        #expect(router.count == 2)
    }

    @Test func resolvingATypeWithoutInitializerIsNoInitializer() {
        let container = DIContainer()
        container.register(Engine.self)
        container.register(Car.init)
        let error = resolveError(Car.self) { () throws(DIError) in try container.tryResolve() }
        #expect(error?.kind == .noInitializer)
        #expect(error?.path == ["Car", "Engine"])
    }

    @Test func aFailureLeavesTheContainerWorking() {
        let container = DIContainer()
        container.register(Garage.init)
        container.register(Car.init)
        #expect(resolveError(Garage.self) { () throws(DIError) in try container.tryResolve() }?.kind == .notRegistered)
        container.register(Engine.init).lifetime(.perContainer(.single))
        let garage: Garage = container.resolve()
        let engine: Engine = container.resolve()
        #expect(garage.car.engine === engine)
    }

    @Test func aPerContainerDependencyWhoseSiblingFailsIsUsableNextTime() {
        let made = Counter()
        let container = DIContainer()
        container.register { Shared(made: made) }.lifetime(.perContainer(.single))
        container.register(Holder.init)
        #expect(resolveError(Holder.self) { () throws(DIError) in try container.tryResolve() }?.kind == .notRegistered)
        container.register(Engine.init)
        let first: Holder = container.resolve()
        let second: Holder = container.resolve()
        #expect(first.shared === second.shared)
        #expect(made.value == 1)
    }

    @Test(arguments: [false, true])
    func aComponentWhoseInjectionFailsIsNotCached(cycleFlag: Bool) {
        let made = Counter()
        let container = DIContainer()
        container.register { Fragile(made: made) }.lifetime(.perContainer(.single))
            .injection(cycle: cycleFlag) { (fragile: Fragile, engine: Engine) in fragile.engine = engine }
        #expect(resolveError(Fragile.self) { () throws(DIError) in try container.tryResolve() }?.kind == .notRegistered)
        #expect(resolveError(Fragile.self) { () throws(DIError) in try container.tryResolve() }?.kind == .notRegistered)
        #expect(made.value == 2)
        container.register(Engine.init)
        let fragile: Fragile = container.resolve()
        let again: Fragile = container.resolve()
        #expect(fragile.engine != nil)
        #expect(fragile === again)
        #expect(made.value == 3)
    }
}

private final class ETCrowded {}

/// Errors stay readable at any size (issue 26, item 6): one type registered 10,000 times
/// made an ambiguity message of 470,098 characters.
@Suite struct LongListTests {
    @Test func anAmbiguityListsTenCandidatesAndCountsTheRest() {
        let container = DIContainer()
        for _ in 0..<10_000 { container.register(ETCrowded.init) }
        let error = #expect(throws: DIError.self) { let _: ETCrowded = try container.tryResolve() }
        #expect(error?.kind == .ambiguous)
        #expect(error?.candidates.count == 10_000)
        let text = error?.description ?? ""
        #expect(text.contains("and 9990 more"))
        #expect(text.split(separator: "\n").count == 12)  // the sentence, ten candidates, the count
        #expect(text.count < 2_000)
    }

    @Test func validationListsTenToo() {
        let container = DIContainer()
        for _ in 0..<50 { container.register(ETCrowded.init) }
        container.register { (crowded: ETCrowded) in ETHolder(crowded) }
        let problem = container.makeGraph().validate().first { $0.kind == .ambiguousDependency }
        #expect(problem?.message.contains("and 40 more") == true)
    }
}

private final class ETHolder {
    init(_ crowded: ETCrowded) {}
}

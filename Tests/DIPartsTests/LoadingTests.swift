import DICore
import DIParts
import TestSupport
import Testing

private let sharedLoads = Counter()
private let partLoads = Counter()

private final class CountedPart: DIPart {
    static func load(container: DIContainer) {
        partLoads.increment()
    }
}

/// Appended by both loaders below: loads once, and both import it.
private final class SharedFramework: DIFramework {
    static func load(container: DIContainer) {
        sharedLoads.increment()
        container.register { LabeledService(label: "shared") }.as(Service.self)
        container.append(part: CountedPart.self)
    }
}

private final class LoaderOne: DIFramework {
    static func load(container: DIContainer) {
        container.append(framework: SharedFramework.self)
        container.register(Consumer<LoaderOne>.init)
    }
}

private final class LoaderTwo: DIFramework {
    static func load(container: DIContainer) {
        container.append(framework: SharedFramework.self)
        container.register(Consumer<LoaderTwo>.init)
    }
}

private final class Outer: DIFramework {
    static func load(container: DIContainer) {
        container.append(framework: LoaderOne.self)
    }
}

@Suite(.serialized) struct LoadingTests {
    @Test func eachPartAndFrameworkLoadsOncePerContainer() {
        let before = (shared: sharedLoads.value, part: partLoads.value)
        let container = DIContainer()
        container.append(framework: LoaderOne.self)
        container.append(framework: LoaderTwo.self)
        container.append(framework: SharedFramework.self)
        container.append(part: CountedPart.self)
        container.append(framework: LoaderOne.self)
        #expect(sharedLoads.value - before.shared == 1)
        #expect(partLoads.value - before.part == 1)
        let services: [any Service] = container.resolveMany()
        #expect(services.map(\.label) == ["shared"])

        // Another container loads them again.
        let other = DIContainer()
        other.append(framework: SharedFramework.self)
        #expect(sharedLoads.value - before.shared == 2)
    }

    @Test func appendingAFrameworkInsideAnotherImportsItEvenWhenAlreadyLoaded() {
        let container = DIContainer()
        container.append(framework: AlphaFramework.self)
        container.append(framework: LoaderOne.self)
        container.append(framework: LoaderTwo.self)
        // Alpha's services are not imported by the loaders; Shared's is.
        #expect((container.resolve() as Consumer<LoaderOne>).service.label == "shared")
        #expect((container.resolve() as Consumer<LoaderTwo>).service.label == "shared")
    }

    @Test func nestedFrameworksImportOneLevel() {
        let container = DIContainer()
        container.append(framework: BetaFramework.self)
        container.append(framework: Outer.self)
        // Outer imports LoaderOne (which it appended), not SharedFramework two levels down.
        let fromOuter: Result<any Service, DIError> = Result { () throws(DIError) in
            try container.tryResolve(from: Outer.self)
        }
        if case .failure(let error) = fromOuter {
            #expect(error.kind == .ambiguous)
        } else {
            Issue.record("imports are one level deep")
        }
        #expect((container.resolve(from: LoaderOne.self) as any Service).label == "shared")
    }

    @Test func importOutsideAFrameworkIsAWarningAndChangesNothing() {
        let container = DIContainer()
        let log = EventLog()
        container.addObserver(log)
        container.append(framework: BetaFramework.self)
        container.import(BetaFramework.self)
        let warnings = log.diagnostics.filter { $0.severity == .warning && $0.kind == .misuse }
        #expect(warnings.count == 1)
        #expect(warnings.first?.message.contains("BetaFramework") == true)
        #expect((container.resolve() as Consumer<BetaFramework>).service.label == "beta")
    }

    @Test func partsTakeTheFrameworkTheyAreLoadedIn() {
        let container = DIContainer()
        let log = EventLog()
        container.addObserver(log)
        container.append(framework: LoaderOne.self)
        let registered = log.all.filter { $0.kind == .registered }.compactMap(\.component)
        let shared = registered.first { $0.typeName == "LabeledService" }
        #expect(shared?.framework == "SharedFramework")
        let consumer = registered.first { $0.typeName.hasPrefix("Consumer") }
        #expect(consumer?.framework == "LoaderOne")
        #expect(consumer?.part == nil)
    }
}

import DICore
import DIParts
import Testing

/// A component of framework `Owner` whose factory resolves its service itself, through the
/// container it is given.
private final class SelfResolving<Owner> {
    let service: any Service
    init(service: any Service) { self.service = service }
}

/// Like Beta, with a component whose factory resolves through its `DIContainer` parameter.
private final class ResolvingBetaFramework: DIFramework {
    static func load(container: DIContainer) {
        container.register { LabeledService(label: "resolving-beta") }.as(Service.self)
        container.register { (resolver: DIContainer) in
            SelfResolving<ResolvingBetaFramework>(service: resolver.resolve())
        }
    }
}

/// Like Gamma (no service, imports Beta), resolving the service in its factory.
private final class ResolvingGammaFramework: DIFramework {
    static func load(container: DIContainer) {
        container.import(BetaFramework.self)
        container.register { (resolver: DIContainer) in
            SelfResolving<ResolvingGammaFramework>(service: resolver.resolve())
        }
    }
}

@Suite struct PriorityTests {
    private func app() -> DIContainer {
        let container = DIContainer()
        for load in [
            { container.append(framework: AlphaFramework.self) },
            { container.append(framework: BetaFramework.self) },
            { container.append(framework: GammaFramework.self) },
            { container.append(framework: DeltaFramework.self) },
        ] { load() }
        return container
    }

    @Test func ownFrameworkWinsAndItsDefaultBreaksTies() {
        let container = app()
        #expect((container.resolve() as Consumer<AlphaFramework>).service.label == "alpha2")
        #expect((container.resolve() as Consumer<BetaFramework>).service.label == "beta")
    }

    @Test func importedFrameworkWinsOverNotImported() {
        let container = app()
        #expect((container.resolve() as Consumer<GammaFramework>).service.label == "beta")
    }

    @Test func defaultsAmongImportedFrameworksBreakTies() {
        let container = app()
        container.append(framework: EpsilonFramework.self)
        // Beta and Zeta are both imported; Zeta's is `.default()`.
        #expect((container.resolve() as Consumer<EpsilonFramework>).service.label == "zeta")
    }

    @Test func withoutOwnOrImportedCandidatesOnlyTheDefaultRuleDecides() {
        let container = app()
        // Delta neither has nor imports a service: rule 4 (`.default()` over all) picks
        // Alpha's default, the only one.
        #expect((container.resolve() as Consumer<DeltaFramework>).service.label == "alpha2")
        let other = DIContainer()
        other.append(framework: BetaFramework.self)
        other.append(framework: DeltaFramework.self)
        other.register { LabeledService(label: "outside") }.as(Service.self)
        let result: Result<Consumer<DeltaFramework>, DIError> = Result { () throws(DIError) in try other.tryResolve() }
        guard case .failure(let error) = result else {
            Issue.record("no rule picks between beta and outside")
            return
        }
        #expect(error.kind == .ambiguous)
        #expect(error.candidates.map(\.framework) == ["BetaFramework", nil])
    }

    @Test func globalDefaultOutsideFrameworksWinsWhenNoFrameworkRuleApplies() {
        let container = DIContainer()
        container.append(framework: BetaFramework.self)
        container.append(framework: DeltaFramework.self)
        container.register { LabeledService(label: "global") }.as(Service.self).default()
        #expect((container.resolve() as Consumer<DeltaFramework>).service.label == "global")
        // A framework's own registration still beats the global default.
        #expect((container.resolve() as Consumer<BetaFramework>).service.label == "beta")
        // So does an imported one.
        container.append(framework: GammaFramework.self)
        #expect((container.resolve() as Consumer<GammaFramework>).service.label == "beta")
    }

    @Test func testOverrideBeatsEverything() {
        let container = app()
        container.register { LabeledService(label: "test") }.as(Service.self).test()
        for label in [
            (container.resolve() as Consumer<AlphaFramework>).service.label,
            (container.resolve() as Consumer<BetaFramework>).service.label,
            (container.resolve() as Consumer<GammaFramework>).service.label,
            (container.resolve() as Consumer<DeltaFramework>).service.label,
            (container.resolve() as any Service).label,
        ] {
            #expect(label == "test")
        }
    }

    @Test func ambiguousErrorListsEveryCandidateWithFrameworkAndFileLine() {
        let container = DIContainer()
        container.append(framework: BetaFramework.self)
        container.append(framework: ZetaFramework.self)
        container.append(framework: DeltaFramework.self)
        container.register { LabeledService(label: "outside") }.as(Service.self)
        container.register { LabeledService(label: "outside-default-2") }.as(Service.self).default()
        container.register { LabeledService(label: "outside-default-3") }.as(Service.self).default()
        do {
            let _: Consumer<DeltaFramework> = try container.tryResolve()
            Issue.record("three defaults tie: must be ambiguous")
        } catch {
            #expect(error.kind == .ambiguous)
            #expect(error.candidates.map(\.framework).contains("BetaFramework"))
            #expect(error.candidates.map(\.framework).contains("ZetaFramework"))
            #expect(error.candidates.map(\.framework).contains(nil))
            #expect(
                error.candidates.allSatisfy {
                    $0.location.contains("Fixtures.swift:") || $0.location.contains("PriorityTests.swift:")
                }
            )
            #expect(error.description.contains("BetaFramework"))
            #expect(error.description.contains("Fixtures.swift:"))
            #expect(error.path.first == "Consumer<DeltaFramework>")
        }
    }

    @Test func optionalGetsNilWhenAmbiguous() {
        let container = DIContainer()
        container.append(framework: BetaFramework.self)
        container.append(framework: DeltaFramework.self)
        container.register { LabeledService(label: "outside") }.as(Service.self)
        let consumer: OptionalConsumer<DeltaFramework> = container.resolve()
        #expect(consumer.service == nil)
        let direct: (any Service)? = container.resolve()
        #expect(direct == nil)
    }

    @Test func resolveFromStartsAtTheGivenFramework() {
        let container = app()
        #expect((container.resolve(from: AlphaFramework.self) as any Service).label == "alpha2")
        #expect((container.resolve(from: BetaFramework.self) as any Service).label == "beta")
        #expect((container.resolve(from: GammaFramework.self) as any Service).label == "beta")
        // Delta neither has nor imports one: the global `.default()` rule answers.
        #expect((container.resolve(from: DeltaFramework.self) as any Service).label == "alpha2")
        // A framework's component asking, and asking from that framework, agree.
        let consumer: Consumer<GammaFramework> = container.resolve(from: AlphaFramework.self)
        #expect(consumer.service.label == "beta")
    }

    @Test func manyIgnoresFrameworksAndKeepsRegistrationOrder() {
        let container = app()
        let all: [any Service] = container.resolveMany()
        #expect(all.map(\.label) == ["alpha1", "alpha2", "beta"])
    }

    /// A resolve a factory makes through its `DIContainer` parameter asks for the component
    /// that factory makes: its framework's rules pick, as for a parameter.
    @Test func aResolveInsideAFactoryUsesTheFrameworkOfTheComponentBeingMade() throws {
        let container = app()
        container.append(framework: ResolvingBetaFramework.self)
        container.append(framework: ResolvingGammaFramework.self)

        let own: SelfResolving<ResolvingBetaFramework> = try container.tryResolve()
        let imported: SelfResolving<ResolvingGammaFramework> = try container.tryResolve()

        #expect(own.service.label == "resolving-beta")
        #expect(imported.service.label == "beta")
    }
}

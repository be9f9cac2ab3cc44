import DICore
import DILazy
import Testing

private final class GVEngine {}
private final class GVCar {
    init(engine: GVEngine) {}
}
private final class GVGarage {
    init(car: GVCar?) {}
}
private final class GVRouter {
    init(server: String) {}
}
private final class GVRouterHolder {
    init(router: Provider1<GVRouter, Int>) {}
}
private final class GVGoodRouterHolder {
    init(router: Provider1<GVRouter, String>) {}
}
private final class GVPlainRouterHolder {
    init(router: GVRouter) {}
}
private final class GVToken: Sendable {}
private final class GVDelayedHolder {
    init(
        a: Provider<GVSession>,
        b: Lazy2<GVRouter, Int, String>,
        c: AsyncProvider1<GVToken, String>,
        d: AsyncLazy<GVToken>?,
        e: Lazy<GVSession?>,
        f: Provider<GVSession?>?
    ) {}
}
private final class GVSession {}
private final class GVCache {
    init(session: GVSession) {}
}
private final class GVLazyCache {
    init(session: Provider<GVSession>) {}
}
private final class GVFeedFramework {}
private final class GVFeedPart {}
private final class GVNetworkFramework {}

/// Collects the diagnostics a container delivers.
private final class GVDiagnostics: DIObserver, @unchecked Sendable {
    // @unchecked Sendable: test observer, `found` is only read after the synchronous call.
    var found: [DIDiagnostic] = []
    func receive(_ event: DIEvent) {
        if event.kind == .diagnostic, let diagnostic = event.diagnostic { found.append(diagnostic) }
    }
}

@Suite struct GraphValidationTests {
    private func kinds(_ container: DIContainer) -> [DIDiagnostic.Kind] {
        container.makeGraph().validate().map(\.kind)
    }

    @Test func missingDependencyIsAnErrorWithItsPathAndComponent() throws {
        let container = DIContainer()
        container.register(GVCar.init)
        let found = container.makeGraph().validate()
        let diagnostic = try #require(found.first)
        #expect(found.count == 1)
        #expect(diagnostic.kind == .missingDependency)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.path == ["GVCar", "GVEngine"])
        #expect(diagnostic.component?.typeName == "GVCar")
        #expect(diagnostic.component?.file == #fileID)
        #expect(diagnostic.description.hasPrefix("error: GVCar needs GVEngine"))
    }

    @Test func missingOptionalDependencyIsFine() {
        let container = DIContainer()
        container.register(GVGarage.init)
        #expect(container.makeGraph().validate().isEmpty)
    }

    @Test func ambiguousDependencyIsAnErrorUnlessADefaultBreaksTheTie() {
        let container = DIContainer()
        container.register(GVEngine.init)
        let second = container.register(GVEngine.init)
        container.register(GVCar.init)
        #expect(kinds(container) == [.ambiguousDependency])
        second.default()
        #expect(kinds(container).isEmpty)
    }

    /// A tied optional is `nil` on every resolve: a mistake (a missing `.default()`), as a
    /// name nothing carries is.
    @Test func anAmbiguousOptionalDependencyIsAnErrorToo() throws {
        final class Dashboard {
            init(engine: GVEngine?) {}
        }
        let container = DIContainer()
        container.register(GVEngine.init)
        let second = container.register(GVEngine.init)
        container.register(Dashboard.init)
        let problems = container.makeGraph().validate()
        try #require(problems.count == 1)
        let problem = problems[0]
        #expect(problem.kind == .ambiguousDependency)
        #expect(problem.severity == .error)
        #expect(problem.message.contains("Dashboard needs GVEngine?: 2 components match"))
        #expect(problem.message.hasSuffix("until one is picked, it is nil every time"))
        #expect(!container.makeGraph().checkIsValid(checkGraphCycles: true))
        second.default()
        #expect(container.makeGraph().validate().isEmpty)
    }

    @Test func theRequestersFrameworkBreaksTheTie() {
        let container = DIContainer()
        container.register(GVEngine.init)
        container.load(OriginUnit(GVFeedFramework.self), isFramework: true) {
            container.register(GVEngine.init)
            container.register(GVCar.init)
        }
        #expect(kinds(container).isEmpty)
    }

    @Test func dependingOnAComponentWithoutInitializerIsAnError() {
        let container = DIContainer()
        container.register(GVEngine.self)
        container.register(GVCar.init)
        #expect(kinds(container) == [.noInitializer])
    }

    /// An optional dependency on it resolves, to `nil` every time: still an error, saying so.
    @Test func anOptionalDependencyOnAComponentWithoutInitializerIsAnErrorSayingItIsNil() throws {
        let container = DIContainer()
        container.register(GVCar.self)
        container.register(GVGarage.init)
        let _: GVGarage = container.resolve()
        let problem = try #require(container.makeGraph().validate().first)
        #expect(problem.kind == .noInitializer && problem.severity == .error)
        #expect(
            problem.message.hasSuffix("only inject(into:) can fill it, and it is nil every time"),
            "\(problem.message)"
        )
    }

    @Test func providerArgumentsThatCanNeverMatchAreErrors() {
        let container = DIContainer()
        container.register { GVRouter(server: arg($0)) }
        container.register(GVRouterHolder.init)
        container.register(GVGoodRouterHolder.init)
        container.register(GVPlainRouterHolder.init)
        let found = container.makeGraph().validate()
        #expect(found.map(\.kind) == [.argumentMismatch, .argumentMismatch])
        // A plain dependency can still be fed by the root's `AnyArguments`: a warning.
        #expect(found.map(\.severity) == [.error, .warning])
        #expect(found.map { $0.path[0] } == ["GVRouterHolder", "GVPlainRouterHolder"])
        #expect(found[0].message.hasPrefix("GVRouterHolder needs Provider1<GVRouter, Int>: it passes (Int) but "))
        #expect(found[0].message.contains("(String)"))
        #expect(found[1].message.contains("no runtime arguments"))
    }

    @Test func aDelayedRequestIsNamedByItsOwnType() {
        let container = DIContainer()
        container.register(GVDelayedHolder.init)
        let graph = container.makeGraph()
        #expect(
            graph.edges.map(\.request) == [
                "Provider<GVSession>", "Lazy2<GVRouter, Int, String>", "AsyncProvider1<GVToken, String>",
                "AsyncLazy<GVToken>?", "Lazy<GVSession?>", "Provider<GVSession?>?",
            ]
        )
    }

    @Test func aLongerLivedComponentHoldingAShorterLivedOneIsACaptiveWarning() {
        let container = DIContainer()
        container.load(OriginUnit(GVFeedFramework.self), isFramework: true) {
            container.load(OriginUnit(GVFeedPart.self), isFramework: false) {
                container.register(GVSession.init).lifetime(.perPart(.single))
            }
        }
        container.register(GVCache.init).lifetime(.perApplication(.single))
        container.register(GVLazyCache.init).lifetime(.perApplication(.single))
        let found = container.makeGraph().validate()
        #expect(found.map(\.kind) == [.captiveDependency])
        #expect(found.first?.severity == .warning)
        #expect(found.first?.message.contains("clean(part: GVFeedPart)") == true)
    }

    @Test func aSingleHoldingAnObjectGraphComponentIsCaptive() {
        let container = DIContainer()
        container.register(GVSession.init).lifetime(.objectGraph)
        container.register(GVCache.init).lifetime(.single)
        #expect(kinds(container) == [.captiveDependency])
    }

    @Test func holdingAPrototypeIsNotCaptive() {
        let container = DIContainer()
        container.register(GVSession.init)
        container.register(GVCache.init).lifetime(.perContainer(.single))
        #expect(kinds(container).isEmpty)
    }

    @Test(arguments: [DILifeTime.perPart(.single), .perFramework(.weak)])
    func partAndFrameworkLifetimesOutsideTheirScopeAreWarnings(lifetime: DILifeTime) {
        let container = DIContainer()
        container.register(GVSession.init).lifetime(lifetime)
        let found = container.makeGraph().validate()
        #expect(found.map(\.kind) == [.scopeOutsideOrigin])
        #expect(found.first?.severity == .warning)
    }

    @Test func severalTestOverridesForOneRequestAreAWarning() {
        let container = DIContainer()
        container.register(GVEngine.init)
        container.register(GVEngine.init).test()
        container.register(GVEngine.init).test()
        let found = container.makeGraph().validate()
        #expect(found.map(\.kind) == [.severalTestOverrides])
        #expect(found.first?.path == ["GVEngine"])
    }

    @Test func importOutsideAFrameworkIsAMisuseWarning() {
        let container = DIContainer()
        container.recordImport(OriginUnit(GVNetworkFramework.self))
        let found = container.makeGraph().validate()
        #expect(found.map(\.kind) == [.misuse])
        #expect(found.first?.severity == .warning)
    }

    @Test func aChildContainerAnswersWhatItsParentLacks() {
        let parent = DIContainer()
        parent.register(GVCar.init)
        let child = DIContainer(parent: parent)
        child.register(GVEngine.init)
        #expect(kinds(parent) == [.missingDependency])
        let graph = child.makeGraph()
        #expect(graph.validate().isEmpty)
        #expect(graph.vertices.map(\.containerLevel).sorted() == [0, 1])
    }

    @Test func checkIsValidDeliversEveryDiagnosticAndFailsOnlyOnErrors() {
        let container = DIContainer()
        let observer = GVDiagnostics()
        container.addObserver(observer)
        container.register(GVSession.init).lifetime(.perPart(.single))
        observer.found.removeAll()  // the registration itself already warned
        #expect(container.makeGraph().checkIsValid())
        #expect(observer.found.map(\.kind) == [.scopeOutsideOrigin])
        container.register(GVCar.init)
        #expect(!container.makeGraph().checkIsValid())
        #expect(observer.found.map(\.severity).contains(.error))
    }

    @Test func edgesDescribeTheirDependencies() throws {
        let container = DIContainer()
        container.register { GVRouter(server: arg($0)) }
        container.register(GVGoodRouterHolder.init)
        let graph = container.makeGraph()
        let holder = try #require(graph.vertices.first { $0.typeName == "GVGoodRouterHolder" })
        let edge = try #require(graph.edges(from: holder).first)
        #expect(edge.isProvider && !edge.isLazy && !edge.isMany && !edge.isOptional)
        #expect(edge.argumentTypes == ["String"])
        #expect(edge.role == .parameter)
        #expect(edge.to == graph.vertices.filter { $0.typeName == "GVRouter" }.map(\.id))
        #expect(graph.vertices.first { $0.typeName == "GVRouter" }?.argumentTypes == ["String"])
    }

    @Test(arguments: [1_000, 10_000])
    func validationIsLinearAndFinishesOnLargeGraphs(count: Int) {
        let container = DIContainer()
        container.register(GVRoot.init)
        var registered = 1
        GVTree.register(below: GVRoot.self, depth: 14, count: &registered, limit: count, in: container)
        // Timed by the benchmarks, not here: `swift test` prints test results only.
        let graph = container.makeGraph()
        let found = graph.validate()
        let cycles = graph.findCycles()
        #expect(graph.vertices.count == count)
        #expect(graph.edges.count == count - 1)
        #expect(found.isEmpty)
        #expect(cycles.isEmpty)
    }

    @Test func stronglyConnectedGroupsOfAHundredThousandVerticesNeedNoRecursion() {
        let count = 100_000
        let ring = (0..<count).map { [($0 + 1) % count] }
        let groups = StronglyConnected.loops(ring)
        #expect(groups.count == 1)
        #expect(groups.first?.count == count)
        #expect(StronglyConnected.loop(in: groups[0], ring).count == count)
    }
}

/// Marks the root of a tree of distinct generic types (every component its own type, so
/// registration does not pile 10,000 components onto one key).
private final class GVRoot {}
private final class GVLeft<Parent> {}
private final class GVRight<Parent> {}

private enum GVTree {
    /// Registers `GVLeft<Parent>` and `GVRight<Parent>` (each needing a `Parent`), then their
    /// children, depth first, until `limit` components are registered.
    static func register<Parent>(
        below parent: Parent.Type,
        depth: Int,
        count: inout Int,
        limit: Int,
        in container: DIContainer
    ) {
        guard depth > 0, count < limit else { return }
        container.register { (_: Parent) in GVLeft<Parent>() }
        count += 1
        guard count < limit else { return }
        container.register { (_: Parent) in GVRight<Parent>() }
        count += 1
        register(below: GVLeft<Parent>.self, depth: depth - 1, count: &count, limit: limit, in: container)
        register(below: GVRight<Parent>.self, depth: depth - 1, count: &count, limit: limit, in: container)
    }
}

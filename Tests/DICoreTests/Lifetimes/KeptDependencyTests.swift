import DICore
import TestSupport
import Testing

// A new object over services made once — the shape of most screens. From a graph's second
// resolve on, its compiled steps read a service's instance straight from the cell that
// keeps it. What a user sees must be what the general way gives: the one instance, a new
// one after a clean or once a weak one is gone, each reported reused, and a child that
// isolates its instances keeping its own.

/// A kept value, not an object: read the general way.
private struct KDSettings: Sendable {
    let id: Int
}

private final class KDConfigured: Sendable {
    let settings: KDSettings
    init(settings: KDSettings) { self.settings = settings }
}

@Suite struct KeptDependencyTests {
    private static func container(_ lifetime: DILifeTime) -> DIContainer {
        let container = DIContainer()
        container.register(GraphLeaf.init).lifetime(lifetime)
        container.register(GraphMiddle.init).lifetime(.objectGraph)
        container.register(GraphRoot.init)
        return container
    }

    @Test func everyResolveGetsTheOneInstanceAndACleanMakesANewOne() {
        let container = Self.container(.perContainer(.single))
        let first: GraphRoot = container.resolve()
        // The first resolve takes the general way; the plan is compiled the second time.
        for _ in 0..<4 {
            let screen: GraphRoot = container.resolve()
            #expect(screen !== first)
            #expect(screen.leaf === first.leaf)
            #expect(screen.middle.leaf === first.leaf)
        }
        container.clean()
        let afterClean: GraphRoot = container.resolve()
        #expect(afterClean.leaf !== first.leaf)
        #expect(afterClean.middle.leaf === afterClean.leaf)
        let again: GraphRoot = container.resolve()
        #expect(again.leaf === afterClean.leaf)
    }

    @Test(arguments: [DILifeTime.perContainer(.single), .custom(name: "screen"), .custom(DIScope(name: "session"))])
    func aCleanLetsTheServiceGoAtOnce(_ lifetime: DILifeTime) async {
        let container = Self.container(lifetime)
        weak var gone: GraphLeaf?
        do {
            // Read by compiled steps on this thread, and on others (which keep no screen:
            // their threads may outlive the race a little).
            let screens: [GraphRoot] = (0..<3).map { _ in container.resolve() }
            let leaves = Collected<ObjectIdentifier>()
            await race(threads: 4) { _ in
                for _ in 0..<3 { leaves.append(ObjectIdentifier((container.resolve() as GraphRoot).leaf)) }
            }
            #expect(screens.allSatisfy { $0.leaf === screens[0].leaf })
            #expect(leaves.values.allSatisfy { $0 == ObjectIdentifier(screens[0].leaf) })
            gone = screens[0].leaf
        }
        #expect(gone != nil)
        switch lifetime {
        case .custom(let name): container.clean(custom: name)
        case .scoped(let scope): scope.clean()
        default: container.clean()
        }
        #expect(gone == nil, "a cleaned service outlived the clean")
        let screen: GraphRoot = await container.resolve()
        let again: GraphRoot = await container.resolve()
        #expect(screen.leaf === again.leaf && screen.middle.leaf === screen.leaf)
    }

    @Test func aWeakInstanceIsSharedWhileItLivesAndMadeAgainOnceItIsGone() {
        let container = Self.container(.perContainer(.weak))
        weak var gone: GraphLeaf?
        do {
            let held: GraphRoot = container.resolve()
            for _ in 0..<3 {
                let screen: GraphRoot = container.resolve()
                #expect(screen.leaf === held.leaf)
            }
            gone = held.leaf
        }
        #expect(gone == nil)
        let screen: GraphRoot = container.resolve()
        let again: GraphRoot = container.resolve()
        #expect(screen.leaf === again.leaf)
        #expect(screen.middle.leaf === screen.leaf)
    }

    @Test func eachReadIsReportedReusedFromItsLifetime() {
        let container = Self.container(.perContainer(.single))
        let log = EventLog()
        container.addObserver(log)
        defer { container.removeObserver(log) }
        for _ in 0..<2 {
            let _: GraphRoot = container.resolve()
        }
        log.reset()
        let _: GraphRoot = container.resolve()
        let leaf = log.all.filter { $0.component?.type == GraphLeaf.self }
        #expect(leaf.filter { $0.kind == .reused }.count == 2)
        #expect(leaf.allSatisfy { $0.kind != .made })
        #expect(leaf.filter { $0.kind == .reused }.allSatisfy { $0.storage == "perContainer" })
        let finished = leaf.filter { $0.kind == .resolveFinished }
        #expect(finished.count == 2 && finished.allSatisfy { $0.outcome == .reused })
    }

    @Test func aProvidersValuesShareTheGraphItWasHandedOutIn() {
        let container = Self.container(.objectGraph)
        let provider: Provider<GraphRoot> = container.resolve()
        let first = provider.value
        let log = EventLog()
        container.addObserver(log)
        for _ in 0..<4 {
            let root = provider.value
            #expect(root !== first)
            #expect(root.middle === first.middle && root.leaf === first.leaf)
        }
        container.removeObserver(log)
        let reused = log.all.filter { $0.kind == .reused }
        #expect(reused.count == 8)
        #expect(reused.allSatisfy { $0.component?.type == GraphMiddle.self || $0.component?.type == GraphLeaf.self })
        // Another provider, another graph.
        let other: Provider<GraphRoot> = container.resolve()
        #expect(other.value.leaf !== first.leaf)
    }

    @Test func whatAProvidersValuesMadeInItsGraphLivesOnlyWhileTheAppHoldsIt() {
        let container = Self.container(.objectGraph)
        let provider: Provider<GraphRoot> = container.resolve()
        weak var goneLeaf: GraphLeaf?
        weak var goneMiddle: GraphMiddle?
        do {
            let first = provider.value
            let second = provider.value
            #expect(second.leaf === first.leaf)
            goneLeaf = first.leaf
            goneMiddle = first.middle
        }
        // The provider's graph holds them weakly once its values' resolves returned.
        #expect(goneLeaf == nil && goneMiddle == nil)
        let root = provider.value
        #expect(provider.value.leaf === root.leaf)
    }

    @Test func aKeptValueIsTheSameOnEveryResolve() {
        let container = DIContainer()
        let made = Counter()
        container.register { KDSettings(id: made.increment()) }.lifetime(.perContainer(.single))
        container.register(KDConfigured.init)
        for _ in 0..<4 {
            let configured: KDConfigured = container.resolve()
            #expect(configured.settings.id == 1)
        }
        #expect(made.value == 1)
    }

    @Test func anIsolatingChildKeepsItsOwnInstanceOfItsParentsService() {
        let app = Self.container(.perContainer(.single))
        let appScreen: GraphRoot = app.resolve()
        let feature = DIContainer(isolatedFrom: app)
        let first: GraphRoot = feature.resolve()
        for _ in 0..<3 {
            let screen: GraphRoot = feature.resolve()
            #expect(screen.leaf === first.leaf)
            #expect(screen.leaf !== appScreen.leaf)
            let fromApp: GraphRoot = app.resolve()
            #expect(fromApp.leaf === appScreen.leaf)
        }
    }
}

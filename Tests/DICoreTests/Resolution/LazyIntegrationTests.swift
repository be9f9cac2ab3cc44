import DICore
import DILazy
import TestSupport
import Testing

// Types are prefixed `LI` so they never clash with other suites of this test target.

/// What the seed prints, captured.
private final class LILog: Sendable {
    private let printed = LockedValue<[String]>([])
    var lines: [String] { printed.withLock { $0 } }
    func print(_ line: Any) {
        let text = "\(line)"
        printed.withLock { $0.append(text) }
    }
}

/// The seed's `Int` registration: prints "creating int" and counts up.
private func registerCountingInt(in container: DIContainer, log: LILog) {
    let counter = Counter()
    container.register { () -> Int in
        log.print("creating int")
        return counter.increment()
    }
}

private final class LIDirectInjection {
    let value: Int
    init(value: Int) { self.value = value }
    func test(_ log: LILog) {
        log.print("begin")
        log.print(value)
        log.print(value)
        log.print(value)
    }
}

private final class LILazyInjection {
    let value: Lazy<Int>
    init(value: Lazy<Int>) { self.value = value }
    func test(_ log: LILog) {
        log.print("begin")
        log.print(*value)
        log.print(*value)
        log.print(*value)
    }
}

private final class LIProviderInjection {
    let value: Provider<Int>
    init(value: Provider<Int>) { self.value = value }
    func test(_ log: LILog) {
        log.print("begin")
        log.print(*value)
        log.print(*value)
        log.print(*value)
    }
}

// MARK: The router example

private final class LILoginRouter { init(log: LILog) { log.print("login") } }
private final class LINotificationRouter { init(log: LILog) { log.print("notification") } }
private final class LITasksRouter { init(log: LILog) { log.print("tasks") } }
private final class LINewsRouter {
    // The seed: "never do this — it is an example".
    var mainRouter: LIMainRouter?
    init(log: LILog) { log.print("news") }
}

private final class LIMainRouter {
    let loginRouter: Lazy<LILoginRouter>
    let notificationRouter: Provider<LINotificationRouter>
    let newsRouter: Provider<LINewsRouter>
    let tasksRouter: Provider<LITasksRouter>

    init(
        loginRouter: Lazy<LILoginRouter>,
        notificationRouter: Provider<LINotificationRouter>,
        newsRouter: Provider<LINewsRouter>,
        tasksRouter: Provider<LITasksRouter>
    ) {
        self.loginRouter = loginRouter
        self.notificationRouter = notificationRouter
        self.newsRouter = newsRouter
        self.tasksRouter = tasksRouter
    }

    func showNews() -> LINewsRouter { newsRouter.value }
}

final class LIDependency {}
final class LIArgNewsRouter {
    let dependency: LIDependency
    let serverName: String
    let newsCount: Int
    init(dependency: LIDependency, serverName: String, newsCount: Int) {
        self.dependency = dependency
        self.serverName = serverName
        self.newsCount = newsCount
    }
}

private final class LIArgMainRouter {
    let newsRouter: Provider2<LIArgNewsRouter, String, Int>
    init(newsRouter: Provider2<LIArgNewsRouter, String, Int>) { self.newsRouter = newsRouter }
    func showNews(count: Int) -> LIArgNewsRouter { newsRouter.value("servername", count) }
}

// MARK: Graph sharing and cycles

final class LIShared {}
final class LILeaf {
    let shared: LIShared
    init(shared: LIShared) { self.shared = shared }
}

/// Reads its Lazy while the resolve that makes it is still running.
final class LIEagerRoot {
    let shared: LIShared
    let leaf: LILeaf
    init(shared: LIShared, leaf: Lazy<LILeaf>) {
        self.shared = shared
        self.leaf = leaf.value
    }
}

final class LIRoot {
    let shared: LIShared
    let leaf: Lazy<LILeaf>
    let leaves: Provider<LILeaf>
    init(shared: LIShared, leaf: Lazy<LILeaf>, leaves: Provider<LILeaf>) {
        self.shared = shared
        self.leaf = leaf
        self.leaves = leaves
    }
}

private final class LICycleA {
    let b: LICycleB
    init(b: LICycleB) { self.b = b }
}

private final class LICycleB {
    let a: Lazy<LICycleA>
    let anyA: Provider<LICycleA>
    init(a: Lazy<LICycleA>, anyA: Provider<LICycleA>) {
        self.a = a
        self.anyA = anyA
    }
}

// MARK: Arguments

struct LIArgs: Equatable {
    var values: [String]
}

// MARK: Wrappers

private protocol LIPlugin: AnyObject { var name: String { get } }
private final class LIPluginA: LIPlugin { let name = "a" }
private final class LIPluginB: LIPlugin { let name = "b" }
private enum LIBlueTag {}

private final class LIPluginHost {
    let plugins: [Lazy<LIPlugin>]
    let maybe: Lazy<LIDependency>?
    let blue: Lazy<LIPlugin>
    var named: Provider<LIPlugin>?
    init(plugins: [Lazy<LIPlugin>], maybe: Lazy<LIDependency>?, blue: Lazy<LIPlugin>) {
        self.plugins = plugins
        self.maybe = maybe
        self.blue = blue
    }
}

@Suite struct LazyIntegrationTests {
    // MARK: The seed's three examples

    @Test func seedDirectInjectionMakesTheIntBeforeBegin() {
        let log = LILog()
        let container = DIContainer()
        registerCountingInt(in: container, log: log)
        container.register(LIDirectInjection.init)
        let injection: LIDirectInjection = *container
        injection.test(log)
        #expect(log.lines == ["creating int", "begin", "1", "1", "1"])
    }

    @Test func seedLazyMakesTheIntOnFirstRead() {
        let log = LILog()
        let container = DIContainer()
        registerCountingInt(in: container, log: log)
        container.register(LILazyInjection.init)
        let injection: LILazyInjection = *container
        injection.test(log)
        #expect(log.lines == ["begin", "creating int", "1", "1", "1"])
    }

    @Test func seedProviderMakesTheIntOnEveryRead() {
        let log = LILog()
        let container = DIContainer()
        registerCountingInt(in: container, log: log)
        container.register(LIProviderInjection.init)
        let injection: LIProviderInjection = *container
        injection.test(log)
        #expect(log.lines == ["begin", "creating int", "1", "creating int", "2", "creating int", "3"])
    }

    // MARK: The router example

    private func routerContainer(_ log: LILog) -> DIContainer {
        let container = DIContainer()
        container.register { log }
        container.register(LIMainRouter.init).lifetime(.objectGraph)
        container.register(LILoginRouter.init)
        container.register(LINotificationRouter.init)
        container.register(LITasksRouter.init)
        container.register(LINewsRouter.init).injection(cycle: true, \.mainRouter)
        return container
    }

    @Test func routersAreMadeOnlyWhenShown() {
        let log = LILog()
        let container = routerContainer(log)
        let main: LIMainRouter = container.resolve()
        #expect(log.lines.isEmpty)
        let news = main.showNews()
        #expect(log.lines == ["news"])
        #expect(main.showNews() !== news)
        #expect(log.lines == ["news", "news"])
        #expect(!main.loginRouter.wasMade)
        #expect(main.loginRouter.value === main.loginRouter.value)
        #expect(log.lines == ["news", "news", "login"])
    }

    @Test func newsRouterReachedThroughProviderPointsToItsParentMainRouter() {
        let log = LILog()
        let container = routerContainer(log)
        let main: LIMainRouter = container.resolve()
        let other: LIMainRouter = container.resolve()
        #expect(main !== other)
        #expect(main.showNews().mainRouter === main)
        #expect(other.showNews().mainRouter === other)
    }

    @Test func providerWithArgumentsFeedsArgParametersInOrder() {
        let container = DIContainer()
        container.register(LIArgMainRouter.init)
        container.register(LIDependency.init).lifetime(.perContainer(.single))
        container.register { LIArgNewsRouter(dependency: $0, serverName: arg($1), newsCount: arg($2)) }
        let main: LIArgMainRouter = container.resolve()
        let news = main.showNews(count: 20)
        #expect(news.serverName == "servername")
        #expect(news.newsCount == 20)
        #expect(news.dependency === container.resolve() as LIDependency)
        #expect(main.showNews(count: 3).newsCount == 3)
    }

    // MARK: Same object graph

    /// `LIShared` (`objectGraph`), `LILeaf`, `LIRoot` and `LIEagerRoot` (also `LazyReleaseTests`').
    static func graphContainer() -> DIContainer {
        let container = DIContainer()
        container.register(LIShared.init).lifetime(.objectGraph)
        container.register(LILeaf.init)
        container.register(LIRoot.init)
        container.register(LIEagerRoot.init)
        return container
    }

    @Test func lazyReadDuringTheResolveReachesTheSameGraph() {
        let container = Self.graphContainer()
        let root: LIEagerRoot = container.resolve()
        #expect(root.leaf.shared === root.shared)
    }

    @Test func lazyAndProviderReadAfterTheResolveReachTheSameGraph() {
        let container = Self.graphContainer()
        let root: LIRoot = container.resolve()
        let other: LIRoot = container.resolve()
        #expect(root.shared !== other.shared)
        #expect(root.leaf.value.shared === root.shared)
        let first = root.leaves.value
        let second = root.leaves.value
        #expect(first !== second)
        #expect(first.shared === root.shared)
        #expect(second.shared === root.shared)
        #expect(other.leaves.value.shared === other.shared)
    }

    @Test func topLevelLazyStartsAGraphOfItsOwn() {
        let container = Self.graphContainer()
        let lazy: Lazy<LILeaf> = container.resolve()
        let provider: Provider<LILeaf> = container.resolve()
        #expect(lazy.value.shared !== provider.value.shared)
    }

    // MARK: Cycles

    @Test func lazyAndProviderBreakAnInitializerCycle() throws {
        let container = DIContainer()
        container.register(LICycleA.init).lifetime(.objectGraph)
        container.register(LICycleB.init)
        let a: LICycleA = try container.tryResolve()
        #expect(a.b.a.value === a)
        #expect(a.b.anyA.value === a)
        // The made Lazy keeps `a`, which keeps it: a cycle made on purpose; break it.
        a.b.a.clear()
    }

    @Test func lazyCycleWithAPrototypeRootMakesANewRoot() throws {
        let container = DIContainer()
        container.register(LICycleA.init)
        container.register(LICycleB.init)
        let a: LICycleA = try container.tryResolve()
        let again = a.b.a.value
        #expect(again !== a)
        #expect(a.b.a.value === again)
    }

    // MARK: Nested wrappers, names, tags

    @Test func wrappersNestWithNamesAndTags() {
        let container = DIContainer()
        container.register(LIPluginA.init).as(LIPlugin.self).as(LIPlugin.self, tag: LIBlueTag.self)
        container.register(LIPluginB.init).as(LIPlugin.self).as(LIPlugin.self, name: "bee")
        container.register { LIPluginHost(plugins: many($0), maybe: $1, blue: by(tag: LIBlueTag.self, on: $2)) }
            .injection(name: "bee", \.named)
        let host: LIPluginHost = container.resolve()
        #expect(host.plugins.map(\.value.name) == ["a", "b"])
        #expect(host.maybe == nil)
        #expect(host.blue.value.name == "a")
        #expect(host.named?.value.name == "b")

        let all: [Lazy<LIPlugin>] = container.resolveMany()
        #expect(all.map { $0.value.name } == ["a", "b"])
        let named: Lazy<LIPlugin> = container.resolve(name: "bee")
        #expect(named.value.name == "b")
        let tagged: Provider<LIPlugin> = container.resolve(tag: LIBlueTag.self)
        #expect(tagged.value.name == "a")
        let optional: Lazy<LIPlugin>? = container.resolve()
        #expect(optional == nil)  // two plugins match: ambiguous, so nil
        let nested: Provider<Lazy<LIPluginA>> = container.resolve()
        let first = nested.value
        #expect(first.value === first.value)
        #expect(nested.value.value !== first.value)
    }

    @Test func optionalLazyIsPresentWhenRegistered() {
        let container = DIContainer()
        container.register(LIDependency.init)
        let maybe: Lazy<LIDependency>? = container.resolve()
        #expect(maybe?.value != nil)
        let missing: Lazy<LIShared>? = container.resolve()
        #expect(missing == nil)
    }

    @Test func missingTargetFailsWhenTheLazyIsHandedOutNotWhenRead() {
        let container = DIContainer()
        let result: Result<Lazy<LIShared>, DIError> = Result { () throws(DIError) in try container.tryResolve() }
        #expect(result.failure?.kind == .notRegistered)
    }
}

extension Result {
    /// The error, if this is a failure (for the `Lazy` and `Provider` tests' resolves).
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

import DICore
import Foundation
import TestSupport
import Testing

/// A service that must connect before it can be used: made by an async initializer.
final class ConnectionPool: Sendable {
    let server: String
    init(server: String, made: Counter, delay: Duration = .zero) async {
        made.increment()
        if delay > .zero { try? await Task.sleep(for: delay) }
        self.server = server
    }
}

/// A synchronous component that depends on an async one.
final class Repository: Sendable {
    let pool: ConnectionPool
    init(pool: ConnectionPool) { self.pool = pool }
}

/// A main-actor type, as view models are.
@MainActor final class FeedViewModel {
    let repository: Repository
    let madeOnMainActor: Bool
    init(repository: Repository) {
        self.repository = repository
        // Traps if the container ran this initializer anywhere but on the main actor.
        MainActor.preconditionIsolated()
        madeOnMainActor = true
    }
}

/// A synchronous component with parameters of every shape, some of them async components.
private final class Dashboard {
    let pool: ConnectionPool
    let repository: Repository
    let owner: Owner?
    let lazyRepository: Lazy<Repository>
    let title: String

    init(pool: ConnectionPool, repository: Repository, owner: Owner?, lazyRepository: Lazy<Repository>, title: String) {
        self.pool = pool
        self.repository = repository
        self.owner = owner
        self.lazyRepository = lazyRepository
        self.title = title
    }
}

/// A synchronous component whose second parameter nothing registers.
private final class Report {
    init(pool: ConnectionPool, owner: Owner) {}
}

@Suite struct AsyncResolutionTests {
    /// A synchronous factory in an async resolve gets each parameter awaited in order (an
    /// async one, a synchronous one that itself awaits one, an optional, a `Lazy`, an
    /// `arg`), then runs with them.
    @Test func aSynchronousFactoryGetsEveryKindOfParameterAwaited() async throws {
        let made = Counter()
        let container = Self.repositoryOverAPool(made: made)
        container.register {
            (pool: ConnectionPool, repository: Repository, owner: Owner?, lazy: Lazy<Repository>, title: DIArg<String>)
            in
            Dashboard(pool: pool, repository: repository, owner: owner, lazyRepository: lazy, title: arg(title))
        }
        let dashboard: Dashboard = try await container.tryResolve(args: "home")
        #expect(dashboard.pool === dashboard.repository.pool)
        #expect(dashboard.owner == nil)
        #expect(dashboard.title == "home")
        #expect(dashboard.lazyRepository.value.pool === dashboard.pool)
        #expect(made.value == 1)
        let again: Dashboard = await container.resolve(args: "again")
        #expect(again.title == "again")
        #expect(again.pool === dashboard.pool)
    }

    @Test func aMissingParameterOfASynchronousFactoryNamesTheChainInAnAsyncResolve() async {
        let container = DIContainer()
        container.register { () async in await ConnectionPool(server: "db", made: Counter()) }
        container.register(Report.init)
        let error = await #expect(throws: DIError.self) {
            let _: Report = try await container.tryResolve()
        }
        #expect(error?.kind == .notRegistered)
        #expect(error?.path == ["Report", "Owner"])
    }

    /// A `Repository` (synchronous) over a `perContainer` `ConnectionPool` (async).
    private static func repositoryOverAPool(made: Counter) -> DIContainer {
        let container = DIContainer()
        container.register { () async in await ConnectionPool(server: "db", made: made) }
            .lifetime(.perContainer(.single))
        container.register(Repository.init)
        return container
    }

    @Test func asyncFactoryAndSyncComponentsResolveInOneGraph() async throws {
        let made = Counter()
        let container = Self.repositoryOverAPool(made: made)
        let repository: Repository = await container.resolve()
        let again: Repository = try await container.tryResolve()
        #expect(repository.pool.server == "db")
        #expect(repository.pool === again.pool)
        #expect(made.value == 1)
    }

    @Test func mainActorFactoryRunsOnTheMainActor() async {
        let container = DIContainer()
        container.register { () async in await ConnectionPool(server: "db", made: Counter()) }
        container.register(Repository.init)
        container.register(main: FeedViewModel.init)
        let model: FeedViewModel = await container.resolve()
        #expect(model.madeOnMainActor)
        #expect(model.repository.pool.server == "db")
    }

    @Test func synchronousResolveOfAnAsyncComponentIsATypedError() throws {
        let container = DIContainer()
        container.register { () async in await ConnectionPool(server: "db", made: Counter()) }
        container.register(Repository.init)
        let error = #expect(throws: DIError.self) {
            let _: Repository = try container.tryResolve()
        }
        #expect(error?.kind == .requiresAsync)
        #expect(error?.path == ["Repository", "ConnectionPool"])
        #expect(error?.description.contains("await") == true)
    }

    /// Inside a task the error adds why `await` may not have helped; on a plain thread,
    /// where no `await` could be written, it does not.
    @Test func aSynchronousResolveInATaskSaysWhyAwaitMayNotHaveHelped() async {
        let container = DIContainer()
        container.register { () async in await ConnectionPool(server: "db", made: Counter()) }
        @Sendable func reason() -> String? {
            do throws(DIError) {
                let _: ConnectionPool = try container.tryResolve()
                return nil
            } catch {
                return error.reason
            }
        }
        let inTask = await Task.detached { reason() }.value
        let hint = "inside a task: if its call has `await`, Swift picked the synchronous overload"
        #expect(inTask?.contains(hint) == true)
        let onThread = LockedValue<String?>(nil)
        await #expect(finishes { onThread.withLock { $0 = reason() } })
        let plain = "ConnectionPool has an async initializer; resolve it with await"
        #expect(onThread.value?.hasSuffix(plain) == true)
    }

    @Test func everyResolveFormHasAnAsyncVariant() async throws {
        let container = DIContainer()
        container.register { (server: String) async in await ConnectionPool(server: server, made: Counter()) }
            .as(ConnectionPool.self, name: "main")
            .as(ConnectionPool.self, tag: HouseTag.self)
        container.register { "primary" }
        container.register { () async in await ConnectionPool(server: "replica", made: Counter()) }

        let named: ConnectionPool = await container.resolve(name: "main")
        let tagged: ConnectionPool = await container.resolve(tag: HouseTag.self)
        let throwingNamed: ConnectionPool = try await container.tryResolve(name: "main")
        let throwingTagged: ConnectionPool = try await container.tryResolve(tag: HouseTag.self)
        #expect([named, tagged, throwingNamed, throwingTagged].allSatisfy { $0.server == "primary" })

        let all: [ConnectionPool] = await container.resolveMany()
        #expect(all.map(\.server) == ["primary", "replica"])
        let missing: Repository? = await container.resolve()
        #expect(missing == nil)
        let many: [ConnectionPool] = try await container.tryResolveMany()
        #expect(many.map(\.server) == ["primary", "replica"])
    }

    @Test func runtimeArgumentsReachAnAsyncFactory() async throws {
        let container = DIContainer()
        container.register { (server: DIArg<String>, delay: DIArg<Int>) async in
            await ConnectionPool(server: arg(server), made: Counter(), delay: .milliseconds(arg(delay)))
        }
        let pool: ConnectionPool = await container.resolve(args: "replica", 1)
        #expect(pool.server == "replica")
        let error = await #expect(throws: DIError.self) {
            let _: ConnectionPool = try await container.tryResolve(args: 1, "replica")
        }
        #expect(error?.kind == .argumentMismatch)
    }

    @Test func asyncLazyAndProviderResolveInTheSameGraph() async {
        final class Screen: Sendable {
            let pool: AsyncLazy<ConnectionPool>
            let fresh: AsyncProvider<ConnectionPool>
            init(pool: AsyncLazy<ConnectionPool>, fresh: AsyncProvider<ConnectionPool>) {
                self.pool = pool
                self.fresh = fresh
            }
        }
        let made = Counter()
        let container = DIContainer()
        container.register { () async in await ConnectionPool(server: "db", made: made) }
        container.register(Screen.init)
        let screen: Screen = await container.resolve()
        #expect(made.value == 0)
        let first = await screen.pool.value
        let second = await screen.pool.value
        #expect(first === second)
        #expect(made.value == 1)
        let fresh = await screen.fresh.value
        #expect(fresh !== first)
        #expect(made.value == 2)
    }

    @Test func asyncProviderWithArgumentsFeedsArg() async {
        let container = DIContainer()
        container.register { (server: DIArg<String>) async in await ConnectionPool(server: arg(server), made: Counter())
        }
        let provider: AsyncProvider1<ConnectionPool, String> = await container.resolve()
        let pool = await provider.value("eu")
        #expect(pool.server == "eu")
    }

    @Test(arguments: 1...5)
    func sixteenTasksRacingForAnAsyncSingletonMakeOneInstance(round: Int) async {
        let made = Counter()
        let container = DIContainer()
        container.register { () async in await ConnectionPool(server: "db", made: made, delay: .milliseconds(5)) }
            .lifetime(.perContainer(.single))
        let pools = await withTaskGroup(of: ConnectionPool.self) { group in
            for _ in 0..<16 {
                group.addTask { await container.resolve() }
            }
            return await group.reduce(into: [ConnectionPool]()) { $0.append($1) }
        }
        #expect(made.value == 1)
        #expect(Set(pools.map(ObjectIdentifier.init)).count == 1)
    }

    @Test func cancellingTheFirstWaiterDoesNotPoisonTheSlot() async {
        let made = Counter()
        let container = DIContainer()
        container.register { () async in await ConnectionPool(server: "db", made: made, delay: .milliseconds(50)) }
            .lifetime(.perContainer(.single))
        let first = Task { () async -> ConnectionPool in await container.resolve() }
        try? await Task.sleep(for: .milliseconds(5))
        first.cancel()
        async let second: ConnectionPool = container.resolve()
        async let third: ConnectionPool = container.resolve()
        let (a, b, c) = await (first.value, second, third)
        #expect(a === b && b === c)
        #expect(made.value == 1)
        let later: ConnectionPool = await container.resolve()
        #expect(later === a)
    }

    /// The making of a cached instance is not the starting task's: its cancellation does
    /// not reach the factory, which every later resolve would get a cancelled instance of.
    @Test func theStartersCancellationDoesNotReachTheFactory() async {
        final class Connection: Sendable {
            let cancelled: Bool
            init(cancelled: Bool) { self.cancelled = cancelled }
        }
        let (started, factoryStarted) = AsyncStream<Void>.makeStream()
        let (gate, openGate) = AsyncStream<Void>.makeStream()
        let container = DIContainer()
        container.register { () async -> Connection in
            factoryStarted.yield()
            for await _ in gate { break }
            return Connection(cancelled: Task.isCancelled)
        }
        .lifetime(.perContainer(.single))
        let starter = Task { () async -> Connection in await container.resolve() }
        for await _ in started { break }
        starter.cancel()
        openGate.yield()
        let startersConnection = await starter.value
        let later: Connection = await container.resolve()
        #expect(!startersConnection.cancelled)
        #expect(later === startersConnection)
    }

    @Test func asyncInitCycleIsACycleError() async {
        final class Left: Sendable { init(right: Right) async {} }
        final class Right: Sendable { init(left: Left) async {} }
        let container = DIContainer()
        container.register { (right: Right) async in await Left(right: right) }
        container.register { (left: Left) async in await Right(left: left) }
        let error = await #expect(throws: DIError.self) {
            let _: Left = try await container.tryResolve()
        }
        #expect(error?.kind == .cycle)
    }
}

/// Collects events, for checking that async resolves are traced like sync ones.
@Suite struct AsyncGraphAndTraceTests {
    final class Screen: Sendable {
        init(pool: Lazy<ConnectionPool>) {}
    }
    final class AsyncScreen: Sendable {
        init(pool: AsyncLazy<ConnectionPool>) {}
    }

    private func container() -> DIContainer {
        let container = DIContainer()
        container.register { () async in await ConnectionPool(server: "db", made: Counter()) }
        container.register(Repository.init)
        return container
    }

    @Test func graphMarksAsyncComponentsAndEdges() throws {
        let container = container()
        let graph = container.makeGraph()
        let pool = try #require(graph.vertices.first { $0.typeName == "ConnectionPool" })
        let repository = try #require(graph.vertices.first { $0.typeName == "Repository" })
        #expect(pool.isAsync)
        #expect(!repository.isAsync)
        let edge = try #require(graph.edges(from: repository).first)
        #expect(edge.isAsync)
        #expect(graph.dot().contains("async"))
        #expect(graph.validate().allSatisfy { $0.severity != .error })
    }

    @Test func aSynchronousLazyIntoAnAsyncComponentIsAValidationError() {
        let container = container()
        container.register(Screen.init)
        let errors = container.makeGraph().validate().filter { $0.severity == .error }
        #expect(errors.map(\.kind) == [.requiresAsync])
        #expect(errors.first?.message.contains("AsyncLazy") == true)
    }

    @MainActor final class Badge {
        init() {}
    }
    final class BadgeHolder: Sendable {
        init(badge: Lazy<Badge>) {}
    }
    @MainActor final class BadgeScreen {
        init(badge: Provider<Badge>) {}
    }

    /// A `Lazy`/`Provider` of a main-actor component makes it on the main actor only: a
    /// warning when its holder does not run there itself, nothing when it does.
    @Test func aSynchronousLazyIntoAMainActorComponentIsAWarningOffTheMainActor() throws {
        let container = DIContainer()
        container.register(Badge.init)
        container.register(BadgeHolder.init)
        container.register(BadgeScreen.init)
        let graph = container.makeGraph()
        let badge = try #require(graph.vertices.first { $0.typeName == "AsyncGraphAndTraceTests.Badge" })
        #expect(badge.runsOnMainActor && !badge.isAsync)
        #expect(graph.dot().contains("main actor"))
        let found = graph.validate()
        #expect(found.map(\.severity) == [.warning])
        #expect(found.map(\.kind) == [.requiresAsync])
        #expect(found.map { $0.path.first } == ["AsyncGraphAndTraceTests.BadgeHolder"])
        let advice = "use AsyncLazy/AsyncProvider if AsyncGraphAndTraceTests.BadgeHolder reads it off the main actor"
        #expect(found.first?.message.contains(advice) == true)
    }

    @Test func anAsyncLazyIntoAnAsyncComponentIsValid() {
        let container = container()
        container.register(AsyncScreen.init)
        #expect(container.makeGraph().checkIsValid())
    }

    @Test func asyncResolvesAreTracedLikeSyncOnes() async {
        let container = container()
        let log = EventLog()
        container.addObserver(log)
        let _: Repository = await container.resolve()
        let finished = log.all.filter { $0.kind == .resolveFinished }
        #expect(finished.map(\.request) == ["ConnectionPool", "Repository"])
        #expect(finished.allSatisfy { $0.outcome == .made })
        #expect(Set(finished.map(\.traceID)).count == 1)
        #expect(log.all.contains { $0.kind == .made && $0.component?.typeName == "ConnectionPool" })
    }
}

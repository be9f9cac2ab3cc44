import DICore
import Foundation
import TestSupport
import Testing

// Types are prefixed `IS` so they never clash with other suites of this test target.

/// A view model as UIKit and SwiftUI apps write them: isolated to the main actor, with a
/// parameter that is not `Sendable`.
@MainActor private final class ISViewModel {
    let settings: ISSettings
    var presenter: ISPresenter?
    var started = false
    init(settings: ISSettings) {
        MainActor.preconditionIsolated()  // traps if the container ran it anywhere else
        self.settings = settings
    }
    func start() { started = true }
}

/// Not `Sendable`: a main-actor initializer may still take it.
private final class ISSettings {
    var theme = "dark"
}

@MainActor private final class ISPresenter {
    init() { MainActor.preconditionIsolated() }
}

/// A service that warms up asynchronously after it is made.
private final class ISCache: Sendable {
    let warmedUp = Counter()
    func warmUp() async { warmedUp.increment() }
}

@globalActor private actor ISDatabaseActor {
    static let shared = ISDatabaseActor()
}

@ISDatabaseActor private final class ISStore {
    init() { ISDatabaseActor.preconditionIsolated() }
}

/// A pool any thread may make.
private final class ISPool: Sendable {}

/// A repository isolated to its global actor, made from a nonisolated parameter.
@ISDatabaseActor private final class ISRepository {
    let pool: ISPool
    init(pool: ISPool) {
        ISDatabaseActor.preconditionIsolated()  // traps if the container ran it anywhere else
        self.pool = pool
    }
}

/// A nonisolated service that needs the repository.
private final class ISSync: Sendable {
    let repository: ISRepository
    init(repository: ISRepository) { self.repository = repository }
}

private func viewModelContainer() -> DIContainer {
    let container = DIContainer()
    container.register(ISSettings.init)
    container.register(ISViewModel.init)  // a @MainActor init: registered as main-actor code
    return container
}

@Suite struct IsolationTests {
    /// `let model: ViewModel = container.resolve()` in `viewDidLoad`: on the main actor a
    /// synchronous resolve runs the main-actor initializer in place.
    @MainActor @Test func aSynchronousResolveOnTheMainActorRunsAMainActorInitializerInPlace() throws {
        let container = viewModelContainer()
        let model: ISViewModel = container.resolve()
        let again: ISViewModel = try container.tryResolve()
        #expect(model.settings.theme == "dark")
        #expect(model !== again)
    }

    /// Elsewhere a synchronous resolve cannot run it: a typed error that says where to
    /// resolve it, never a call off the main actor.
    @Test func aSynchronousResolveOffTheMainActorIsRequiresAsync() async {
        let container = viewModelContainer()
        let error = LockedValue<DIError?>(nil)
        await finishes {
            do throws(DIError) {
                let _: ISViewModel = try container.tryResolve()
            } catch let failure {
                error.withLock { $0 = failure }
            }
        }
        let caught = error.withLock { $0 }
        #expect(caught?.kind == .requiresAsync)
        #expect(caught?.description.contains("main actor") == true)
    }

    /// An async resolve from a background task hops to the main actor to run it.
    @Test func anAsyncResolveHopsToTheMainActor() async {
        let container = viewModelContainer()
        let model = await Task.detached { () -> ISViewModel in await container.resolve() }.value
        #expect(await MainActor.run { model.settings.theme == "dark" })
    }

    /// Main-actor injections and `postInit` run on the main actor, in place or by hopping.
    @MainActor @Test func mainActorInjectionsAndPostInitRunOnTheMainActor() async {
        let container = viewModelContainer()
        container.register(ISPresenter.init)
        container.register(ISViewModel.init)
            .injection { @MainActor model, presenter in model.presenter = presenter }
            .postInit { @MainActor in $0.start() }
            .default()
        let inPlace: ISViewModel = resolveHere(container)
        #expect(inPlace.presenter != nil && inPlace.started)
        let hopped = await Task.detached { () -> ISViewModel in await container.resolve() }.value
        #expect(hopped.presenter != nil && hopped.started)
    }

    /// `injection` and `postInit` may be `async`; only an async resolve runs them.
    @Test func asyncInjectionsAndPostInitNeedAnAsyncResolve() async throws {
        let container = DIContainer()
        container.register { ISCache() }
            .postInit { await $0.warmUp() }
            .lifetime(.perContainer(.single))
        let error = #expect(throws: DIError.self) {
            let _: ISCache = try container.tryResolve()
        }
        #expect(error?.kind == .requiresAsync)
        let cache: ISCache = try await container.tryResolve()
        #expect(cache.warmedUp.value == 1)
        let again: ISCache = resolveHere(container)  // made: a synchronous resolve reuses it
        #expect(again === cache)
    }

    /// A closure isolated to another global actor runs there (its async form).
    @Test func aGlobalActorClosureRunsOnItsActor() async {
        let container = DIContainer()
        container.register { @ISDatabaseActor () async in ISStore() }
        let store: ISStore = await container.resolve()
        _ = store
    }

    /// A synchronous closure isolated to a global actor takes the same way.
    @Test func aGlobalActorClosureOfNoParameters() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) else { return }
        let container = DIContainer()
        container.register { @ISDatabaseActor in ISStore() }
        let store: ISStore = await container.resolve()
        _ = store
    }

    /// `register(Repository.init)` for a class isolated to a global actor other than the main
    /// actor: only an async resolve makes it, on its actor, and made once for all the tasks
    /// that race for it; a synchronous resolve fails with `requiresAsync` until it is made.
    @Test func aGlobalActorInitializerRunsOnItsActor() async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) else { return }
        let container = DIContainer()
        container.register(ISPool.init).lifetime(.perContainer(.single))
        container.register(ISRepository.init).lifetime(.perContainer(.single))
        container.register(ISSync.init)
        container.register(ISStore.init)
        let error = #expect(throws: DIError.self) {
            let _: ISSync = try container.tryResolve()
        }
        #expect(error?.kind == .requiresAsync)
        // It says why: no async code of the user's, an actor to hop to.
        #expect(error?.reason.hasPrefix("ISRepository runs on a global actor other than the main actor;") == true)
        let repositories = await withTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<32 {
                group.addTask {
                    let sync: ISSync = await container.resolve()
                    return ObjectIdentifier(sync.repository)
                }
            }
            return await Set(group.reduce(into: []) { $0.append($1) })
        }
        #expect(repositories.count == 1)
        let repository: ISRepository = try await container.tryResolve()
        let pool: ISPool = resolveHere(container)
        #expect(repository.pool === pool)
        #expect(repositories == [ObjectIdentifier(repository)])
        let store: ISStore = await container.resolve()
        _ = store
    }

    /// `register(main:)` stays, and no longer asks the parameters to be `Sendable`.
    @MainActor @Test func registerMainTakesNonSendableParameters() async {
        let container = DIContainer()
        container.register(ISSettings.init)
        container.register(main: ISViewModel.init)
        let inPlace: ISViewModel = resolveHere(container)
        let awaited: ISViewModel = await container.resolve()
        #expect(inPlace.settings.theme == awaited.settings.theme)
    }
}

/// A synchronous resolve where an async test runs (inside an async function Swift picks
/// the async `resolve`), isolated to the caller's actor as `resolve` itself is.
private func resolveHere<T>(_ container: DIContainer, isolation: isolated (any Actor)? = #isolation) -> T {
    container.resolve()
}

private final class ISGreeting: Sendable {
    let text: String
    init(text: String) { self.text = text }
}

@MainActor private final class ISTitle {
    let text: String
    init(text: String) { self.text = text }
}

@Suite struct DITranquillityRegisterSpellingTests {
    /// `register(X.init) { arg($0) }`: the modifier closure applies to the one parameter.
    @Test func aModifierClosureAfterAnInitializer() throws {
        let container = DIContainer()
        container.register(ISGreeting.init) { arg($0) }
        let greeting: ISGreeting = container.resolve(args: "hello")
        #expect(greeting.text == "hello")
        let error = #expect(throws: DIError.self) {
            let _: ISGreeting = try container.tryResolve(args: 7)
        }
        #expect(error?.kind == .argumentMismatch)
    }

    @MainActor @Test func aModifierClosureAfterAMainActorInitializer() {
        let container = DIContainer()
        container.register(main: ISTitle.init) { arg($0) }
        let title: ISTitle = container.resolve(args: "News")
        #expect(title.text == "News")
    }

    /// `register(file:line:)` with an `Int` line, as `#line` is typed in DITranquillity code.
    @Test func anIntLine() {
        let container = DIContainer()
        let line: Int = 42
        container.register(file: "Legacy.swift", line: line) { ISGreeting(text: "legacy") }
        let greeting: ISGreeting = container.resolve()
        #expect(greeting.text == "legacy")
        #expect(container.makeGraph().vertices.contains { $0.info.line == 42 })
    }

    /// A `Lazy`/`Provider` read on the main actor makes a main-actor component there, on
    /// whichever thread the main actor runs (under `swift test` on Linux, not the main one).
    @MainActor @Test func aProviderOfAMainActorComponentIsReadOnTheMainActor() throws {
        let container = DIContainer()
        container.register { @MainActor in IsolationScreen(id: arg($0)) }
        container.register(IsolationBadge.init)
        let screens: Provider1<IsolationScreen, Int> = try container.tryResolve()
        #expect(try screens.tryValue(2).id == 2)
        #expect(screens.value(3).id == 3)
        let badge: Lazy<IsolationBadge> = container.resolve()
        #expect(badge.value === badge.value)
    }
}

@MainActor private final class IsolationScreen {
    let id: Int
    init(id: Int) { self.id = id }
}

@MainActor private final class IsolationBadge {
    init() {}
}

import DICore
import Foundation
import TestSupport
import Testing

// Types are prefixed `MI` so they never clash with other suites of this test target.

/// A view controller as UIKit apps write them: main-actor, filled by property injection.
/// Every setter checks that it runs on the main actor (it traps anywhere else).
@MainActor private final class MIViewController {
    // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
    var presenter: MIPresenter! {  // the idiom under test
        didSet { MainActor.preconditionIsolated() }
    }
    var plugins: [MIPlugin] = [] {
        didSet { MainActor.preconditionIsolated() }
    }
    var configured = 0
    var started = false
    init() { MainActor.preconditionIsolated() }

    func configure(presenter: MIPresenter, plugins: [MIPlugin]) {
        self.presenter = presenter
        self.plugins = plugins
        configured += 1
    }
}

/// Not `Sendable`: a main-actor property may still be of its type.
private final class MIPresenter {
    let style: String
    /// The view of a presenter ⇄ view cycle, set by a `cycle:` injection.
    @MainActor weak var view: MIViewController? {
        didSet { MainActor.preconditionIsolated() }
    }
    init(style: String) { self.style = style }
}

private final class MIPlugin: Sendable {}

/// Nonisolated and `@unchecked Sendable`, with a plain property: its key path is `Sendable`,
/// so its injection stays nonisolated — it must not start asking for the main actor.
private final class MILockedHolder: @unchecked Sendable {
    var presenter: MIPresenter?
}

private func presenterContainer() -> DIContainer {
    let container = DIContainer()
    // The named one also answers a plain `MIPresenter`: the regular one wins that tie.
    container.register { MIPresenter(style: "regular") }.default()
    container.register { MIPresenter(style: "compact") }.as(MIPresenter.self, name: "compact")
    container.register { MIPlugin() }
    container.register { MIPlugin() }
    return container
}

/// Synchronous `tryResolve` of `T` on a thread that is not the main one.
private func resolveOnAnotherThread<T>(_ type: T.Type, _ container: DIContainer) async -> DIError? {
    let error = LockedValue<DIError?>(nil)
    await finishes {
        do throws(DIError) {
            let _: T = try container.tryResolve()
        } catch let failure {
            error.withLock { $0 = failure }
        }
    }
    return error.withLock { $0 }
}

@Suite struct MainActorInjectionTests {
    /// The DITranquillity idiom — `var presenter: P!` on a `@MainActor` view controller —
    /// registered from a nonisolated function, resolved in `viewDidLoad`: set in place.
    @MainActor @Test func aKeyPathToAMainActorPropertyIsInjectedInPlace() {
        let container = presenterContainer()
        registerViewController(in: container)
        let controller: MIViewController = container.resolve()
        #expect(controller.presenter.style == "regular")
    }

    /// `register` may sit in a nonisolated function (a part's `load`): the key path is formed
    /// on the main actor when the injection runs.
    private func registerViewController(in container: DIContainer) {
        container.register { @MainActor in MIViewController() }.injection(\.presenter)
    }

    @MainActor @Test func theNameFormPicksTheNamedComponent() {
        let container = presenterContainer()
        container.register { @MainActor in MIViewController() }.injection(name: "compact", \.presenter)
        let controller: MIViewController = container.resolve()
        #expect(controller.presenter.style == "compact")
    }

    @MainActor @Test func theModifierFormTakesEveryComponent() {
        let container = presenterContainer()
        container.register { @MainActor in MIViewController() }.injection(\.plugins) { many($0) }
        let controller: MIViewController = container.resolve()
        #expect(controller.plugins.count == 2)
    }

    /// A presenter ⇄ view cycle closed by `cycle: true` on a main-actor property.
    @MainActor @Test func theCycleFormClosesAPresenterViewCycle() {
        let container = DIContainer()
        container.register { @MainActor in MIViewController() }
            .injection(name: "compact", \.presenter)
            .lifetime(.objectGraph)
        container.register { MIPresenter(style: "compact") }.as(MIPresenter.self, name: "compact")
            .injection(cycle: true, \.view)
            .lifetime(.objectGraph)
        let controller: MIViewController = container.resolve()
        #expect(controller.presenter.view === controller)
    }

    /// `inject(into:)` on a view controller the system made (a storyboard's).
    @MainActor @Test func injectIntoAnExistingViewController() {
        let container = presenterContainer()
        container.register(MIViewController.self).injection(\.presenter).injection(\.plugins) { many($0) }
        let controller = MIViewController()
        container.inject(into: controller)
        #expect(controller.presenter.style == "regular")
        #expect(controller.plugins.count == 2)
    }

    /// A synchronous resolve off the main actor cannot set the property: `.requiresAsync`,
    /// as for a main-actor factory, even though the initializer is nonisolated.
    @Test func aSynchronousResolveOffTheMainActorIsRequiresAsync() async {
        let container = presenterContainer()
        container.register(MIHolder.init).injection(\.presenter)
        let error = await resolveOnAnotherThread(MIHolder.self, container)
        #expect(error?.kind == .requiresAsync)
        #expect(error?.description.contains("main actor") == true)
    }

    /// An async resolve from a background task hops to the main actor to set the property.
    @Test func anAsyncResolveHopsToTheMainActor() async {
        let container = presenterContainer()
        registerViewController(in: container)
        container.register(MIHolder.init).injection(name: "compact", \.presenter)
        let controller = await Task.detached { () -> MIViewController in await container.resolve() }.value
        #expect(await MainActor.run { controller.presenter.style == "regular" })
        let holder = await Task.detached { () -> MIHolder in await container.resolve() }.value
        #expect(await MainActor.run { holder.presenter?.style == "compact" })
    }

    /// `injection(main:)` and `postInit(main:)`: closures run on the main actor without
    /// `@MainActor in`, in place or by hopping.
    @MainActor @Test func namedMainActorClosuresRunOnTheMainActor() async {
        let container = presenterContainer()
        container.register { @MainActor in MIViewController() }
            .injection(main: { $0.configure(presenter: $1, plugins: many($2)) })
            .postInit(main: { $0.started = true })
        let inPlace: MIViewController = resolveHere(container)
        #expect(inPlace.configured == 1 && inPlace.plugins.count == 2 && inPlace.started)
        let hopped = await Task.detached { () -> MIViewController in await container.resolve() }.value
        #expect(hopped.configured == 1 && hopped.plugins.count == 2 && hopped.started)
        let error = await resolveOnAnotherThread(MIViewController.self, container)
        #expect(error?.kind == .requiresAsync)
    }

    /// A key path to nonisolated state keeps the nonisolated injection: a synchronous
    /// resolve on any thread still runs it, for an `@unchecked Sendable` class too.
    @Test func aNonisolatedKeyPathStaysNonisolated() async {
        let container = presenterContainer()
        container.register { MILockedHolder() }.injection(\.presenter)
        #expect(await resolveOnAnotherThread(MILockedHolder.self, container) == nil)
        let holder: MILockedHolder = await container.resolve()
        #expect(holder.presenter?.style == "regular")
    }
}

/// Nonisolated, with one main-actor property: only that injection runs on the main actor.
private final class MIHolder: Sendable {
    @MainActor var presenter: MIPresenter? {
        didSet { MainActor.preconditionIsolated() }
    }
    init() {}
}

/// A synchronous resolve where an async test runs (inside an async function Swift picks
/// the async `resolve`), isolated to the caller's actor as `resolve` itself is.
private func resolveHere<T>(_ container: DIContainer, isolation: isolated (any Actor)? = #isolation) -> T {
    container.resolve()
}

import DICore
import DILazy
import Testing

// This module is built with `.defaultIsolation(MainActor.self)`, as new Xcode app targets
// are: every type below is main-actor unless it says `nonisolated`, and so is every test.
// The registrations are written as an app there writes them.

protocol Screen: AnyObject {
    var title: String { get }
}

final class Session {
    let user: String
    init(user: String) { self.user = user }
}

/// A feed view controller: a main-actor class with the usual `var presenter: P!`
/// properties. Its setters check that they run on the main actor (they trap anywhere else).
final class FeedController: Screen {
    let title: String
    let session: Session
    // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
    var presenter: FeedPresenter! {  // the idiom under test
        didSet { MainActor.preconditionIsolated() }
    }
    // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
    var archive: FeedPresenter! {
        didSet { MainActor.preconditionIsolated() }
    }
    var widgets: [Widget] = []
    var banner: Widget?
    var log: [String] = []

    init(title: String, session: Session) {
        self.title = title
        self.session = session
    }

    func show(_ widget: Widget) { banner = widget }
    func start() { log.append("started \(title)") }
}

final class FeedPresenter {
    let kind: String
    /// The other side of a presenter ⇄ view cycle.
    weak var view: FeedController?
    init(kind: String) { self.kind = kind }
}

final class Widget {
    let name: String
    init(name: String) { self.name = name }
}

enum Featured {}

/// Opts out of the default: a nonisolated service resolves on any thread.
nonisolated final class Clock: Sendable {
    let zone = "UTC"
}

nonisolated final class ClockHolder: @unchecked Sendable {
    var clock: Clock?
}

/// What a feature's setup does, in a function of this module (so main-actor too).
func registerFeed(in container: DIContainer) {
    container.register(main: { Session(user: "ann") }).lifetime(.perContainer(.single))
    container.register(FeedPresenter.init(kind:)) { arg($0) }.as(FeedPresenter.self, name: "custom")
    container.register(main: { FeedPresenter(kind: "live") }).default()
    container.register(main: { FeedPresenter(kind: "archive") }).as(FeedPresenter.self, name: "archive")
    container.register(main: { Widget(name: "weather") })
    container.register(main: { Widget(name: "news") }).as(Widget.self, tag: Featured.self)
    container.register(main: { FeedController(title: "Feed", session: $0) })
        .as(Screen.self)
        .as(check: Screen.self, name: "feed") { $0 }
        .lifetime(.objectGraph)
        .injection(\.presenter)
        .injection(name: "archive", \.archive)
        .injection(\.widgets) { many($0) }
        .injection(main: { $0.show(by(tag: Featured.self, on: $1)) })
        .postInit(main: { $0.start() })
    container.register(Clock.init)
    container.register(ClockHolder.init).injection(\.clock)
}

@Suite struct DefaultMainActorTests {
    /// On the main actor (a view controller's `viewDidLoad`) a synchronous resolve runs the
    /// initializer, every injection and `postInit` in place.
    @Test func aSynchronousResolveOnTheMainActorRunsEverythingInPlace() throws {
        let container = DIContainer()
        registerFeed(in: container)
        let feed: FeedController = try container.tryResolve()
        #expect(feed.title == "Feed" && feed.session.user == "ann")
        #expect(feed.presenter.kind == "live")
        #expect(feed.archive.kind == "archive")
        #expect(feed.widgets.map(\.name) == ["weather", "news"])
        #expect(feed.banner?.name == "news")
        #expect(feed.log == ["started Feed"])
        let screen: Screen = try container.tryResolve(name: "feed")
        #expect(screen !== feed && screen.title == "Feed")
        let custom: FeedPresenter = try container.tryResolve(name: "custom", args: "custom")
        #expect(custom.kind == "custom")
    }

    /// From a background task `await` hops to the main actor for each main-actor step.
    @Test func anAsyncResolveFromTheBackgroundHops() async throws {
        let container = DIContainer()
        registerFeed(in: container)
        let feed = try await Task.detached { () async throws -> FeedController in
            try await container.tryResolve()
        }.value
        #expect(feed.presenter.kind == "live" && feed.widgets.count == 2 && feed.log == ["started Feed"])
    }

    /// A synchronous resolve off the main actor cannot run main-actor code: `.requiresAsync`;
    /// a `nonisolated` type of the module still resolves there.
    @Test func aSynchronousResolveOffTheMainActor() async {
        let container = DIContainer()
        registerFeed(in: container)
        let feed = await Task.detached { resolveSynchronously(FeedController.self, container) }.value
        #expect(feed?.kind == .requiresAsync)
        let holder = await Task.detached { resolveSynchronously(ClockHolder.self, container) }.value
        #expect(holder == nil)
    }

    /// A presenter ⇄ view cycle closed by `cycle: true` on a main-actor property.
    @Test func aCycleInjection() throws {
        let container = DIContainer()
        container.register(main: { Session(user: "bob") })
        container.register(FeedController.init(title:session:)) { arg($0) }
            .lifetime(.objectGraph)
            .injection(\.presenter)
        container.register(main: { FeedPresenter(kind: "cycle") })
            .lifetime(.objectGraph)
            .injection(cycle: true, \.view)
        let feed: FeedController = try container.tryResolve(args: "Cycle")
        #expect(feed.presenter.view === feed)
    }

    /// A view controller the system made (a storyboard's) is filled by `inject(into:)`.
    @Test func injectIntoAnExistingViewController() {
        let container = DIContainer()
        registerFeed(in: container)
        container.register(FeedController.self).default().injection(\.presenter).postInit(main: { $0.start() })
        let feed = FeedController(title: "Storyboard", session: Session(user: "cy"))
        container.inject(into: feed)
        #expect(feed.presenter.kind == "live" && feed.log == ["started Storyboard"])
    }

    /// A `Lazy` of a nonisolated service; an `AsyncLazy` of a main-actor one, whose
    /// synchronous `value` could not make it off the main actor.
    @Test func delayedValues() async {
        let container = DIContainer()
        registerFeed(in: container)
        let clock: Lazy<Clock> = resolveHere(container)
        #expect(!clock.wasMade)
        #expect(clock.value.zone == "UTC")
        let presenter: AsyncLazy<FeedPresenter> = await container.resolve()
        #expect(await presenter.value.kind == "live")
    }
}

/// A synchronous resolve from a nonisolated function, which a detached task runs off the
/// main actor: the error it fails with, if any.
nonisolated func resolveSynchronously<T>(_ type: T.Type, _ container: DIContainer) -> DIError? {
    do throws(DIError) {
        let _: T = try container.tryResolve()
        return nil
    } catch {
        return error
    }
}

/// A synchronous resolve where an async test runs (inside an async function Swift picks
/// the async `resolve`), isolated to the caller's actor as `resolve` itself is.
func resolveHere<T>(_ container: DIContainer, isolation: isolated (any Actor)? = #isolation) -> T {
    container.resolve()
}

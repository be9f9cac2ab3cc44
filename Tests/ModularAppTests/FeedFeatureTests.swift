import DITesting
import NewsReader
import Testing
import Tranquil

/// A stub server: the `.test()` override every feed test uses.
final class StubClient: HTTPClient {
    let server = "stub"
    func get(_ path: String) -> [String] { ["stub one", "stub two"] }
}

let app = NewsReaderApp.makeContainer()

@Suite(.testContainer(over: app) { $0.register(StubClient.init).as((any HTTPClient).self).test() })
struct FeedFeatureTests {
    @Test func newsRouterShowsTheStubbedArticles() throws {
        let container = try #require(DITestContainer.current)
        let router: NewsRouter = container.resolve(args: "stub", 1)
        #expect(router.show() == ["stub one"])
        #expect(router.service.client is StubClient)
    }

    @Test func feedCacheIsOwnedByTheTestContainer() throws {
        let container = try #require(DITestContainer.current)
        let service: FeedService = container.resolve()
        _ = service.refresh()
        #expect(service.store.articles == ["stub one", "stub two"])
        // The app's container never saw the stub, nor this test's article store.
        let appService: FeedService = app.resolve()
        #expect(appService.store !== service.store)
        #expect(!appService.store.articles.contains("stub one"))
        #expect(!(appService.client is StubClient))
    }
}

@Suite(.testContainer(over: app))
struct ProfileFeatureTests {
    @Test func logoutStartsANewSession() throws {
        let container = try #require(DITestContainer.current)
        let before: ProfileRouter = container.resolve()
        NewsReaderApp.logout(container)
        let after: ProfileRouter = container.resolve()
        #expect(before.session !== after.session)
    }

    @Test func eachTestHasItsOwnSession() throws {
        let container = try #require(DITestContainer.current)
        let mine: Session = container.resolve(from: StorageFramework.self)
        let apps: Session = app.resolve(from: StorageFramework.self)
        #expect(mine !== apps)
    }

    @Test func loginIsMadeOnlyWhenShown() throws {
        let container = try #require(DITestContainer.current)
        let main: MainRouter = container.resolve()
        #expect(!main.login.wasMade)
        #expect(main.login.value.show() == "login at news.example")
        #expect(main.login.wasMade)
    }
}

@Test func xctestStyleHelperGivesAnIsolatedContainer() {
    let first = DITestContainer.make(over: app) { $0.register(StubClient.init).as((any HTTPClient).self).test() }
    let second = DITestContainer.make(over: app)
    let a: FeedService = first.resolve()
    let b: FeedService = second.resolve()
    #expect(a.client is StubClient)
    #expect(!(b.client is StubClient))
}

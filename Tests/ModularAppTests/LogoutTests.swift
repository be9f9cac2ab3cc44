import NewsReader
import Testing
import Tranquil

/// The app's logout (`clean(framework: StorageFramework.self)`) leaves nothing holding the
/// old session or article store, and validation agrees.
@Suite struct LogoutTests {
    @Test func theAppsGraphHasNoWarnings() {
        let problems = NewsReaderApp.makeContainer().makeGraph().validate()
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test func logoutGivesEverythingThatUsesASessionTheNewOne() throws {
        let container = NewsReaderApp.makeContainer()
        let main: MainRouter = container.resolve()
        let news = main.news.value("news.example", 2)
        let client = try #require(news.service.client as? AuthenticatedClient)
        let before = main.profile.value.session
        #expect(client.session === before)

        NewsReaderApp.logout(container)

        let after: Session = container.resolve(from: StorageFramework.self)
        #expect(after !== before)
        #expect(main.profile.value.session === after)
        // The client made before the logout is kept (NetworkFramework is not cleaned) and
        // asks for the session on each request.
        #expect(client.session === after)
        let laterClient = try #require(main.news.value("news.example", 1).service.client as? AuthenticatedClient)
        #expect(laterClient === client)
        #expect(laterClient.session === after)
    }

    @Test func logoutDropsTheArticlesCachedForTheOldSession() {
        let container = NewsReaderApp.makeContainer()
        let main: MainRouter = container.resolve()
        let before = main.news.value("news.example", 2)
        _ = before.show()
        #expect(!before.service.store.articles.isEmpty)

        NewsReaderApp.logout(container)

        let after = main.news.value("news.example", 2)
        #expect(after.service.store !== before.service.store)
        #expect(after.service.store.articles.isEmpty)
    }
}

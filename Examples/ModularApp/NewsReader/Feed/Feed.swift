import Tranquil

/// Loads the feed and caches it.
///
/// It keeps the client and the session's article store it was made with, so it is made
/// anew for each feed screen (a prototype) rather than cached: a cached one would keep the
/// store a logout drops. (An `objectGraph` one would be shared by every screen that
/// `MainRouter.news` makes, since a `Provider` resolves in the graph it was handed out in.)
public final class FeedService {
    /// Where articles come from.
    public let client: any HTTPClient
    /// Where articles are kept.
    public let store: any ArticleStore
    /// Creates the value from its dependencies.
    public init(client: any HTTPClient, store: any ArticleStore) {
        self.client = client
        self.store = store
    }
    /// Fetches the latest articles and keeps them in the store.
    public func refresh() -> [String] {
        let articles = client.get("/latest")
        store.save(articles)
        return articles
    }
}

/// Shows `count` articles from `server` (made with runtime arguments).
public final class NewsRouter {
    /// The feed service.
    public let service: FeedService
    /// The server to show.
    public let server: String
    /// How many articles to show.
    public let count: Int
    /// Creates the value from its dependencies.
    public init(service: FeedService, server: String, count: Int) {
        self.service = service
        self.server = server
        self.count = count
    }
    /// What the screen would show.
    public func show() -> [String] { Array(service.refresh().prefix(count)) }
}

final class FeedPart: DIPart {
    static func load(container: DIContainer) {
        container.register(FeedService.init)
        container.register { NewsRouter(service: $0, server: arg($1), count: arg($2)) }
    }
}

/// The news feed.
public final class FeedFramework: DIFramework {
    /// Registers this framework's parts and imports.
    public static func load(container: DIContainer) {
        container.append(framework: NetworkFramework.self)
        container.append(framework: StorageFramework.self)
        container.append(part: FeedPart.self)
    }
}

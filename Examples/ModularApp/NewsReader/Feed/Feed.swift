import Tranquil

/// Loads the feed and caches it.
public final class FeedService {
    public let client: any HTTPClient
    public let store: any ArticleStore
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
    public let service: FeedService
    public let server: String
    public let count: Int
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
        container.register(FeedService.init).lifetime(.perFramework(.single))
        container.register { NewsRouter(service: $0, server: arg($1), count: arg($2)) }
    }
}

/// The news feed.
public final class FeedFramework: DIFramework {
    public static func load(container: DIContainer) {
        container.append(framework: NetworkFramework.self)
        container.append(framework: StorageFramework.self)
        container.append(part: FeedPart.self)
    }
}

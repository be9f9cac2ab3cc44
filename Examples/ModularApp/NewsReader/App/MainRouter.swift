import Tranquil

/// The app's root: every screen behind a `Lazy` or `Provider`, made only when shown.
public final class MainRouter {
    /// The login screen, made on first use and kept.
    public let login: Lazy<LoginRouter>
    /// The profile screen, asked for anew each time.
    public let profile: Provider<ProfileRouter>
    /// The news screen, made from a server name and a count.
    public let news: Provider2<NewsRouter, String, Int>

    /// Creates the value from its dependencies.
    public init(login: Lazy<LoginRouter>, profile: Provider<ProfileRouter>, news: Provider2<NewsRouter, String, Int>) {
        self.login = login
        self.profile = profile
        self.news = news
    }
}

final class AppPart: DIPart {
    static func load(container: DIContainer) {
        container.register(MainRouter.init).lifetime(.objectGraph)
    }
}

/// The whole app: its frameworks and the root router.
public final class NewsReaderApp: DIFramework {
    /// Registers this framework's parts and imports.
    public static func load(container: DIContainer) {
        container.append(framework: FeedFramework.self)
        container.append(framework: ProfileFramework.self)
        container.append(part: AppPart.self)
    }

    /// A container with the whole app loaded.
    public static func makeContainer() -> DIContainer {
        let container = DIContainer()
        container.append(framework: NewsReaderApp.self)
        return container
    }

    /// "Logout": drops the session and its article cache (StorageFramework's instances).
    ///
    /// Nothing else needs cleaning: what outlives a logout asks for the session through a
    /// `Provider` (``AuthenticatedClient``), and what keeps a session or a store is made per
    /// screen, so the graph validates with no captive dependency.
    public static func logout(_ container: DIContainer) {
        container.clean(framework: StorageFramework.self)
    }
}

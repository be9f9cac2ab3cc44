import DICore
import DILogging
import Synchronization

// A small news app: a screen that needs a service (shared) and a lazily made cache.

final class Database: Sendable {}

final class FeedService: Sendable {
    let database: Database
    init(database: Database) { self.database = database }
}

final class ImageCache: Sendable {}

final class FeedScreen {
    let service: FeedService
    let images: Lazy<ImageCache>
    init(service: FeedService, images: Lazy<ImageCache>) {
        self.service = service
        self.images = images
    }
}

/// Needs something nothing registers.
final class Broken {
    init(missing: Missing) {}
}

final class Missing {}

protocol Client: AnyObject {}
final class LiveClient: Client {}
final class StubClient: Client {}

/// The app's registrations.
func makeFeedContainer() -> DIContainer {
    let container = DIContainer()
    container.register(Database.init).lifetime(.perContainer(.strong))
    container.register(FeedService.init).lifetime(.perContainer(.strong))
    container.register(ImageCache.init)
    container.register(FeedScreen.init)
    container.register(Broken.init)
    return container
}

/// Collects lines from any thread.
final class Lines: Sendable {
    private let storage = Mutex<[String]>([])
    var all: [String] { storage.withLock { $0 } }
    func append(_ line: String) { storage.withLock { $0.append(line) } }
}

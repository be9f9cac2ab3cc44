import DICore
import DILogging
import Foundation

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
///
/// NSLock, not `Synchronization.Mutex`: ThreadSanitizer does not see the futex inside Mutex
/// on Linux and reports false races.
final class Lines: @unchecked Sendable {
    // @unchecked Sendable: `storage` is only touched under `lock`.
    private let lock = NSLock()
    private var storage: [String] = []
    var all: [String] { lock.withLock { storage } }
    func append(_ line: String) { lock.withLock { storage.append(line) } }
}

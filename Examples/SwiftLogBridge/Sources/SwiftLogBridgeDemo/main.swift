import Logging
import SwiftLogBridge
import Tranquil

// A tiny app whose wiring is logged through swift-log:
// `swift run --package-path Examples/SwiftLogBridge SwiftLogBridgeDemo`

final class Database: Sendable {}

final class ArticleStore: Sendable {
    let database: Database
    init(database: Database) { self.database = database }
}

final class FeedScreen {
    let store: ArticleStore
    let later: Lazy<Database>
    init(store: ArticleStore, later: Lazy<Database>) {
        self.store = store
        self.later = later
    }
}

protocol Client: AnyObject {}
final class LiveClient: Client {}
final class StubClient: Client {}

LoggingSystem.bootstrap(StreamLogHandler.standardOutput)
var logger = Logger(label: "news.di")
logger.logLevel = .debug

let container = DIContainer()
let recorder = DITraceRecorder()
container.addObserver(SwiftLogObserver(logger: logger))
container.addObserver(recorder)
container.register(Database.init).lifetime(.perContainer(.strong))
container.register(ArticleStore.init).lifetime(.perContainer(.strong))
container.register(FeedScreen.init)
container.register(LiveClient.init).as((any Client).self)
container.register(StubClient.init).as((any Client).self).default()

let screen: FeedScreen = container.resolve()
_ = screen.later.value
let _: FeedScreen = container.resolve()
let _: any Client = container.resolve()  // "why did I get the stub client?"
container.clean()

print("\n--- DITraceRecorder.render() ---")
print(recorder.render())

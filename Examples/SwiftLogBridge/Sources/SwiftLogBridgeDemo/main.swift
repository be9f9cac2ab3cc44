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

let screen: FeedScreen = container.resolve()
_ = screen.later.value
let _: FeedScreen = container.resolve()
container.clean()

print("\n--- DITraceRecorder.render() ---")
print(recorder.render())

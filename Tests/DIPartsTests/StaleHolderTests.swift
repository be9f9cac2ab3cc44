import DICore
import DILazy
import DIParts
import Testing

// A clean that drops an instance an already made, longer-lived instance holds warns at run
// time, naming both (issue 25, item 7): before, only validate() said so, and the log showed
// `cleaned … 1 instance` then `reused SyncEngine`, which kept the old session.

private final class SHSession {}

private final class SHSyncEngine {
    let session: SHSession
    init(session: SHSession) { self.session = session }
}

private final class SHFeed {
    let session: Provider<SHSession>
    init(session: Provider<SHSession>) { self.session = session }
}

private final class SHStorage: DIFramework {
    static func load(container: DIContainer) {
        container.register(SHSession.init).lifetime(.perFramework(.single))
    }
}

@Suite struct StaleHolderTests {
    private func makeContainer() -> (DIContainer, EventLog) {
        let container = DIContainer()
        container.append(framework: SHStorage.self)
        container.register(SHSyncEngine.init).lifetime(.perContainer(.single))
        container.register(SHFeed.init).lifetime(.perContainer(.single))
        let log = EventLog()
        container.addObserver(log)
        return (container, log)
    }

    @Test func cleaningWhatAMadeInstanceHoldsWarnsNamingBoth() throws {
        let (container, log) = makeContainer()
        let engine: SHSyncEngine = container.resolve()
        container.clean(framework: SHStorage.self)
        let stale = log.diagnostics.filter { $0.kind == .captiveDependency }
        #expect(stale.count == 1)
        let warning = try #require(stale.first)
        #expect(warning.severity == .warning)
        #expect(warning.message.contains("SHSyncEngine") && warning.message.contains("SHSession"))
        #expect(warning.message.contains("clean(framework: SHStorage.self)"))
        // What the warning says is what happens.
        let fresh: SHSession = container.resolve()
        let again: SHSyncEngine = container.resolve()
        #expect(again === engine && again.session !== fresh)
    }

    @Test func nothingToSayWhenTheHolderWasNotMadeOrHoldsAProvider() {
        let (container, log) = makeContainer()
        let feed: SHFeed = container.resolve()
        _ = feed.session.value
        container.clean(framework: SHStorage.self)
        #expect(log.diagnostics.filter { $0.kind == .captiveDependency }.isEmpty)
    }
}

// A test container's clean drops its own copies only: an instance the app keeps was made
// with the app's instances, which the clean left.

private final class SHToken {}

private final class SHTokenUser {
    let token: SHToken
    init(token: SHToken) { self.token = token }
}

private final class SHAppHolder {
    let user: SHTokenUser
    init(user: SHTokenUser) { self.user = user }
}

private final class SHTokenPart: DIPart {
    static func load(container: DIContainer) {
        container.register(SHTokenUser.init).lifetime(.perPart(.single))
    }
}

private final class SHTokenFramework: DIFramework {
    static func load(container: DIContainer) {
        container.register(SHToken.init)
        container.append(part: SHTokenPart.self)
    }
}

extension StaleHolderTests {
    @Test(arguments: [DILifeTime.perApplication(.single), .perContainer(.single)])
    func aTestContainersCleanSaysNothingOfWhatTheAppKeeps(holderLifetime: DILifeTime) {
        let app = DIContainer()
        app.append(framework: SHTokenFramework.self)
        app.register(SHAppHolder.init).lifetime(holderLifetime)
        let appHolder: SHAppHolder = app.resolve()
        let test = DIContainer(isolatedFrom: app)
        let log = EventLog()
        test.addObserver(log)
        let testUser: SHTokenUser = test.resolve()

        test.clean(part: SHTokenPart.self)

        #expect(log.diagnostics.filter { $0.kind == .captiveDependency }.isEmpty)
        // The app's holder and what it holds are untouched; the test's copy was dropped.
        #expect((app.resolve() as SHAppHolder).user === appHolder.user)
        #expect((app.resolve() as SHTokenUser) === appHolder.user)
        #expect((test.resolve() as SHTokenUser) !== testUser)
    }

    /// A holder the test container made itself, with its own copy of what the clean dropped,
    /// is warned of.
    @Test func aTestContainersCleanWarnsOfAHolderItMade() {
        let app = DIContainer()
        app.append(framework: SHTokenFramework.self)
        app.register(SHAppHolder.init).lifetime(.perContainer(.single))
        let test = DIContainer(isolatedFrom: app)
        let log = EventLog()
        test.addObserver(log)
        let testHolder: SHAppHolder = test.resolve()

        test.clean(part: SHTokenPart.self)

        let stale = log.diagnostics.filter { $0.kind == .captiveDependency }
        #expect(stale.count == 1)
        #expect(stale.first?.message.contains("SHAppHolder") == true)
        #expect((test.resolve() as SHAppHolder) === testHolder)
        #expect((test.resolve() as SHTokenUser) !== testHolder.user)
    }
}

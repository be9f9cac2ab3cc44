import DICore
import TestSupport
import Testing

// A `.weak` instance an awaited resolve made lives as long as the app holds it, and not a
// moment longer: once the app lets it go, the next resolve makes a new one. The making of
// a kept instance runs in a task of its own, and the runtime may let go of a finished task
// after the resolve it woke has returned; the instance must not ride in that task.

private final class AWSettings: Sendable {}
private final class AWConnection: Sendable {
    let settings: AWSettings
    init(settings: AWSettings) async {
        await Task.yield()
        self.settings = settings
    }
}
private final class AWSession: Sendable {
    let connection: AWConnection
    init(connection: AWConnection) { self.connection = connection }
}

@Suite struct AwaitedWeakReleaseTests {
    /// How many of `rounds` awaited resolves, in each of `loops` tasks at once, left their
    /// instance alive once the app let it go. The loops keep every core busy, so the thread
    /// that finished a making is often switched out before it lets go of its task.
    private func resolveAndDrop<T: AnyObject>(
        _: T.Type,
        loops: Int = 4,
        rounds: Int,
        in makeContainer: () -> DIContainer
    ) async -> Int {
        await withTaskGroup(of: Int.self) { group in
            for _ in 0..<loops {
                let container = makeContainer()
                group.addTask {
                    var stillAlive = 0
                    for _ in 0..<rounds {
                        weak var dropped: T?
                        do {
                            let instance: T = await container.resolve()
                            dropped = instance
                        }
                        if dropped != nil { stillAlive += 1 }
                    }
                    return stillAlive
                }
            }
            return await group.reduce(0, +)
        }
    }

    @Test func anAsyncWeakInstanceIsGoneOnceTheAppLetsItGo() async {
        let made = Counter()
        let stillAlive = await resolveAndDrop(AWConnection.self, rounds: 2_500) {
            let container = DIContainer()
            container.register(AWSettings.init)
            container.register { (settings: AWSettings) async in
                made.increment()
                return await AWConnection(settings: settings)
            }.lifetime(.perContainer(.weak))
            return container
        }
        #expect(stillAlive == 0)
        #expect(made.value == 4 * 2_500)
    }

    @Test func aWeakInstanceWithAnAsyncDependencyIsGoneOnceTheAppLetsItGo() async {
        let made = Counter()
        let stillAlive = await resolveAndDrop(AWSession.self, rounds: 2_500) {
            let container = DIContainer()
            container.register(AWSettings.init)
            container.register { (settings: AWSettings) async in await AWConnection(settings: settings) }
            container.register { (connection: AWConnection) in
                made.increment()
                return AWSession(connection: connection)
            }.lifetime(.perContainer(.weak))
            return container
        }
        #expect(stillAlive == 0)
        #expect(made.value == 4 * 2_500)
    }
}

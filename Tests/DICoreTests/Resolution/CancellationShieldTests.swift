import DICore
import Testing

// The making of a cached instance is everyone's, not the starting task's: cancelling that
// task reaches none of the async code the making runs — the component's own, or that of
// what it needs (a parameter, an injection), which the instance would keep.

private final class CSConnection: Sendable {
    let cancelled: Bool
    init(cancelled: Bool) { self.cancelled = cancelled }
}

private final class CSRepository: @unchecked Sendable {
    // @unchecked Sendable: `injected` is set once, by the injection, before anyone else sees it.
    let connection: CSConnection?
    var injected: CSConnection?
    init(connection: CSConnection?) { self.connection = connection }
}

@Suite struct CancellationShieldTests {
    enum Way: CaseIterable { case parameter, injection }

    @Test(arguments: Way.allCases)
    func theStartersCancellationDoesNotReachWhatACachedComponentAwaits(way: Way) async throws {
        let (started, factoryStarted) = AsyncStream<Void>.makeStream()
        let (gate, openGate) = AsyncStream<Void>.makeStream()
        let container = DIContainer()
        // A prototype with async code, below a cached component whose own code is synchronous.
        container.register { () async -> CSConnection in
            factoryStarted.yield()
            for await _ in gate { break }
            return CSConnection(cancelled: Task.isCancelled)
        }
        switch way {
        case .parameter:
            container.register(CSRepository.init).lifetime(.perContainer(.single))
        case .injection:
            container.register { CSRepository(connection: nil) }.lifetime(.perContainer(.single))
                .injection(\.injected)
        }
        let starter = Task { () async -> CSRepository in await container.resolve() }
        for await _ in started { break }
        starter.cancel()
        openGate.yield()
        let startersRepository = await starter.value
        let connection = try #require(startersRepository.connection ?? startersRepository.injected)
        #expect(!connection.cancelled)
        let later: CSRepository = await container.resolve()
        #expect(later === startersRepository)
    }
}

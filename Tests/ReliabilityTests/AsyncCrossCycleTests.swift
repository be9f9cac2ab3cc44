import DICore
import TestSupport
import Testing

// Two async resolves, each making a cached instance that needs the other's: the second to
// wait closes a loop of waits, and its error says the other party is an async resolve.

private final class XCPing: Sendable {
    let pong: XCPong?
    init(pong: XCPong?) { self.pong = pong }
}

private final class XCPong: Sendable {
    let ping: XCPing?
    init(ping: XCPing?) { self.ping = ping }
}

@Suite struct AsyncCrossCycleTests {
    @Test func aLoopOfWaitsBetweenTwoAsyncResolvesNamesAnAsyncResolve() async {
        let watchdog = Watchdog("two async resolves waiting for each other")
        defer { watchdog.disarm() }
        let container = DIContainer()
        let started = LockedValue(0)
        let errors = Collected<DIError>()
        // Each factory goes on once both have started, so each resolve holds its instance
        // while it asks for the other's.
        @Sendable func bothStarted() async {
            started.withLock { $0 += 1 }
            while started.value < 2 {
                watchdog.beat()
                try? await Task.sleep(for: .milliseconds(1))
            }
        }
        container.register { (container: DIContainer) async -> XCPing in
            await bothStarted()
            do throws(DIError) {
                return XCPing(pong: try await container.tryResolve())
            } catch {
                errors.append(error)
                return XCPing(pong: nil)
            }
        }
        .lifetime(.perContainer(.single))
        container.register { (container: DIContainer) async -> XCPong in
            await bothStarted()
            do throws(DIError) {
                return XCPong(ping: try await container.tryResolve())
            } catch {
                errors.append(error)
                return XCPong(ping: nil)
            }
        }
        .lifetime(.perContainer(.single))

        async let ping: XCPing = Task.detached { await container.resolve() }.value
        async let pong: XCPong = Task.detached { await container.resolve() }.value
        let (madePing, madePong) = await (ping, pong)

        #expect(madePing.pong == nil || madePong.ping == nil)
        let failures = errors.values
        #expect(failures.count == 1)
        for failure in failures {
            #expect(failure.kind == .cycle)
            let made = failure.requested
            #expect(failure.reason == "\(made) is being made by an async resolve that waits for this one")
        }
    }
}

import DICore
import Testing

private final class SHPool: Sendable {}

private final class SHScreen: Sendable {
    let poolFailure: String?
    init(poolFailure: String?) { self.poolFailure = poolFailure }
}

/// A synchronous resolve in a task that meets an async component adds why `await` may not
/// have helped (top-level code picks the synchronous overload), but only where the caller
/// may have written `await`: not when it chose the synchronous form with `sync:`, and not in
/// a resolve nested in a factory, whose call is the factory's code.
@Suite struct SynchronousHintTests {
    private static let hint = "Swift picked the synchronous overload"
    private static let plain = "SHPool has an async initializer; resolve it with await"

    private static func poolFailure(_ container: DIContainer) -> String? {
        do throws(DIError) {
            let _: SHPool = try container.tryResolve()
            return nil
        } catch {
            return error.reason
        }
    }

    @Test func aResolveChosenSynchronousWithSyncLeavesOutTheHint() async {
        let container = DIContainer()
        container.register { () async in SHPool() }.as(SHPool.self, name: "pool")
        let failures = [
            Result { () throws(DIError) in try container.tryResolve(sync: ()) as SHPool }.failure,
            Result { () throws(DIError) in try container.tryResolve(sync: (), name: "pool") as SHPool }.failure,
        ]
        for failure in failures {
            #expect(failure?.kind == .requiresAsync)
            #expect(failure?.reason == Self.plain)
        }
        // Without `sync:`, in the same task, the hint is there.
        #expect(Self.poolFailure(container)?.contains(Self.hint) == true)
    }

    @Test func aResolveNestedInAnAsyncFactoryLeavesOutTheHint() async {
        let container = DIContainer()
        container.register { () async in SHPool() }
        container.register { (container: DIContainer) async in
            SHScreen(poolFailure: Self.poolFailure(container))
        }
        let screen: SHScreen = await container.resolve()
        #expect(screen.poolFailure == Self.plain)
    }

    #if os(macOS) || os(Linux)  // exit tests: not on iOS, tvOS, watchOS or visionOS
    @Test func aTrappingResolveChosenSynchronousLeavesOutTheHint() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = DIContainer()
            container.register { () async in SHPool() }
            let _: SHPool = container.resolve(sync: ())
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains(Self.plain), "\(message)")
        #expect(!message.contains(Self.hint), "\(message)")
    }
    #endif
}

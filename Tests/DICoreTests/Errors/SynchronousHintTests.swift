import DICore
import TestSupport
import Testing

private final class SHPool: Sendable {}

/// Every failure and diagnostic text observers were handed.
private final class SHReports: DIObserver, Sendable {
    let texts = LockedValue<[String]>([])

    func receive(_ event: DIEvent) {
        let text = event.error?.reason ?? event.diagnostic?.message
        if let text { texts.withLock { $0.append(text) } }
    }
}

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

    /// A plain synchronous resolve of an optional, as a synchronous function in a task makes.
    private static func optionalPool(_ container: DIContainer) -> SHPool? {
        container.resolve()
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

    /// What observers (and so loggers) get says what the error says: the failure's event, and
    /// the warning that an optional is `nil`, leave the hint out too.
    @Test func whatObserversGetOfAResolveChosenSynchronousLeavesOutTheHint() async {
        let container = DIContainer()
        container.register { () async in SHPool() }.as(SHPool.self, name: "pool")
        let reports = SHReports()
        container.addObserver(reports)
        _ = Result { () throws(DIError) in try container.tryResolve(sync: ()) as SHPool }
        _ = Result { () throws(DIError) in try container.tryResolve(sync: (), name: "pool") as SHPool }
        let optional: SHPool? = container.resolve(sync: ())
        #expect(optional == nil)
        let named: SHPool? = container.resolve(sync: (), name: "pool")
        #expect(named == nil)
        let texts = reports.texts.value
        #expect(texts.count { $0.contains(Self.plain) } >= 4, "\(texts)")
        #expect(!texts.contains { $0.contains(Self.hint) }, "\(texts)")
        // Without `sync:`, in the same task, they carry it.
        reports.texts.withLock { $0 = [] }
        #expect(Self.optionalPool(container) == nil)
        #expect(reports.texts.value.contains { $0.contains(Self.hint) }, "\(reports.texts.value)")
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

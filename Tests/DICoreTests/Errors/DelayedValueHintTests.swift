import DICore
import Foundation
import TestSupport
import Testing

#if os(macOS) || os(Linux)  // exit tests: not on iOS, tvOS, watchOS or visionOS
/// A `Lazy`'s value is made synchronously: one whose component needs `await` traps saying
/// what to hold instead, not how to call `resolve`.
@Suite struct DelayedValueHintTests {
    @Test func aLazyOfAnAsyncComponentSaysToHoldAnAsyncLazy() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class Connected: Sendable {}
            let container = DIContainer()
            container.register { () async in Connected() }
            let lazy: Lazy<Connected>
            do {
                lazy = try container.tryResolve(sync: ())
            } catch {
                return  // handing it out must succeed: the exit test then fails
            }
            _ = lazy.value
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("Connected has an async initializer"), "\(message)")
        #expect(message.contains("hold an AsyncLazy or AsyncProvider for it"), "\(message)")
        #expect(!message.contains("Swift picked the synchronous overload"), "\(message)")
    }
}
#endif

private final class DVHConnection: Sendable {}

private final class DVHSession: Sendable {
    init(connection: DVHConnection) {}
}

private final class DVHScreen: Sendable {
    let session: Provider<DVHSession>
    init(session: Provider<DVHSession>) { self.session = session }
}

/// The same advice when the async component is further down: below the `Lazy`'s or
/// `Provider`'s own component, handed out at the top or held by another component, read in
/// a task or on a thread of its own.
@Suite struct DelayedValueDeepHintTests {
    private static let hint = "hold an AsyncLazy or AsyncProvider for it"

    private func container() -> DIContainer {
        let container = DIContainer()
        container.register { () async in DVHConnection() }
        container.register(DVHSession.init)
        container.register(DVHScreen.init)
        return container
    }

    @Test func readInATask() async throws {
        let container = container()
        let lazy: Lazy<DVHSession> = try container.tryResolve(sync: ())
        let provider: Provider<DVHSession> = try container.tryResolve(sync: ())
        let screen: DVHScreen = try container.tryResolve(sync: ())
        for read in [{ try lazy.tryValue() }, { try provider.tryValue() }, { try screen.session.tryValue() }] {
            let error = #expect(throws: DIError.self) { _ = try read() }
            #expect(error?.kind == .requiresAsync)
            #expect(error?.reason.contains(Self.hint) == true, "\(String(describing: error))")
            #expect(error?.reason.contains("Swift picked the synchronous overload") == false)
        }
    }

    @Test func readOnAThread() throws {
        let container = container()
        let lazy: Lazy<DVHSession> = try container.tryResolve()
        let failure = LockedValue<String?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread {
            do {
                _ = try lazy.tryValue()
            } catch {
                failure.value = (error as? DIError)?.reason ?? "\(error)"
            }
            done.signal()
        }.start()
        done.wait()
        #expect(failure.value?.contains(Self.hint) == true, "\(String(describing: failure.value))")
    }
}

import DICore
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

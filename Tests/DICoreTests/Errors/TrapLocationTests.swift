import DICore
import Testing

#if os(macOS) || os(Linux)  // exit tests: not on iOS, tvOS, watchOS or visionOS
/// A trapping resolve points at the line that called it, not into the library.
@Suite struct TrapLocationTests {
    @Test func aFailedResolveTrapsAtTheCallersFileAndLine() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class Unregistered {}
            let container = DIContainer()
            let _: Unregistered = container.resolve()
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        // Inside an exit test, `#line` is the line of the `#expect` that runs it.
        let trap = "DICoreTests/TrapLocationTests.swift:8: Fatal error: cannot resolve TrapLocationTests.Unregistered"
        #expect(message.contains(trap))
        #expect(!message.contains("DIContainer+Resolve.swift"))
    }

    @Test func aNamedResolveTrapsAtTheCallersLineToo() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class Unregistered {}
            let container = DIContainer()
            let _: Unregistered = container.resolve(name: "uploads")
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        let trap = "DICoreTests/TrapLocationTests.swift:21: Fatal error: cannot resolve TrapLocationTests.Unregistered"
        #expect(message.contains(trap))
    }

    /// A property cannot name its caller's line: a failed read of a `Lazy`'s or `Provider`'s
    /// value names the delayed value instead, before the container's error.
    @Test func aFailedDelayedReadNamesTheDelayedValue() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class Unregistered {}
            final class Target {
                init(needs: Unregistered) {}
            }
            let container = DIContainer()
            container.register(Target.init)
            let lazy: Lazy<Target> = container.resolve()
            _ = lazy.value
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("Fatal error: Lazy<Target>.value: cannot resolve "))
        #expect(message.contains("(tryValue() throws it instead)"))
    }

    @Test func anAwaitedOneNamesItToo() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class Unregistered: Sendable {}
            final class Target: Sendable {
                init(needs: Unregistered) {}
            }
            let container = DIContainer()
            container.register(Target.init)
            let provider: AsyncProvider<Target> = await container.resolve()
            _ = await provider.value
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("Fatal error: AsyncProvider<Target>.value: cannot resolve "))
    }
}
#endif

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
}
#endif

import DICore
import DIParts
import Testing

#if os(macOS) || os(Linux)  // exit tests: not on iOS, tvOS, watchOS or visionOS
private final class RTFramework: DIFramework {
    static func load(container: DIContainer) {}
}

/// Every trapping `resolve(from:…)` and `inject(into:from:)` points at the line that
/// called it, as `resolve()` does, not into DIParts.
@Suite struct ResolveFromTrapTests {
    @Test func aNamedResolveFromAFrameworkTrapsAtTheCallersLine() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class Unregistered {}
            let _: Unregistered = DIContainer().resolve(from: RTFramework.self, name: "x")
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        // Inside an exit test, `#line` is the line of the `#expect` that runs it.
        #expect(message.contains("DIPartsTests/ResolveFromTrapTests.swift:14: Fatal error: cannot resolve"))
    }

    @Test func anInjectionFromAFrameworkTrapsAtTheCallersLine() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class Unregistered {}
            DIContainer().inject(into: Unregistered(), from: RTFramework.self)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("DIPartsTests/ResolveFromTrapTests.swift:24: Fatal error: cannot resolve"))
    }

    @Test func anAwaitedResolveFromAFrameworkTrapsAtTheCallersLine() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class Unregistered {}
            let _: Unregistered = await DIContainer().resolve(from: RTFramework.self, args: 1)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("DIPartsTests/ResolveFromTrapTests.swift:33: Fatal error: cannot resolve"))
    }
}
#endif

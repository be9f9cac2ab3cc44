import DICore
import TestSupport
import Testing

// `initializeSingletonObjects()` makes each `single` as a plain resolve would. A single
// whose registration's closure returns `nil` is absent, as it is to an optional request
// (nothing to keep, nothing failed): it is skipped. A single that needs an absent one
// cannot be made, and stops the process as documented.

private final class IAFeatureFlags: Sendable {}
private final class IAAnalytics: Sendable {}
private final class IAReporter: Sendable {
    init(analytics: IAAnalytics) {}
}

@Suite struct InitializeAbsentTests {
    @Test func aSingleWhoseClosureReturnsNilIsSkipped() {
        let asked = Counter()
        let made = Counter()
        let container = DIContainer()
        container.register(line: uniqueLine()) { () -> IAAnalytics? in
            asked.increment()
            return nil
        }.lifetime(.single)
        container.register(line: uniqueLine()) { () -> IAFeatureFlags in
            made.increment()
            return IAFeatureFlags()
        }.lifetime(.single)
        #expect(container.makeGraph().validate().isEmpty)

        container.initializeSingletonObjects()
        #expect(asked.value == 1)
        #expect(made.value == 1)
        let analytics: IAAnalytics? = container.resolve()
        #expect(analytics == nil)
        let flags: IAFeatureFlags = container.resolve()
        let again: IAFeatureFlags = container.resolve()
        #expect(flags === again && made.value == 1)
    }

    @Test func anAbsentScopedComponentIsSkipped() {
        let session = DIScope(name: "session")
        let made = Counter()
        let container = DIContainer()
        container.register(line: uniqueLine()) { () -> IAAnalytics? in nil }.lifetime(.custom(session))
        container.register(line: uniqueLine()) { () -> IAFeatureFlags in
            made.increment()
            return IAFeatureFlags()
        }.lifetime(.custom(session))
        container.initializeObjectsForScope(session)
        #expect(made.value == 1)
        #expect((container.resolve() as IAAnalytics?) == nil)
    }

    #if os(macOS) || os(Linux)  // exit tests: not on iOS, tvOS, watchOS or visionOS
    @Test func aSingleThatNeedsAnAbsentComponentStopsTheProcess() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = DIContainer()
            container.register { () -> IAAnalytics? in nil }
            container.register(IAReporter.init).lifetime(.single)
            container.initializeSingletonObjects()
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("initializeSingletonObjects() could not make IAReporter"), "\(text)")
    }
    #endif
}

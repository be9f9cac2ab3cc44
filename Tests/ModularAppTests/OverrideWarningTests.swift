import DITesting
import NewsReader
import Testing
import Tranquil

@Suite struct OverrideWarningTests {
    /// The stub registered without `.as(HTTPClient)`: the feed would use the real client.
    @Test func anOverrideThatOverridesNothingIsReported() throws {
        let app = NewsReaderApp.makeContainer()
        let recorder = DITraceRecorder()
        app.addObserver(recorder)
        defer { app.removeObserver(recorder) }
        let container = DITestContainer.make(over: app) { $0.register(StubClient.init).test() }
        let warning = try #require(recorder.diagnostics.first)
        #expect(recorder.diagnostics.count == 1)
        #expect(warning.kind == .misuse)
        #expect(warning.message.hasPrefix("StubClient is .test() but overrides nothing"))
        #expect(!((container.resolve() as FeedService).client is StubClient))
    }

    /// A test container made over another (`.testOverrides`) reports only its own overrides.
    @Test func aContainerOverATestContainerDoesNotReportItsOverridesAgain() throws {
        let app = NewsReaderApp.makeContainer()
        let recorder = DITraceRecorder()
        app.addObserver(recorder)
        defer { app.removeObserver(recorder) }
        let suite = DITestContainer.make(over: app) { $0.register(StubClient.init).test() }
        #expect(recorder.diagnostics.count == 1)
        _ = DITestContainer.make(over: suite) { _ in }
        #expect(recorder.diagnostics.count == 1)
        // One only the suite's `.test()` answers overrides nothing either, and says why.
        _ = DITestContainer.make(over: suite) { $0.register(StubClient.init).test() }
        let second = try #require(recorder.diagnostics.last)
        #expect(recorder.diagnostics.count == 2)
        #expect(second.message.contains("only .test() registrations answer StubClient"))
    }

    /// The warning issue of the test is shown where the test makes its container.
    @Test func theWarningIssueIsShownWhereTheTestMakesItsContainer() {
        let app = NewsReaderApp.makeContainer()
        let line = #_sourceLocation.line + 2
        withKnownIssue {
            _ = DITestContainer.make(over: app) { $0.register(StubClient.init).test() }
        } matching: { issue in
            issue.sourceLocation?.line == line && issue.sourceLocation?.fileID == #fileID
        }
    }

    @Test func anOverrideThatWinsIsNotReported() {
        let app = NewsReaderApp.makeContainer()
        let recorder = DITraceRecorder()
        app.addObserver(recorder)
        defer { app.removeObserver(recorder) }
        _ = DITestContainer.make(over: app) { $0.register(StubClient.init).as((any HTTPClient).self).test() }
        #expect(recorder.diagnostics.isEmpty)
    }
}

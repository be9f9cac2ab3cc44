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

    @Test func anOverrideThatWinsIsNotReported() {
        let app = NewsReaderApp.makeContainer()
        let recorder = DITraceRecorder()
        app.addObserver(recorder)
        defer { app.removeObserver(recorder) }
        _ = DITestContainer.make(over: app) { $0.register(StubClient.init).as((any HTTPClient).self).test() }
        #expect(recorder.diagnostics.isEmpty)
    }
}

import DICore
import DILogging
import Testing

/// Warnings are what a user should change; the verbose log names each registration as it
/// was written, modifiers included.
@Suite struct SeverityTests {
    @Test func theVerboseLogNamesTheLifetimeARegistrationWasGiven() {
        let container = DIContainer()
        let lines = Lines()
        container.addObserver(DIConsoleLogger(level: .verbose) { lines.append($0) })
        container.register(Database.init).lifetime(.perContainer(.single))
        container.register(FeedService.init).as(AnyObject.self).lifetime(.objectGraph)
        let _: FeedService = container.resolve()
        let registered = lines.all.filter { $0.hasPrefix("registered ") }
        #expect(registered.count == 2)
        #expect(registered.first?.hasPrefix("registered Database (perContainer(.single)) at ") == true)
        #expect(registered.last?.hasPrefix("registered FeedService (objectGraph) at ") == true)
        // Told before the resolve that first looked at it.
        let firstResolve = lines.all.firstIndex { $0.hasPrefix("trace ") }
        let lastRegistration = lines.all.lastIndex { $0.hasPrefix("registered ") }
        #expect((lastRegistration ?? .max) < (firstResolve ?? -1))
    }

    @Test func aChoiceByDefaultIsInformationalAndTheRulesAreNotWarnings() throws {
        let container = DIContainer()
        let recorder = DITraceRecorder()
        container.register(LiveClient.init).as(Client.self)
        container.register(StubClient.init).as(Client.self).default()
        container.addObserver(recorder)
        let _: Client = container.resolve()
        let note = try #require(recorder.traces.last?.root.diagnostics.first)
        #expect(note.severity == .info)
        #expect(note.severity < .warning)
        #expect(note.description.hasPrefix("info: Client: 2 components match; .default() picked"))
    }

    @Test(arguments: [
        (DIDiagnostic.Severity.info, DILogLevel.info), (.warning, .warning), (.error, .error),
    ])
    func eachSeverityIsWrittenAtItsLevel(severity: DIDiagnostic.Severity, level: DILogLevel) {
        let container = DIContainer()
        let below = Lines()
        let at = Lines()
        let lower = DILogLevel(rawValue: level.rawValue - 1) ?? .none
        container.addObserver(DIConsoleLogger(level: lower) { below.append($0) })
        container.addObserver(DIConsoleLogger(level: level) { at.append($0) })
        let diagnostic = DIDiagnostic(severity: severity, kind: .misuse, message: "m")
        container.deliver(DIEvent(kind: .diagnostic, diagnostic: diagnostic))
        #expect(below.all.isEmpty)
        #expect(at.all == ["\(severity): m"])
    }
}

extension SeverityTests {
    @Test func anOptionalResolveOfAnAmbiguousTypeSaysWhyItIsNil() throws {
        let container = DIContainer()
        let recorder = DITraceRecorder()
        container.register(LiveClient.init).as(Client.self)
        container.register(StubClient.init).as(Client.self)
        container.addObserver(recorder)
        let client: Client? = container.resolve()
        #expect(client == nil)
        let node = try #require(recorder.traces.last?.root)
        #expect(node.outcome == .skipped)
        #expect(node.summary.hasPrefix("resolve Client → nil "))
        let warning = try #require(node.diagnostics.first)
        #expect(warning.severity == .warning)
        #expect(warning.kind == .ambiguousDependency)
        #expect(
            warning.message.hasPrefix(
                "Client: 2 components match and no .test(), framework or .default() rule picks one (mark one .default() to pick it), so the optional request gets nil: DILoggingTests/SeverityTests.swift:"
            )
        )
    }
}

import DICore
import DILogging
import Testing

/// Takes a `Broken` if one can be made.
private final class OptionalBrokenHolder {
    let broken: Broken?
    init(broken: Broken?) { self.broken = broken }
}

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

    /// A warning raised while a resolve runs belongs to its trace, on the request it is about.
    @Test(arguments: [false, true]) func anOptionalThatIsNilAfterAFailureWarnsInItsTrace(nested: Bool) throws {
        let container = DIContainer()
        container.register(Broken.init)
        container.register(OptionalBrokenHolder.init)
        let recorder = DITraceRecorder()
        container.addObserver(recorder)
        if nested {
            let holder: OptionalBrokenHolder = container.resolve()
            #expect(holder.broken == nil)
        } else {
            let broken: Broken? = container.resolve()
            #expect(broken == nil)
        }
        let trace = try #require(recorder.traces.only)
        let node = try #require(trace.allNodes.first { $0.request == "Broken" })
        #expect(node.outcome == .skipped)
        #expect(node.diagnostics.map(\.severity) == [.warning])
        #expect(node.diagnostics.first?.message.hasPrefix("Broken? is nil: making Broken failed: ") == true)
        #expect(trace.render().contains("! warning: Broken? is nil"))
        #expect(recorder.diagnostics.isEmpty)
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

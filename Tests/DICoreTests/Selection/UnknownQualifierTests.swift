import DICore
import Testing

// A name or tag no registration of the type carries (issue 25, item 5): a typo in
// `injection(name:)` used to be a silent nil. Validation reports it as an error, with what
// nearly matches; at run time the first nil of each such request is a warning.

private protocol UQStore: AnyObject {}
private final class UQPlain: UQStore {}
private enum UQSecure {}
private enum UQUnused {}

private final class UQSettings {
    // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
    var plain: (any UQStore)!  // DITranquillity's idiom for property injection
}

private final class UQTagged {
    let store: (any UQStore)?
    init(store: (any UQStore)?) { self.store = store }
}

@Suite struct UnknownQualifierTests {
    private func typoWiring() -> DIContainer {
        let container = DIContainer()
        container.register(UQPlain.init).as((any UQStore).self, name: "plain")
        container.register(UQSettings.init).injection(name: "plian", \.plain)
        return container
    }

    @Test func validationReportsANameNoRegistrationCarries() throws {
        let problems = typoWiring().makeGraph().validate()
        let problem = try #require(problems.first { $0.severity == .error })
        #expect(problem.kind == .missingDependency)
        #expect(problem.message.contains("plian"))
        #expect(problem.message.contains("registered with name \"plain\""))
    }

    @Test func theFirstNilOfSuchARequestIsAWarning() throws {
        let container = typoWiring()
        let diagnostics = DiagnosticLog()
        container.addObserver(diagnostics)
        let first: UQSettings = container.resolve()
        let second: UQSettings = container.resolve()
        #expect(first.plain == nil && second.plain == nil)
        let warnings = diagnostics.all.filter { $0.message.contains("plian") && $0.severity == .warning }
        #expect(warnings.count == 1)
        // The second nil is a note: nothing is registered for it, as for any optional.
        #expect(diagnostics.all.contains { $0.severity == .info && $0.message.contains("plian") })
        let warning = try #require(warnings.first)
        #expect(warning.severity == .warning && warning.kind == .missingDependency)
        #expect(warning.message.contains("registered with name \"plain\""))
        #expect(warning.path.first == "UQSettings")
    }

    /// Read in a factory's body (`by(name:on:)` on a container parameter), the name is found
    /// only when the factory runs: the warning names the request as the graph writes it and
    /// starts its path at the component being made.
    @Test func aNameReadInAFactoryWarnsWithTheWholePath() throws {
        let container = DIContainer()
        container.register(UQPlain.init).as((any UQStore).self, name: "plain")
        container.register { UQTagged(store: by(name: "plian", on: $0)) }
        let diagnostics = DiagnosticLog()
        container.addObserver(diagnostics)
        let tagged: UQTagged = try container.tryResolve()
        #expect(tagged.store == nil)
        let warning = try #require(diagnostics.all.first { $0.severity == .warning })
        #expect(warning.message.hasPrefix(#"UQStore? (name: "plian") is nil: "#), "\(warning.message)")
        #expect(warning.path == ["UQTagged", #"UQStore (name: "plian")"#])
    }

    /// The warning is a part of the resolve's trace, on the node of the request it is about.
    @Test func theWarningIsOnItsRequestsNode() throws {
        let container = typoWiring()
        let events = EventLog()
        container.addObserver(events)
        let _: UQSettings = container.resolve()
        let all = events.all
        let warning = try #require(all.first { $0.diagnostic?.message.contains("plian") == true })
        let request = try #require(all.first { $0.kind == .resolveStarted && $0.request?.contains("plian") == true })
        #expect(warning.traceID == request.traceID)
        #expect(warning.spanID == request.spanID)
        #expect(warning.depth == request.depth)
    }

    @Test func anUnknownTagIsReportedToo() throws {
        let container = DIContainer()
        container.register(UQPlain.init).as((any UQStore).self, tag: UQSecure.self)
        container.register { UQTagged(store: by(tag: UQUnused.self, on: $0)) }
        let diagnostics = DiagnosticLog()
        container.addObserver(diagnostics)
        #expect(container.makeGraph().validate().contains { $0.severity == .error && $0.message.contains("UQUnused") })
        let tagged: UQTagged = container.resolve()
        #expect(tagged.store == nil)
        #expect(diagnostics.all.contains { $0.severity == .warning && $0.message.contains("UQUnused") })
        let top: (any UQStore)? = container.resolve(name: "nothing")
        #expect(top == nil)
        #expect(diagnostics.all.contains { $0.message.contains("\"nothing\"") })
    }

    /// What an optional is for: no warning, but a note on each traced resolve says why it
    /// is `nil`, a first resolve, a remembered one and a compiled one alike, nested or at the
    /// top level.
    @Test func anOptionalWithoutANameGetsANoteNotAWarning() {
        let container = DIContainer()
        container.register { UQTagged(store: $0) }
        let diagnostics = DiagnosticLog()
        container.addObserver(diagnostics)
        #expect(container.makeGraph().validate().isEmpty)
        for _ in 0..<3 {
            let tagged: UQTagged = container.resolve()
            #expect(tagged.store == nil)
            let top: (any UQStore)? = container.resolve()
            #expect(top == nil)
        }
        #expect(diagnostics.all.allSatisfy { $0.severity == .info })
        let note = "UQStore? is nil: nothing is registered for it"
        #expect(diagnostics.all.map(\.message) == Array(repeating: note, count: 6))
        #expect(diagnostics.all.first?.path == ["UQTagged", "UQStore"])
    }

    @Test func eachAmbiguousNilSaysWhy() {
        let container = DIContainer()
        container.register(UQPlain.init).as((any UQStore).self)
        container.register(UQPlain.init).as((any UQStore).self)
        container.register { UQTagged(store: $0) }
        let diagnostics = DiagnosticLog()
        container.addObserver(diagnostics)
        let first: UQTagged = container.resolve()
        let second: UQTagged = container.resolve()
        #expect(first.store == nil && second.store == nil)
        #expect(diagnostics.all.filter { $0.kind == .ambiguousDependency }.count == 2)
    }
}

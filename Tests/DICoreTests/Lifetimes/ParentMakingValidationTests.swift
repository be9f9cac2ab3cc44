import DICore
import Testing

// What a parent's making of an instance it keeps cannot answer, seen from a child: an
// optional on the way, a `cycle:` injection (which runs once the rest of the resolve is
// done), an optional only the child answers. The resolve and the child's validation agree.

private protocol PMClient: AnyObject, Sendable {}
private final class PMStubClient: PMClient {}
private final class PMOtherClient: PMClient {}

private final class PMOptionalSession {
    let client: (any PMClient)?
    init(client: (any PMClient)?) { self.client = client }
}

private final class PMSession {
    let client: any PMClient
    init(client: any PMClient) { self.client = client }
}

private final class PMNotes {
    var session: PMSession?
}

private final class PMNotesHolder {
    let notes: PMNotes?
    init(notes: PMNotes?) { self.notes = notes }
}

private final class PMReader {
    let session: PMSession?
    init(session: PMSession?) { self.session = session }
}

private final class PMSurvivor {
    var reader: PMReader?
}

@Suite struct ParentMakingValidationTests {
    /// An optional dependency only the child registers is `nil` in the parent's making,
    /// which the child's validation warns about: the child's registration does not reach it.
    @Test func anOptionalOnlyTheChildAnswersIsNilWithAWarning() throws {
        let app = DIContainer()
        app.register(PMReader.init).lifetime(.perContainer(.single))
        let feature = DIContainer(parent: app)
        feature.register(PMSession.init)
        feature.register(PMStubClient.init).as(PMClient.self)

        let reader: PMReader = feature.resolve()
        #expect(reader.session == nil)
        let found = feature.makeGraph().validate()
        #expect(found.map(\.severity) == [.warning], "\(found)")
        #expect(found.first?.path == ["PMReader", "PMSession?"])
        #expect(found.first?.message.contains("so it is nil there") == true, "\(found)")
        #expect(feature.makeGraph().checkIsValid())
        #expect(app.makeGraph().validate().isEmpty)
    }

    /// A child of an app that keeps a `PMNotesHolder`, whose optional `PMNotes` has a `cycle:`
    /// injection needing a `PMSession`, which needs a `PMClient` only the child registers.
    private func notesFeature() -> DIContainer {
        let app = DIContainer()
        app.register(PMSession.init)
        app.register(PMNotes.init).injection(cycle: true) { (notes: PMNotes, session: PMSession) in
            notes.session = session
        }
        app.register(PMNotesHolder.init).lifetime(.perContainer(.single))
        let feature = DIContainer(parent: app)
        feature.register(PMStubClient.init).as(PMClient.self)
        return feature
    }

    /// A `cycle:` injection runs once the rest of the resolve is done, so an optional request
    /// above it does not catch its failure: the whole resolve fails, and validation says so
    /// with an error.
    @Test func anOptionalAboveACycleInjectionDoesNotCatchItsFailure() throws {
        let feature = notesFeature()

        // The path is the child's request, then the parent's making: no request of its own
        // for the kept instance; the reason names the instance the parent keeps.
        let error = #expect(throws: DIError.self) { let _: PMNotesHolder = try feature.tryResolve() }
        #expect(error?.path == ["PMNotesHolder", "PMNotes", "PMSession", "PMClient"])
        #expect(
            error?.reason.contains("PMNotesHolder is kept by an ancestor container") == true,
            "\(String(describing: error))"
        )
        let found = feature.makeGraph().validate()
        #expect(found.map(\.severity) == [.error], "\(found)")
        #expect(found.first?.path == ["PMNotesHolder", "PMNotes", "PMSession", "PMClient"])
        #expect(!feature.makeGraph().checkIsValid())
    }

    @Test func anAwaitedResolveReportsTheFailedCycleInjectionAlike() async {
        let feature = notesFeature()
        do {
            let _: PMNotesHolder = try await feature.tryResolve()
            Issue.record("the resolve should fail")
        } catch {
            #expect(error.path == ["PMNotesHolder", "PMNotes", "PMSession", "PMClient"])
            #expect(error.reason.contains("PMNotesHolder is kept by an ancestor container"), "\(error)")
        }
    }

    /// Below a `cycle:` injection, an optional request answers `nil` as anywhere else.
    @Test func anOptionalBelowACycleInjectionIsNilWithAWarning() throws {
        let app = DIContainer()
        app.register(PMSession.init)
        app.register(PMReader.init)
        app.register(PMSurvivor.init).lifetime(.perContainer(.single))
            .injection(cycle: true) { (survivor: PMSurvivor, reader: PMReader) in survivor.reader = reader }
        let feature = DIContainer(parent: app)
        feature.register(PMStubClient.init).as(PMClient.self)

        let survivor: PMSurvivor = feature.resolve()
        #expect(survivor.reader != nil)
        #expect(survivor.reader?.session == nil)
        let found = feature.makeGraph().validate()
        #expect(found.map(\.severity) == [.warning], "\(found)")
        #expect(found.first?.path == ["PMSurvivor", "PMReader", "PMSession", "PMClient"])
        #expect(feature.makeGraph().checkIsValid())
    }

    /// A registration without an initializer is never made in the parent's making (only
    /// `inject(into:)` fills one): what its injections need is no concern of that making.
    @Test func aDependencyWithoutAnInitializerIsNotFollowedIntoTheParentsMaking() throws {
        let app = DIContainer()
        app.register(PMNotesHolder.init).lifetime(.perContainer(.single))
        app.register(PMNotes.self).injection { $0.session = $1 }
        app.register(PMSession.init)
        let feature = DIContainer(parent: app)
        feature.register(PMStubClient.init).as((any PMClient).self)
        let problems = feature.makeGraph().validate()
        #expect(!problems.contains { $0.message.contains("PMClient") }, "\(problems.map(\.message))")
        let holder: PMNotesHolder = try feature.tryResolve()
        #expect(holder.notes == nil)
    }

    /// A dependency of the kept instance itself that only the child registers fails the
    /// child's resolve: validation says why, once, as the resolve's error does.
    @Test func aDependencyOnlyTheChildAnswersIsAnErrorThatSaysWhy() throws {
        let app = DIContainer()
        app.register(PMSession.init).lifetime(.perContainer(.single))
        let feature = DIContainer(parent: app)
        feature.register(PMStubClient.init).as(PMClient.self)

        let error = #expect(throws: DIError.self) { let _: PMSession = try feature.tryResolve() }
        #expect(error?.reason.contains("PMSession is kept by an ancestor container") == true)
        let found = feature.makeGraph().validate()
        #expect(found.map(\.severity) == [.error], "\(found)")
        #expect(found.first?.kind == .missingDependency)
        #expect(found.first?.path == ["PMSession", "PMClient"])
        #expect(
            found.first?.message
                == "PMSession needs PMClient: PMSession is kept by an ancestor container, which makes it with its own registrations, and nothing there answers it: a descendant's registration does not reach it"
        )
    }

    /// The child registers the dependency twice (a tie), the parent not at all: the parent's
    /// making fails for lack of it, and validation says why, as the resolve does.
    @Test func aTieOnlyInTheChildIsSaidAsTheAncestorsMissingDependency() throws {
        let app = DIContainer()
        app.register(PMSession.init).lifetime(.perContainer(.single))
        let feature = DIContainer(parent: app)
        feature.register(PMStubClient.init).as(PMClient.self)
        feature.register(PMOtherClient.init).as(PMClient.self)

        let error = #expect(throws: DIError.self) { let _: PMSession = try feature.tryResolve() }
        #expect(error?.reason.contains("PMSession is kept by an ancestor container") == true)
        let found = feature.makeGraph().validate()
        #expect(found.map(\.severity) == [.error], "\(found)")
        #expect(found.first?.message.contains("PMSession is kept by an ancestor container") == true)
    }

    /// A child registering one `PMClient` of an app that registers two (a tie) and what
    /// `keeping` registers.
    private func childOfAppWithTiedClients(keeping: (DIContainer) -> Void) -> DIContainer {
        let app = DIContainer()
        keeping(app)
        app.register(PMStubClient.init).as(PMClient.self)
        app.register(PMOtherClient.init).as(PMClient.self)
        let feature = DIContainer(parent: app)
        feature.register(PMStubClient.init).as(PMClient.self)
        return feature
    }

    /// A tie in the parent, one registration in the child: the resolve's error and
    /// validation's both say the parent makes the instance, and validation lists the tie.
    @Test func aTieInTheParentIsSaidWithTheAncestorRuleAndTheTiedComponents() throws {
        let feature = childOfAppWithTiedClients { $0.register(PMSession.init).lifetime(.perContainer(.single)) }
        let error = #expect(throws: DIError.self) { let _: PMSession = try feature.tryResolve() }
        #expect(error?.kind == .ambiguous)
        #expect(
            error?.reason.contains("PMSession is kept by an ancestor container") == true,
            "\(String(describing: error))"
        )
        let found = feature.makeGraph().validate()
        #expect(found.map(\.severity) == [.error], "\(found)")
        let message = try #require(found.first?.message)
        #expect(message.contains("PMSession is kept by an ancestor container"))
        #expect(message.contains("PMStubClient") && message.contains("PMOtherClient"), "\(message)")
    }

    /// The same tie for an optional dependency: `nil` there, which validation says.
    @Test func anOptionalTieInTheParentIsNilThere() throws {
        let feature = childOfAppWithTiedClients {
            $0.register(PMOptionalSession.init).lifetime(.perContainer(.single))
        }
        let session: PMOptionalSession = try feature.tryResolve()
        #expect(session.client == nil)
        let found = feature.makeGraph().validate()
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.message.hasSuffix("; until one is picked, it is nil there") == true, "\(found)")
    }
}

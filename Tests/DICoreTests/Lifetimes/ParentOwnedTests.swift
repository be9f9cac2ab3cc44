import DICore
import Testing

// A cached instance a parent owns is the parent's, whichever container asks for it first:
// it is made with the parent's registrations, never with a child's overrides (which would
// then reach every other user of the parent's instance).

private protocol POClient: AnyObject, Sendable {}
private final class POHTTPClient: POClient {}
private final class POStubClient: POClient {}

private final class POAnalytics: Sendable {
    let client: any POClient
    init(client: any POClient) { self.client = client }
}

private final class POScreen {
    let analytics: POAnalytics
    let client: any POClient
    init(analytics: POAnalytics, client: any POClient) {
        self.analytics = analytics
        self.client = client
    }
}

@MainActor private final class POViewModel {
    let client: any POClient
    init(client: any POClient) { self.client = client }
}

private final class POSession {
    let client: any POClient
    init(client: any POClient) { self.client = client }
}

private final class POTracker {
    let session: POSession
    init(session: POSession) { self.session = session }
}

@Suite struct ParentOwnedTests {
    private func containers(_ lifetime: DILifeTime) -> (app: DIContainer, feature: DIContainer) {
        let app = DIContainer()
        app.register(POHTTPClient.init).as(POClient.self)
        app.register(POAnalytics.init).lifetime(lifetime)
        app.register(POScreen.init)
        let feature = DIContainer(parent: app)
        feature.register(POStubClient.init).as(POClient.self)
        return (app, feature)
    }

    @Test(arguments: [DILifeTime.perContainer(.single), .perContainer(.weak), .single])
    func aParentsInstanceIsMadeWithTheParentsRegistrations(lifetime: DILifeTime) {
        let (app, feature) = containers(lifetime)
        // The child asks first, directly and as a parameter of one of its own graphs.
        let screen: POScreen = feature.resolve()
        #expect(screen.client is POStubClient)  // the child's own request: its override
        #expect(screen.analytics.client is POHTTPClient)
        let direct: POAnalytics = feature.resolve()
        let fromApp: POAnalytics = app.resolve()
        #expect(direct === screen.analytics)
        #expect(fromApp === screen.analytics)
    }

    /// What the parent lacks and the child registers fails the parent's making, saying
    /// why the child's registration does not count.
    @Test func aDependencyOnlyTheChildRegistersIsMissingAndTheErrorSaysWhy() throws {
        let app = DIContainer()
        app.register(POAnalytics.init).lifetime(.perContainer(.single))
        let feature = DIContainer(parent: app)
        feature.register(POStubClient.init).as(POClient.self)
        let error = #expect(throws: DIError.self) { let _: POAnalytics = try feature.tryResolve() }
        #expect(error?.kind == .notRegistered)
        #expect(
            error?.reason.hasSuffix(
                "POAnalytics is kept by an ancestor container, which makes it with its own registrations: "
                    + "a descendant's registration of POClient does not reach it"
            ) == true,
            "\(error?.reason ?? "")"
        )
        // From the parent itself, the plain message.
        let own = #expect(throws: DIError.self) { let _: POAnalytics = try app.tryResolve() }
        #expect(own?.reason.contains("ancestor") == false)
    }

    /// An app whose kept `POTracker` needs a `POSession` (a prototype) that needs a
    /// `POClient` it does not register.
    private func trackerApp() -> DIContainer {
        let app = DIContainer()
        app.register(POSession.init)
        app.register(POTracker.init).lifetime(.perContainer(.single))
        return app
    }

    /// The parent's making makes what the kept instance needs anew (a prototype here) with
    /// the parent's registrations too: the child's validation says so, as its resolve fails.
    @Test func theChildsValidationFailsWhatTheParentsMakingCannotAnswer() throws {
        let app = trackerApp()
        let feature = DIContainer(parent: app)
        feature.register(POStubClient.init).as(POClient.self)
        let error = #expect(throws: DIError.self) { let _: POTracker = try feature.tryResolve() }
        #expect(error?.path == ["POTracker", "POSession", "POClient"])
        // Resolved directly, the prototype is the child's to make, with its registration.
        let session: POSession = feature.resolve()
        #expect(session.client is POStubClient)
        let found = feature.makeGraph().validate()
        #expect(found.map(\.kind) == [.missingDependency])
        let problem = try #require(found.first)
        #expect(problem.severity == .error)
        #expect(problem.path == ["POTracker", "POSession", "POClient"])
        #expect(problem.message.contains("POTracker is kept by an ancestor container"), "\(problem.message)")
        #expect(!feature.makeGraph().checkIsValid())
        // Once the parent answers it, the child's graph is sound.
        app.register(POHTTPClient.init).as(POClient.self)
        #expect(feature.makeGraph().validate().isEmpty)
        let tracker: POTracker = feature.resolve()
        #expect(tracker.session.client is POHTTPClient)
    }

    /// Below an optional request, what the parent's making cannot answer is `nil` there: a
    /// warning, not an error, as the resolve works.
    @Test func belowAnOptionalTheParentsMakingGivesNilWithAWarning() throws {
        final class Holder {
            let session: POSession?
            init(session: POSession?) { self.session = session }
        }
        let app = DIContainer()
        app.register(POSession.init)
        app.register(Holder.init).lifetime(.perContainer(.single))
        let feature = DIContainer(parent: app)
        feature.register(POStubClient.init).as(POClient.self)
        let holder: Holder = feature.resolve()
        #expect(holder.session == nil)
        let found = feature.makeGraph().validate()
        #expect(found.map(\.severity) == [.warning])
        #expect(found.first?.message.contains("an optional request on the way is nil there") == true)
        #expect(feature.makeGraph().checkIsValid())
    }

    /// An isolating container between keeps its own copy of the parent's instance, made with
    /// its overrides: a child of it validates that making, not the parent's.
    @Test func aChildOfAnIsolatingContainerValidatesItsMaking() throws {
        let app = trackerApp()
        let isolating = DIContainer(isolatedFrom: app)
        isolating.register(POStubClient.init).as(POClient.self)
        let child = DIContainer(parent: isolating)
        let tracker: POTracker = child.resolve()
        #expect(tracker.session.client is POStubClient)
        #expect(child.makeGraph().validate().isEmpty)
        #expect(isolating.makeGraph().validate().isEmpty)
        #expect(!app.makeGraph().checkIsValid())
    }

    /// The parent makes it with the arguments the child's request gives.
    @Test(arguments: [DILifeTime.perContainer(.single), .single])
    func theChildsArgumentsReachTheParentsMaking(lifetime: DILifeTime) throws {
        final class Port {
            let number: Int
            init(number: Int) { self.number = number }
        }
        let app = DIContainer()
        app.register { Port(number: arg($0)) }.lifetime(lifetime)
        let feature = DIContainer(parent: app)
        let port: Port = try feature.tryResolve(args: 153)
        #expect(port.number == 153)
        let fromApp: Port = app.resolve(args: 7)
        #expect(fromApp === port)  // made once, with the first arguments
        let other = DIContainer(parent: DIContainer())
        other.parent?.register { Port(number: arg($0)) }.lifetime(.perContainer(.single))
        let provider: Provider1<Port, Int> = other.resolve()
        #expect(try provider.tryValue(5).number == 5)
        let maybe: Port? = other.resolve(args: 9)
        #expect(maybe?.number == 5)
    }

    @Test func anAwaitedResolveFollowsTheSameRule() async {
        let (app, feature) = containers(.perContainer(.single))
        let analytics: POAnalytics = await feature.resolve()
        #expect(analytics.client is POHTTPClient)
        let fromApp: POAnalytics = await app.resolve()
        #expect(fromApp === analytics)
    }

    /// The parent makes it on behalf of the child's caller: here the main actor, where a
    /// main-actor initializer may run in place.
    @MainActor @Test func aMainActorInstanceIsMadeInPlaceForAChildOnTheMainActor() {
        let app = DIContainer()
        app.register(POHTTPClient.init).as(POClient.self)
        app.register(POViewModel.init).lifetime(.perContainer(.single))
        let feature = DIContainer(parent: app)
        feature.register(POStubClient.init).as(POClient.self)
        let model: POViewModel = feature.resolve()
        #expect(model.client is POHTTPClient)
    }

    /// A child made with `isolatedFrom:` keeps its own instance, made with its overrides.
    @Test func anIsolatingChildMakesItsOwn() {
        let app = DIContainer()
        app.register(POHTTPClient.init).as(POClient.self)
        app.register(POAnalytics.init).lifetime(.perContainer(.single))
        let test = DIContainer(isolatedFrom: app)
        test.register(POStubClient.init).as(POClient.self).test()
        let own: POAnalytics = test.resolve()
        let apps: POAnalytics = app.resolve()
        #expect(own.client is POStubClient)
        #expect(apps.client is POHTTPClient)
        #expect(own !== apps)
    }

    /// A `.custom(scope)` instance is the scope's, whichever container resolves it, but an
    /// isolating child keeps its own copy, made with its overrides: nothing leaks between
    /// test containers or into the app. Cleaning the scope drops the copies too, and a copy
    /// ends with its container.
    @Test func anIsolatingChildKeepsItsOwnCopyOfAScopesInstance() {
        let session = DIScope(name: "session")
        let app = DIContainer()
        app.register(POHTTPClient.init).as(POClient.self)
        app.register(POAnalytics.init).lifetime(.custom(session))
        var first: DIContainer? = DIContainer(isolatedFrom: app)
        first?.register(POStubClient.init).as(POClient.self).test()
        let second = DIContainer(isolatedFrom: app)
        second.register(POStubClient.init).as(POClient.self).test()
        var firsts: POAnalytics? = first?.resolve()
        let seconds: POAnalytics = second.resolve()
        let apps: POAnalytics = app.resolve()
        #expect(firsts?.client is POStubClient)
        #expect(seconds.client is POStubClient)
        #expect(apps.client is POHTTPClient)
        #expect(firsts !== seconds && seconds !== apps && firsts !== apps)
        #expect((first?.resolve() as POAnalytics?) === firsts)
        #expect((second.resolve() as POAnalytics) === seconds)
        #expect((app.resolve() as POAnalytics) === apps)

        session.clean()
        #expect((second.resolve() as POAnalytics) !== seconds)
        #expect((app.resolve() as POAnalytics) !== apps)
        weak let dropped = firsts
        firsts = nil
        #expect(dropped == nil)

        weak var released: POAnalytics?
        do {
            let copy: POAnalytics? = first?.resolve()
            #expect(copy != nil)
            released = copy
        }
        first = nil
        #expect(released == nil)
    }

    /// A plain child of an isolating container sees what that container keeps: its copy of
    /// the app's instance, made with its overrides, not the app's instance, and the child's
    /// own overrides reach neither.
    @Test(arguments: [DILifeTime.perContainer(.single), .custom(DIScope(name: "session"))])
    func aChildOfAnIsolatingContainerSharesItsCopy(lifetime: DILifeTime) {
        let app = DIContainer()
        app.register(POHTTPClient.init).as(POClient.self)
        app.register(POAnalytics.init).lifetime(lifetime)
        let test = DIContainer(isolatedFrom: app)
        test.register(POStubClient.init).as(POClient.self).test()
        let feature = DIContainer(parent: test)
        feature.register(POHTTPClient.init).as(POClient.self).test()
        let features: POAnalytics = feature.resolve()
        let tests: POAnalytics = test.resolve()
        let apps: POAnalytics = app.resolve()
        #expect(features === tests)
        #expect(tests.client is POStubClient)
        #expect(apps !== tests)
        #expect(apps.client is POHTTPClient)
    }

    /// A scope's instance of the parent's component is made by the parent, as any instance
    /// the parent keeps: a child's override does not reach it.
    @Test func aChildsOverrideDoesNotReachTheParentsScopedInstance() {
        let session = DIScope(name: "session")
        let (app, feature) = containers(.custom(session))
        let features: POAnalytics = feature.resolve()
        let apps: POAnalytics = app.resolve()
        #expect(features === apps)
        #expect(apps.client is POHTTPClient)
    }

    /// The parent's making fails as the child's request would, naming the child's chain.
    @Test func aFailureInTheParentNamesTheWholeChain() {
        final class Missing {}
        final class Needs: Sendable {
            init(missing: Missing) {}
        }
        final class Top {
            init(needs: Needs) {}
        }
        let app = DIContainer()
        app.register(Needs.init).lifetime(.perContainer(.single))
        let feature = DIContainer(parent: app)
        feature.register(Missing.init)
        feature.register(Top.init)
        let error = #expect(throws: DIError.self) { let _: Top = try feature.tryResolve() }
        #expect(error?.kind == .notRegistered)
        #expect(error?.path == ["ParentOwnedTests.Top", "ParentOwnedTests.Needs", "ParentOwnedTests.Missing"])
    }

    /// Validation from the child agrees: the parent's instance cannot use what only the
    /// child registers.
    @Test func validationFromTheChildChoosesAsTheParentDoes() {
        final class Missing {}
        final class Needs: Sendable {
            init(missing: Missing) {}
        }
        let app = DIContainer()
        app.register(Needs.init).lifetime(.perContainer(.single))
        let feature = DIContainer(parent: app)
        feature.register(Missing.init)
        let errors = feature.makeGraph().validate().filter { $0.severity == .error }
        #expect(errors.count == 1)
        #expect(errors.first?.message.contains("Missing") == true)
    }
}

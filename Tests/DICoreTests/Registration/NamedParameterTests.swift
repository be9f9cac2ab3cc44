import DICore
import DILazy
import Testing

// `by(name:on:)` (issue 25, item 8): an initializer parameter chosen by name, written in the
// registration, so validation and the graph see the edge before anything is resolved.

private final class NPSession: Sendable {}

private final class NPClient: Sendable {
    let baseURL: String
    let session: NPSession
    init(baseURL: String, session: NPSession) {
        self.baseURL = baseURL
        self.session = session
    }
}

private final class NPLogin: Sendable {
    let user: String
    let token: String
    init(user: String, token: String) {
        self.user = user
        self.token = token
    }
}

private final class NPOptional: Sendable {
    let mirror: String?
    init(mirror: String?) { self.mirror = mirror }
}

private final class NPDelayed: Sendable {
    let url: Lazy<String>
    init(url: Lazy<String>) { self.url = url }
}

@MainActor private final class NPScreen {
    let title: String
    let session: NPSession
    init(title: String, session: NPSession) {
        self.title = title
        self.session = session
    }
}

@Suite struct NamedParameterTests {
    private func wiring(name: String = "baseURL") -> DIContainer {
        let container = DIContainer()
        container.register { "https://api.example.com" }.as(String.self, name: "baseURL")
        container.register { "https://mirror.example.com" }.as(String.self, name: "mirror")
        container.register(NPSession.init)
        container.register(NPClient.init(baseURL:session:)) { by(name: name, on: $0) }
        return container
    }

    @Test func theFirstParameterIsTheComponentWithThatName() throws {
        let container = wiring()
        let client: NPClient = try container.tryResolve()
        #expect(client.baseURL == "https://api.example.com")
        let mirrored = wiring(name: "mirror")
        let other: NPClient = try mirrored.tryResolve()
        #expect(other.baseURL == "https://mirror.example.com")
    }

    @Test func theFirstTwoParametersCanBothBeNamed() throws {
        let container = DIContainer()
        container.register { "ann" }.as(String.self, name: "user")
        container.register { "s3cret" }.as(String.self, name: "token")
        container.register(NPLogin.init(user:token:)) { (by(name: "user", on: $0), by(name: "token", on: $1)) }
        let login: NPLogin = try container.tryResolve()
        #expect(login.user == "ann" && login.token == "s3cret")
    }

    @Test func aClosureReordersToNameAnotherParameter() throws {
        let container = wiring()
        container.register { "sandbox" }.as(String.self, name: "user")
        container.register({ (token: String, user: String) in NPLogin(user: user, token: token) }) {
            (by(name: "user", on: $0), by(name: "baseURL", on: $1))
        }
        let login: NPLogin = try container.tryResolve()
        #expect(login.user == "https://api.example.com" && login.token == "sandbox")
    }

    @Test func validationAndTheGraphSeeTheNamedEdge() throws {
        let graph = wiring().makeGraph()
        #expect(graph.validate().isEmpty)
        let edge = try #require(graph.edges.first { $0.typeName == "String" })
        #expect(edge.name == "baseURL")
        #expect(edge.to.count == 1)
        #expect(graph.dot().contains("baseURL"))
    }

    @Test func aTypoIsAValidationErrorAndATypedErrorBeforeAnyResolve() throws {
        let container = wiring(name: "baseULR")
        let problems = container.makeGraph().validate()
        let problem = try #require(problems.first { $0.severity == .error })
        #expect(problem.kind == .missingDependency)
        #expect(problem.message.contains("baseULR"))
        #expect(problem.message.contains("\"baseURL\""))
        let error = try #require(throws: DIError.self) { _ = try container.tryResolve() as NPClient }
        #expect(error.kind == .notRegistered)
        #expect(error.description.contains("NPClient"))
        #expect(error.description.contains("baseULR"))
        // The container is intact: the right name still resolves.
        #expect(try container.tryResolve(name: "baseURL") as String == "https://api.example.com")
    }

    @Test func anOptionalNamedParameterIsNilWhenNothingCarriesTheName() throws {
        let container = DIContainer()
        container.register { "https://api.example.com" }.as(String.self, name: "baseURL")
        container.register(NPOptional.init(mirror:)) { by(name: "mirror", on: $0) }
        let missing: NPOptional = try container.tryResolve()
        #expect(missing.mirror == nil)
        container.register { "https://mirror.example.com" }.as(String.self, name: "mirror")
        let found: NPOptional = try container.tryResolve()
        #expect(found.mirror == "https://mirror.example.com")
    }

    @Test func aDelayedNamedParameterKeepsItsName() throws {
        let container = wiring()
        container.register(NPDelayed.init(url:)) { by(name: "mirror", on: $0) }
        let delayed: NPDelayed = try container.tryResolve()
        #expect(delayed.url.value == "https://mirror.example.com")
    }

    @Test func anAsyncResolveChoosesTheSame() async throws {
        let container = wiring(name: "mirror")
        let awaited: NPClient = try await container.tryResolve()
        #expect(awaited.baseURL == "https://mirror.example.com")
    }

    @Test func anObservedResolveChoosesTheSame() throws {
        let container = wiring(name: "mirror")
        container.addObserver(DiagnosticLog())
        let observed: NPClient = try container.tryResolve()
        #expect(observed.baseURL == "https://mirror.example.com")
    }

    @MainActor @Test func aMainActorInitializerTakesANamedParameter() throws {
        let container = wiring()
        container.register(NPScreen.init(title:session:)) { by(name: "mirror", on: $0) }
        let screen: NPScreen = try container.tryResolve()
        #expect(screen.title == "https://mirror.example.com")
    }
}

// `by(name:on:)` in a factory's body: the name is read when the factory runs.

private final class NPShared: Sendable {}

private final class NPVault: Sendable {
    let key: String
    let shared: NPShared
    let again: NPShared
    init(key: String, shared: NPShared, again: NPShared) {
        self.key = key
        self.shared = shared
        self.again = again
    }
}

@Suite struct NamedInFactoryTests {
    private func keys() -> DIContainer {
        let container = DIContainer()
        container.register { "plain" }.as(String.self, name: "plain")
        container.register { "secure" }.as(String.self, name: "secure")
        container.register(NPShared.init).as(NPShared.self, name: "shared").lifetime(.objectGraph)
        return container
    }

    /// Any parameter of a factory closure, by a name read when it runs; the resolve it makes
    /// joins the factory's (one `objectGraph` instance for both).
    @Test func aFactoryNamesAParameterInItsBody() throws {
        let container = keys()
        container.register { NPVault(key: by(name: "secure", on: $0), shared: by(name: "shared", on: $1), again: $2) }
        let vault: NPVault = try container.tryResolve()
        #expect(vault.key == "secure")
        #expect(vault.shared === vault.again)
        // The graph shows the parameter as the container: nothing for validation to miss.
        #expect(container.makeGraph().validate().filter { $0.severity == .error }.isEmpty)
    }

    /// An optional `Value` is `nil` when nothing carries the name; an awaited resolve runs
    /// the same factory.
    @Test func anOptionalNamedInTheBodyIsNilWhenNothingCarriesTheName() async throws {
        let container = keys()
        container.register { NPOptional(mirror: by(name: "mirror", on: $0)) }
        let optional: NPOptional = try await container.tryResolve()
        #expect(optional.mirror == nil)
        container.register { "mirror" }.as(String.self, name: "mirror")
        let found: NPOptional = try await container.tryResolve()
        #expect(found.mirror == "mirror")
    }
}

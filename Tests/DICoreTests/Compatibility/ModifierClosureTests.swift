import DICore
import DILazy
import Testing

// DITranquillity 6's `register(X.init) { arg($0) }` on initializers of any arity: the modifier
// feeds the first parameter (or the first two), the rest are resolved (issue 25, item 1).

private final class MCSession {
    let user: String
    init(user: String) { self.user = user }
}

private final class MCClient {
    let server: String
    let port: Int
    let session: MCSession
    init(server: String, port: Int, session: MCSession) {
        self.server = server
        self.port = port
        self.session = session
    }
}

private final class MCReport {
    let count: Int
    let session: MCSession
    init(count: Int, session: MCSession) {
        self.count = count
        self.session = session
    }
}

@MainActor private final class MCScreen {
    let title: String
    let session: MCSession
    init(title: String, session: MCSession) {
        self.title = title
        self.session = session
    }
}

@Suite struct ModifierClosureTests {
    private func containerWithSession() -> DIContainer {
        let container = DIContainer()
        container.register { MCSession(user: "alice") }.lifetime(.perContainer(.single))
        return container
    }

    @Test func theModifierFeedsTheFirstParameterAndTheRestAreResolved() throws {
        let container = containerWithSession()
        container.register(MCReport.init(count:session:)) { arg($0) }
        let report: MCReport = try container.tryResolve(args: 10)
        #expect(report.count == 10)
        #expect(report.session.user == "alice")
    }

    @Test func aWrongArgumentTypeNamesTheFirstParameterOnly() {
        let container = containerWithSession()
        container.register(MCReport.init(count:session:)) { arg($0) }
        let error = #expect(throws: DIError.self) {
            let _: MCReport = try container.tryResolve(args: "ten")
        }
        #expect(error?.kind == .argumentMismatch)
        #expect(error?.description.contains("Int") == true)
        #expect(error?.description.contains("MCSession") == false)
    }

    @Test func aTwoArgumentModifierFeedsTheFirstTwoParameters() throws {
        let container = containerWithSession()
        container.register(MCClient.init(server:port:session:)) { (arg($0), arg($1)) }
        let client: MCClient = try container.tryResolve(args: "news.example", 443)
        #expect(client.server == "news.example")
        #expect(client.port == 443)
        #expect(client.session.user == "alice")
    }

    @Test func aProviderFeedsTheModifiedParameters() throws {
        let container = containerWithSession()
        container.register(MCClient.init(server:port:session:)) { (arg($0), arg($1)) }
        let clients: Provider2<MCClient, String, Int> = container.resolve()
        let client = try clients.tryValue("mirror.example", 8080)
        #expect(client.server == "mirror.example" && client.port == 8080)
    }

    @Test func graphValidationSeesTheResolvedParameters() {
        let container = DIContainer()
        container.register(MCReport.init(count:session:)) { arg($0) }
        let problems = container.makeGraph().validate()
        #expect(problems.contains { $0.severity == .error && $0.message.contains("MCSession") })
    }

    @MainActor @Test func theMainActorFormsFeedTheFirstParameters() throws {
        let container = containerWithSession()
        container.register(main: MCScreen.init(title:session:)) { arg($0) }
        let screen: MCScreen = try container.tryResolve(args: "Feed")
        #expect(screen.title == "Feed" && screen.session.user == "alice")

        let other = containerWithSession()
        other.register(main: MCClientScreen.init(server:port:session:)) { (arg($0), arg($1)) }
        let clientScreen: MCClientScreen = try other.tryResolve(args: "a.example", 1)
        #expect(clientScreen.server == "a.example" && clientScreen.port == 1)
    }

    @MainActor @Test func aMainActorInitializerNeedsNoLabel() throws {
        let container = containerWithSession()
        container.register(MCScreen.init(title:session:)) { arg($0) }
        container.register(MCClientScreen.init(server:port:session:)) { (arg($0), arg($1)) }
        let screen: MCScreen = try container.tryResolve(args: "Inbox")
        let client: MCClientScreen = try container.tryResolve(args: "b.example", 2)
        #expect(screen.title == "Inbox" && client.server == "b.example" && client.port == 2)
    }

    @Test func aMainActorInitializerOffTheMainActorNeedsAnAsyncResolve() {
        let container = containerWithSession()
        container.register(MCScreen.init(title:session:)) { arg($0) }
        let error = #expect(throws: DIError.self) {
            let _: MCScreen = try container.tryResolve(args: "x")
        }
        #expect(error?.kind == .requiresAsync)
    }

    @Test func anAsyncResolveHopsToTheMainActor() async {
        let container = containerWithSession()
        container.register(MCScreen.init(title:session:)) { arg($0) }
        let screen: MCScreen = await container.resolve(args: "Async")
        #expect(screen.title == "Async")  // a `let`: readable from any isolation
    }

    @Test func aLineWithoutAFile() {
        let container = DIContainer()
        let line: Int = 77
        container.register(line: line, MCSession.init(user:))
        container.register(line: line) { MCReport(count: 1, session: MCSession(user: "bob")) }
        #expect(container.makeGraph().vertices.filter { $0.info.line == 77 }.count == 2)
    }
}

@MainActor private final class MCClientScreen {
    let server: String
    let port: Int
    init(server: String, port: Int, session: MCSession) {
        self.server = server
        self.port = port
    }
}

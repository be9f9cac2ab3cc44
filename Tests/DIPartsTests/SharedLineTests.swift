import DICore
import DIParts
import Testing

// A test container that appends the app's framework again registers its lines again: a
// `single`/`perApplication` component there shares the line's one process-wide instance
// with the app, so the test's overrides can reach the app. Said as a warning, when it is
// registered.

private protocol SLClient: AnyObject, Sendable {
    var name: String { get }
}

private final class SLNamedClient: SLClient {
    let name: String
    init(_ name: String) { self.name = name }
}

private final class SLService: Sendable {
    let client: any SLClient
    init(client: any SLClient) { self.client = client }
}

private final class SLFramework: DIFramework {
    static func load(container: DIContainer) {
        container.register { SLNamedClient("real") }.as((any SLClient).self)
        container.register(SLService.init).lifetime(.perApplication(.single))
    }
}

private final class SLNamedFramework: DIFramework {
    static func load(container: DIContainer) {
        for name in ["primary", "backup"] {
            container.register { SLNamedClient(name) }.lifetime(.single).as(SLNamedClient.self, name: name)
        }
    }
}

@Suite struct SharedLineTests {
    @Test func reappendingTheAppsFrameworkInATestContainerWarnsOfTheSharedInstance() throws {
        let (app, test, log) = Self.reappending(SLFramework.self)
        test.register { SLNamedClient("stub") }.as((any SLClient).self).test()

        let warnings = log.diagnostics.filter { $0.kind == .misuse }
        #expect(warnings.count == 1)
        let warning = try #require(warnings.first)
        #expect(warning.severity == .warning)
        #expect(warning.component?.typeName == "SLService")
        #expect(warning.message.contains("share one instance in the process"))
        // What it warns of: the test made the instance, with its override, and the app gets it.
        let made: SLService = test.resolve()
        #expect(made.client.name == "stub")
        #expect((app.resolve() as SLService) === made)
    }

    @Test func aTestContainersOwnLinesAndAPlainChildAreNotWarnedOf() {
        let app = DIContainer()
        app.append(framework: SLFramework.self)
        let test = DIContainer(isolatedFrom: app)
        let child = DIContainer(parent: app)
        let log = EventLog()
        test.addObserver(log)
        child.addObserver(log)

        test.register { SLService(client: SLNamedClient("own")) }.lifetime(.perApplication(.single))
        child.append(framework: SLFramework.self)

        #expect(log.diagnostics.filter { $0.kind == .misuse }.isEmpty)
    }

    @Test func aNameGivenAfterTheLifetimeIsTheLineThatIsWarnedOf() {
        // `.as(name:)` after `.lifetime(.single)` moves the component to its name's cell:
        // the warning compares that cell, the one the app's instance is in.
        let (app, test, log) = Self.reappending(SLNamedFramework.self)

        let warnings = log.diagnostics.filter { $0.kind == .misuse }
        #expect(warnings.count == 2)
        #expect(warnings.allSatisfy { $0.component?.typeName == "SLNamedClient" })
        let primary: SLNamedClient = test.resolve(name: "primary")
        #expect(primary.name == "primary")
        #expect(primary === (app.resolve(name: "primary") as SLNamedClient))
    }

    /// An app with `framework`, and an observed test container isolated from it that appends
    /// `framework` again.
    private static func reappending(
        _ framework: any DIFramework.Type
    ) -> (app: DIContainer, test: DIContainer, log: EventLog) {
        let app = DIContainer()
        app.append(framework: framework)
        let test = DIContainer(isolatedFrom: app)
        let log = EventLog()
        test.addObserver(log)
        test.append(framework: framework)
        return (app, test, log)
    }
}

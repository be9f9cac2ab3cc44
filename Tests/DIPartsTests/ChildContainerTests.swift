import DICore
import DIParts
import Testing

final class ChildFramework: DIFramework {
    static func load(container: DIContainer) {
        container.register { LabeledService(label: "child") }.as(Service.self)
        container.register(Consumer<ChildFramework>.init)
        container.register(Store<ChildFramework>.init).lifetime(.perFramework(.single))
    }
}

@Suite struct ChildContainerTests {
    @Test func aChildAppendsItsOwnFrameworksAndTheParentKeepsItsOwn() {
        let app = DIContainer()
        app.append(framework: AlphaFramework.self)
        app.append(framework: StoreFrameworkA.self)
        let child = DIContainer(parent: app)
        child.append(framework: ChildFramework.self)
        #expect((child.resolve() as Consumer<ChildFramework>).service.label == "child")
        #expect((app.resolve() as Consumer<AlphaFramework>).service.label == "alpha2")
        let missing: Consumer<ChildFramework>? = app.resolve()
        #expect(missing == nil)
    }

    @Test func theParentsScopedStorageStaysTheParents() {
        let app = DIContainer()
        app.append(framework: StoreFrameworkA.self)
        let child = DIContainer(parent: app)
        child.append(framework: ChildFramework.self)
        let fromApp: Store<StoreFrameworkA> = app.resolve()
        #expect(child.resolve() as Store<StoreFrameworkA> === fromApp)

        // The child never loaded StoreFrameworkA: cleaning it there drops nothing of the parent's.
        child.clean(framework: StoreFrameworkA.self)
        #expect(app.resolve() as Store<StoreFrameworkA> === fromApp)

        let childStore: Store<ChildFramework> = child.resolve()
        app.clean(framework: ChildFramework.self)
        #expect(child.resolve() as Store<ChildFramework> === childStore)
        child.clean(framework: ChildFramework.self)
        #expect(child.resolve() as Store<ChildFramework> !== childStore)
    }

    @Test func aFrameworkLoadedInTheParentLoadsAgainInAChild() {
        let app = DIContainer()
        app.append(framework: BetaFramework.self)
        let child = DIContainer(parent: app)
        child.append(framework: BetaFramework.self)
        // Each container has its own Beta; the child's answers first, `many` merges both.
        let all: [any Service] = child.resolveMany()
        #expect(all.map(\.label) == ["beta", "beta"])
        #expect((child.resolve() as Consumer<BetaFramework>).service.label == "beta")
    }
}

// A framework appended to a child imports one its parent appended.

private protocol CCClient: AnyObject {
    var name: String { get }
}
private final class CCNamedClient: CCClient {
    let name: String
    init(_ name: String) { self.name = name }
}
private final class CCFeed {
    let client: any CCClient
    init(client: any CCClient) { self.client = client }
}

private final class CCNetwork: DIFramework {
    static func load(container: DIContainer) { container.register { CCNamedClient("network") }.as(CCClient.self) }
}
private final class CCMock: DIFramework {
    static func load(container: DIContainer) { container.register { CCNamedClient("mock") }.as(CCClient.self) }
}
private final class CCFeedFramework: DIFramework {
    static func load(container: DIContainer) {
        container.import(CCNetwork.self)
        container.register(CCFeed.init)
    }
}

@Suite struct ChildImportTests {
    @Test(arguments: [false, true]) func anImportOfAFrameworkAParentAppendedChooses(isolated: Bool) throws {
        let app = DIContainer()
        app.append(framework: CCNetwork.self)
        app.append(framework: CCMock.self)
        let child = isolated ? DIContainer(isolatedFrom: app) : DIContainer(parent: app)
        child.append(framework: CCFeedFramework.self)
        let feed: CCFeed = try child.tryResolve()
        #expect(feed.client.name == "network")
        let client: any CCClient = try child.tryResolve(from: CCFeedFramework.self)
        #expect(client.name == "network")
        // Validation chooses as the resolver does.
        #expect(child.makeGraph().validate().filter { $0.severity == .error }.isEmpty)
        // The app itself has no preference: two clients tie there.
        #expect(throws: DIError.self) { let _: any CCClient = try app.tryResolve() }
    }

    /// The other way round: the parent's framework imports one only the child appends. The
    /// import decides the child's resolves, and the child's validation does not call it
    /// an import with no effect (the parent's, where nothing of it is appended, does).
    @Test func anImportOfAFrameworkOnlyAChildAppendsCountsInTheChild() throws {
        let app = DIContainer()
        app.append(framework: CCFeedFramework.self)
        let child = DIContainer(parent: app)
        child.append(framework: CCNetwork.self)
        child.register { CCNamedClient("loose") }.as(CCClient.self)
        let feed: CCFeed = try child.tryResolve()
        #expect(feed.client.name == "network")
        let noEffect = "imports CCNetwork, which is never appended"
        #expect(!child.makeGraph().validate().contains { $0.message.contains(noEffect) })
        #expect(app.makeGraph().validate().contains { $0.message.contains(noEffect) })
    }

    /// A child's own candidates come first, whatever a parent's framework would prefer: a
    /// test container's registration overrides the app's.
    @Test func aChildsOwnCandidateWinsOverOneItsParentsFrameworkImports() throws {
        let app = DIContainer()
        app.append(framework: CCNetwork.self)
        app.append(framework: CCFeedFramework.self)
        let child = DIContainer(parent: app)
        child.append(framework: CCMock.self)
        let feed: CCFeed = try child.tryResolve()
        #expect(feed.client.name == "mock")
        #expect((try app.tryResolve() as CCFeed).client.name == "network")
    }
}

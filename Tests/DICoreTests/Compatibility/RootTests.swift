import DICore
import Testing

// `.root()` says where validation starts, `.unused()` what it leaves out when nothing checked
// reaches it (issue 19, item 9).

private final class Missing {}
private final class App {
    init(feature: Feature) {}
}
private final class Feature {}
private final class Orphan {
    init(missing: Missing) {}
}
private final class NeedsOrphan {
    init(orphan: Orphan) {}
}

@Suite struct RootTests {
    @Test func withRootsOnlyWhatTheyReachIsChecked() {
        let container = DIContainer()
        container.register(App.init).root()
        container.register(Feature.init)
        container.register(Orphan.init)
        #expect(container.makeGraph().validate().isEmpty)
        #expect(container.makeGraph().checkIsValid())
    }

    @Test func aProblemARootReachesIsStillReported() {
        let container = DIContainer()
        container.register(App.init).root()
        container.register(Feature.init)
        container.register(Orphan.init).root()
        let problems = container.makeGraph().validate()
        #expect(problems.map(\.kind) == [.missingDependency])
        #expect(!container.makeGraph().checkIsValid())
    }

    @Test func withoutRootsEverythingIsChecked() {
        let container = DIContainer()
        container.register(Orphan.init)
        #expect(!container.makeGraph().checkIsValid())
    }

    @Test func anUnusedComponentIsLeftOutButStillResolves() {
        let container = DIContainer()
        container.register(Orphan.init).unused()
        container.register(Feature.init).unused()
        #expect(container.makeGraph().checkIsValid())
        let _: Feature = container.resolve()
    }

    /// The resolve of the root fails: the mark must not hide why.
    @Test func anUnusedComponentARootReachesIsChecked() {
        let container = DIContainer()
        container.register(NeedsOrphan.init).root()
        container.register(Orphan.init).unused()
        let problems = container.makeGraph().validate()
        #expect(problems.map(\.kind) == [.missingDependency])
        #expect(problems.first?.path == ["Orphan", "Missing"])
        #expect(throws: DIError.self) { try container.tryResolve() as NeedsOrphan }
    }

    @Test func anUnusedComponentAnotherComponentReachesIsChecked() {
        let container = DIContainer()
        container.register(NeedsOrphan.init)
        container.register(Orphan.init).unused()
        #expect(container.makeGraph().validate().map(\.kind) == [.missingDependency])
        #expect(!container.makeGraph().checkIsValid())
    }
}

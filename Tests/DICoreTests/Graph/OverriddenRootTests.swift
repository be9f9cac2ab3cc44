import DICore
import TestSupport
import Testing

// A `.root()` stands for the requests of its type and aliases. In a child container's graph,
// a request the child registers too starts at the child's choice: the parent's root is never
// made for it from the child.

private final class ORToken {}

private protocol ORScreen: AnyObject {}

private final class ORFeedScreen: ORScreen {
    init(token: ORToken) {}
    init() {}
}

private final class ORStubScreen: ORScreen {
    init(token: ORToken) {}
    init() {}
}

@Suite struct OverriddenRootTests {
    private func errors(of container: DIContainer) -> [String] {
        container.makeGraph().validate().filter { $0.severity == .error }.map(\.message)
    }

    @Test func childOverrideReplacesTheParentsFailingRoot() {
        let parent = DIContainer()
        parent.register { (token: ORToken) in ORFeedScreen(token: token) }.root()
        let child = DIContainer(parent: parent)
        child.register { ORFeedScreen() }
        #expect(errors(of: parent).count == 1)
        #expect(errors(of: child).isEmpty)
        let screen: ORFeedScreen? = child.resolve()
        #expect(screen != nil)
    }

    @Test func childOverrideIsCheckedInTheRootsPlace() {
        let parent = DIContainer()
        parent.register { ORFeedScreen() }.root()
        let child = DIContainer(parent: parent)
        child.register { (token: ORToken) in ORFeedScreen(token: token) }
        let found = errors(of: child)
        #expect(found.count == 1)
        #expect(found.first?.contains("ORFeedScreen needs ORToken") == true)
        #expect(throws: DIError.self) { let _: ORFeedScreen = try child.tryResolve() }
    }

    @Test func anOverriddenAliasStartsAtTheChildsChoiceAndTheTypeStaysRooted() {
        let parent = DIContainer()
        parent.register { (token: ORToken) in ORFeedScreen(token: token) }.as(ORScreen.self).root()
        parent.register { ORStubScreen() }
        let child = DIContainer(parent: parent)
        child.register { (token: ORToken) in ORStubScreen(token: token) }.as(ORScreen.self)
        // The child still resolves `ORFeedScreen` by its own type, which fails; it answers
        // `ORScreen` with its own `ORStubScreen`, which fails too.
        let found = errors(of: child).sorted()
        #expect(found.count == 2)
        #expect(found.first?.hasPrefix("ORFeedScreen needs ORToken") == true)
        #expect(found.last?.hasPrefix("ORStubScreen needs ORToken") == true)
        #expect(throws: DIError.self) { let _: ORScreen = try child.tryResolve() }
    }

    @Test func aTestOverrideInTheChildIsTheRoot() {
        let parent = DIContainer()
        parent.register { ORFeedScreen() }.root()
        parent.register { (token: ORToken) in ORStubScreen(token: token) }
        let child = DIContainer(parent: parent)
        child.register { (token: ORToken) in ORFeedScreen(token: token) }.test()
        child.register { ORFeedScreen() }
        let found = errors(of: child)
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("ORFeedScreen needs ORToken") == true)
    }

    @Test func aRootTheChildDoesNotOverrideIsStillChecked() {
        let parent = DIContainer()
        parent.register { (token: ORToken) in ORFeedScreen(token: token) }.root()
        let child = DIContainer(parent: parent)
        child.register { ORStubScreen() }
        #expect(errors(of: child).count == 1)
    }

    /// A root's own request that several components answer, with no rule to pick one, fails
    /// though no dependency asks for it: validation reports it, in the container nearest
    /// the graph's with candidates; a `.default()` among them settles it.
    @Test func aRootsOwnRequestThatIsAmbiguousIsAnError() throws {
        let container = DIContainer()
        container.register { ORFeedScreen() }.as((any ORScreen).self).root()
        container.register { ORFeedScreen() }.as((any ORScreen).self).root()
        let found = container.makeGraph().validate()
        #expect(found.map(\.kind) == [.ambiguousDependency])
        #expect(found.first?.message.hasPrefix("the root ORFeedScreen cannot be resolved: 2 components match") == true)
        #expect(throws: DIError.self) { let _: ORFeedScreen = try container.tryResolve() }

        let parent = DIContainer()
        parent.register { ORFeedScreen() }.root()
        let child = DIContainer(parent: parent)
        child.register { ORFeedScreen() }
        child.register { ORFeedScreen() }
        #expect(errors(of: parent).isEmpty)
        #expect(child.makeGraph().validate().map(\.kind) == [.ambiguousDependency])
        #expect(throws: DIError.self) { let _: ORFeedScreen = try child.tryResolve() }

        child.register { ORFeedScreen() }.default()
        #expect(errors(of: child).isEmpty)
        let _: ORFeedScreen = try child.tryResolve()
    }
}

import DICore
import TestSupport
import Testing

// `DIScope`, `.custom(scope)`, weak policy, nested scopes (issue 19, item 7).

private final class Session {}
private final class Screen {}

@Suite struct ScopeTests {
    @Test func aScopeKeepsItsInstanceUntilItIsCleaned() {
        let scope = DIScope(name: "session", storage: DICacheStorage())
        let container = DIContainer()
        container.register(Session.init).lifetime(.custom(scope))
        let first: Session = container.resolve()
        let again: Session = container.resolve()
        #expect(first === again)
        #expect(scope.storage.count == 1)
        scope.clean()
        #expect(scope.storage.count == 0)
        let fresh: Session = container.resolve()
        #expect(fresh !== first)
    }

    @Test func containerCleanLeavesAScopeAlone() {
        let scope = DIScope(name: "session")
        let container = DIContainer()
        container.register(Session.init).lifetime(.custom(scope))
        let first: Session = container.resolve()
        container.clean()
        #expect((container.resolve() as Session) === first)
    }

    @Test func aWeakScopeLetsItsInstanceGo() {
        let scope = DIScope(name: "weak", storage: DICacheStorage(), policy: .weak)
        let container = DIContainer()
        container.register(Session.init).lifetime(.custom(scope))
        weak var released: Session?
        var held: Session? = container.resolve()
        released = held
        #expect((container.resolve() as Session) === held)
        held = nil
        #expect(released == nil)
        #expect(scope.storage.count == 0)
    }

    @Test func cleaningAParentCleansItsNestedScopes() {
        let session = DIScope(name: "session")
        let screen = DIScope(name: "screen", parent: session)
        let container = DIContainer()
        container.register(Session.init).lifetime(.custom(session))
        container.register(Screen.init).lifetime(.custom(screen))
        let firstSession: Session = container.resolve()
        let firstScreen: Screen = container.resolve()
        screen.clean()
        #expect((container.resolve() as Session) === firstSession)
        let secondScreen: Screen = container.resolve()
        #expect(secondScreen !== firstScreen)
        session.clean()
        #expect((container.resolve() as Session) !== firstSession)
        #expect((container.resolve() as Screen) !== secondScreen)
        #expect(screen.parent === session)
    }

    @Test func aScopeIsSharedByContainersRegisteringTheSameLine() {
        let scope = DIScope(name: "shared")
        func app() -> DIContainer {
            let container = DIContainer()
            container.register(Session.init).lifetime(.custom(scope))
            return container
        }
        #expect((app().resolve() as Session) === (app().resolve() as Session))
    }

    @Test func initializeObjectsForScopeMakesThemNow() {
        let scope = DIScope(name: "eager")
        let made = Counter()
        let container = DIContainer()
        container.register { Tracked(made: made) }.lifetime(.custom(scope))
        container.initializeObjectsForScope(scope)
        #expect(made.value == 1)
        let _: Tracked = container.resolve()
        #expect(made.value == 1)
    }

    @Test func aScopedInstanceIsMadeOnceUnderRacingThreads() async {
        let scope = DIScope(name: "raced")
        let made = Counter()
        let container = DIContainer()
        container.register { Slow(made: made) }.lifetime(.custom(scope))
        let seen = Collected<Slow>()
        await race { _ in seen.append(container.resolve()) }
        #expect(made.value == 1)
        #expect(allIdentical(seen.values))
    }

    @Test func theScopeLifetimeIsMatchedAndPrinted() {
        let scope = DIScope(name: "session")
        let lifetime = DILifeTime.custom(scope)
        #expect(lifetime == .scoped(scope))
        #expect(lifetime != .custom(DIScope(name: "session")))
        #expect("\(lifetime)" == "custom(session)")
        // A `switch` binds it as `.scoped` (`case .custom(x)` is `custom(name:)`'s pattern).
        guard case .scoped(let matched) = lifetime else {
            Issue.record("not matched")
            return
        }
        #expect(matched === scope)
    }
}

import DICore
import TestSupport
import Testing

// What Lifetimes.md says of scopes that share a storage, and of a `cycle:` loop started at a
// prototype.

private final class SSCart {}

private final class SSForm {
    let cart: SSCart
    init(cart: SSCart) { self.cart = cart }
}

private final class SSParent {
    var child: SSChild?
}

private final class SSChild {
    let parent: SSParent
    init(parent: SSParent) { self.parent = parent }
}

@Suite struct SharedScopeStorageTests {
    @Test func scopesOnOneStorageCleanEachOther() {
        let storage = DICacheStorage()
        let session = DIScope(name: "session", storage: storage)
        let screen = DIScope(name: "screen", storage: storage)
        let container = DIContainer()
        container.register(SSCart.init).lifetime(.custom(session))
        container.register(SSForm.init).lifetime(.custom(screen))
        let form: SSForm = container.resolve()
        screen.clean()
        let cart: SSCart = container.resolve()
        #expect(cart !== form.cart)
    }

    /// The clean of a scope reports what it dropped from another on its storage, and warns
    /// of a cached holder left with it, as for its own.
    @Test(arguments: [false, true])
    func aCleanReportsTheInstancesItDroppedFromAnotherScope(cleaningTheOther: Bool) throws {
        let storage = DICacheStorage()
        let session = DIScope(name: "session", storage: storage)
        let screen = DIScope(name: "screen", storage: storage)
        let container = DIContainer()
        container.register(SSCart.init).lifetime(.custom(session))
        container.register(SSForm.init).lifetime(.perContainer(.single))
        let log = EventLog()
        container.addObserver(log)
        let form: SSForm = container.resolve()
        log.reset()
        (cleaningTheOther ? screen : session).clean()
        let cart: SSCart = container.resolve()
        #expect(cart !== form.cart)
        let cleaned = try #require(log.all.first { $0.kind == .cleaned })
        #expect(cleaned.count == 1)
        #expect(cleaned.scope == (cleaningTheOther ? "scope screen" : "scope session"))
        #expect(log.all.compactMap(\.diagnostic).map(\.kind) == [.captiveDependency])
    }

    @Test func scopesWithTheirOwnStoragesAreApart() {
        let session = DIScope(name: "session")
        let screen = DIScope(name: "screen")
        let container = DIContainer()
        container.register(SSCart.init).lifetime(.custom(session))
        container.register(SSForm.init).lifetime(.custom(screen))
        let form: SSForm = container.resolve()
        screen.clean()
        let cart: SSCart = container.resolve()
        #expect(cart === form.cart)
    }

    @Test func oneLineInTwoScopesOnOneStorageIsOneInstance() {
        let storage = DICacheStorage()
        let scopes = [DIScope(name: "one", storage: storage), DIScope(name: "two", storage: storage)]
        let line = uniqueLine()
        let carts = scopes.map { scope -> SSCart in
            let container = DIContainer()
            container.register(line: line) { SSCart() }.lifetime(.custom(scope))
            return container.resolve()
        }
        #expect(carts[0] === carts[1])
    }

    @Test func aLoopStartedAtAPrototypeClosesOnAnotherInstance() {
        let container = DIContainer()
        container.register { SSParent() }.injection(cycle: true) { (parent: SSParent, child: SSChild) in
            parent.child = child
        }
        container.register(SSChild.init).lifetime(.objectGraph)
        let parent: SSParent = container.resolve()
        #expect(parent.child?.parent !== parent)
        parent.child?.parent.child = nil
        parent.child = nil
    }

    @Test func aLoopStartedAtASharedComponentClosesOnIt() {
        let container = DIContainer()
        container.register { SSParent() }.lifetime(.objectGraph).injection(cycle: true) {
            (parent: SSParent, child: SSChild) in parent.child = child
        }
        container.register(SSChild.init).lifetime(.objectGraph)
        let parent: SSParent = container.resolve()
        #expect(parent.child?.parent === parent)
        parent.child = nil
    }
}

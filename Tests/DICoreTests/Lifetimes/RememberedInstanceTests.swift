import DICore
import Testing

// A repeat resolve of a kept instance is answered from the container's remembered answers.
// What a user observes must not change with the way the instance is asked for (its class,
// a protocol, a base class, an optional), and a clean must still let it go at once.

private protocol RIService: AnyObject, Sendable {}
private class RIBase: @unchecked Sendable {}
private final class RIService1: RIBase, RIService, @unchecked Sendable {}

@Suite struct RememberedInstanceTests {
    @Test func aKeptInstanceIsTheSameWhateverItIsAskedForAs() {
        let container = DIContainer()
        container.register(RIService1.init).as(RIService.self).as(RIBase.self).lifetime(.perContainer(.single))
        let first: RIService1 = container.resolve()
        for _ in 0..<4 {
            let own: RIService1 = container.resolve()
            let byProtocol: any RIService = container.resolve()
            let byBase: RIBase = container.resolve()
            let optional: RIService1? = container.resolve()
            #expect(own === first)
            #expect(byProtocol === first)
            #expect(byBase === first)
            #expect(optional === first)
        }
    }

    @Test func aCleanLetsARememberedInstanceGoAtOnce() {
        let container = DIContainer()
        container.register(RIService1.init).lifetime(.perContainer(.weak))
        weak var kept: RIService1?
        do {
            let strong: RIService1 = container.resolve()
            kept = strong
            for _ in 0..<3 {
                let again: RIService1 = container.resolve()
                #expect(again === strong)
            }
        }
        #expect(kept == nil, "a weakly kept instance outlived its last holder")
        let single = DIContainer()
        single.register(RIService1.init).lifetime(.perContainer(.single))
        do {
            let strong: RIService1 = single.resolve()
            kept = strong
            let _: RIService1 = single.resolve()
        }
        #expect(kept != nil)
        single.clean()
        #expect(kept == nil, "a cleaned instance outlived the clean")
    }

    @Test func aScopesCleanLetsTheInstanceGoFromEveryContainerThatRememberedIt() {
        let session = DIScope(name: "session")
        let screen = DIScope(name: "screen", parent: session)
        // One registration line: both containers share the scope's instance.
        let containers = (0..<2).map { _ in DIContainer() }
        for container in containers {
            container.register(RIService1.init).lifetime(.custom(screen))
        }
        weak var kept: RIService1?
        do {
            let strong: RIService1 = containers[0].resolve()
            kept = strong
            for container in containers {
                for _ in 0..<3 {
                    let again: RIService1 = container.resolve()
                    #expect(again === strong)
                }
            }
        }
        #expect(kept != nil)
        // The nested scope's instance goes with its parent's clean.
        session.clean()
        #expect(kept == nil, "a scope's cleaned instance outlived the clean")
        let fresh: RIService1 = containers[1].resolve()
        let again: RIService1 = containers[0].resolve()
        #expect(fresh === again)
    }

    @Test func aParentsCleanLetsTheInstanceItsChildrenRememberedGo() {
        let app = DIContainer()
        app.register(RIService1.init).lifetime(.perContainer(.single))
        let feature = DIContainer(parent: app)
        let screen = DIContainer(parent: feature)
        weak var kept: RIService1?
        do {
            let strong: RIService1 = app.resolve()
            kept = strong
            for container in [feature, screen] {
                for _ in 0..<3 {
                    let again: RIService1 = container.resolve()
                    #expect(again === strong, "a child shares its parent's instance")
                }
            }
        }
        #expect(kept != nil)
        app.clean()
        #expect(kept == nil, "a parent's cleaned instance outlived the clean in a child's answers")
        let fromScreen: RIService1 = screen.resolve()
        let fromFeature: RIService1 = feature.resolve()
        let fromApp: RIService1 = app.resolve()
        #expect(fromScreen === fromApp && fromFeature === fromApp)
        // A child's own clean drops nothing of its parent's.
        feature.clean()
        let afterChildClean: RIService1 = screen.resolve()
        #expect(afterChildClean === fromApp)
    }
}

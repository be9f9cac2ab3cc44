import DICore
import DILazy
import Testing

// A `many` of a component's own type leaves the component out, whether it is a parameter
// or read later through a `Lazy`/`Provider` the component holds, as validation's graph does.

private protocol MHPlugin: AnyObject {
    var name: String { get }
}

private final class MHHost: MHPlugin {
    let name = "host"
    let later: Lazy<DIMany<any MHPlugin>>
    let each: Provider<DIMany<any MHPlugin>>
    init(later: Lazy<DIMany<any MHPlugin>>, each: Provider<DIMany<any MHPlugin>>) {
        self.later = later
        self.each = each
    }
}

private final class MHSearch: MHPlugin {
    let name = "search"
}

private final class MHShare: MHPlugin {
    let name = "share"
}

@Suite struct ManyHolderTests {
    private func everyPlugin(in container: DIContainer) -> [any MHPlugin] {
        container.resolveMany()
    }

    @Test(arguments: [false, true])
    func aDelayedManyLeavesOutItsHolder(awaited: Bool) async throws {
        let container = DIContainer()
        container.register(MHHost.init).as((any MHPlugin).self)
        container.register(MHSearch.init).as((any MHPlugin).self)
        container.register(MHShare.init).as((any MHPlugin).self)
        let host: MHHost = awaited ? await container.resolve() : container.resolve(sync: ())
        #expect(many(host.later.value).map(\.name) == ["search", "share"])
        #expect(many(host.each.value).map(\.name) == ["search", "share"])
        let graph = container.makeGraph()
        let edges = graph.edges.filter { $0.isMany }
        #expect(edges.allSatisfy { $0.to.count == 2 })
        // Asked for by anyone else, every one.
        #expect(everyPlugin(in: container).map(\.name) == ["host", "search", "share"])
    }
}

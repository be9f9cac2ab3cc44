import DICore
import Foundation
import Testing

// An awaited resolve that takes the async way borrows one of the pool's few contexts and
// holds it across its awaits, resuming on whichever thread the pool gives it; more resolves
// at once than the pool holds make contexts of their own. Each must see only its own graph.

private final class APLeaf: Sendable {}

private final class APMiddle: Sendable {
    let leaf: APLeaf
    init(leaf: APLeaf) { self.leaf = leaf }
}

private final class APRoot: Sendable {
    let middle: APMiddle
    let leaf: APLeaf
    init(middle: APMiddle, leaf: APLeaf) {
        self.middle = middle
        self.leaf = leaf
    }
}

@Suite struct AsyncPooledContextTests {
    @Test func concurrentAwaitedResolvesEachKeepTheirOwnGraph() async {
        let watchdog = Watchdog("awaited resolves sharing the context pool")
        defer { watchdog.disarm() }
        let container = DIContainer()
        // Suspends while the resolve holds its context: other resolves take the others.
        container.register { () async -> APLeaf in
            await Task.yield()
            return APLeaf()
        }
        .lifetime(.objectGraph)
        container.register(APMiddle.init).lifetime(.objectGraph)
        container.register(APRoot.init)
        var unshared = 0
        var sharedAcross = 0
        for _ in 0..<20 {
            watchdog.beat()
            let roots = await withTaskGroup(of: APRoot.self) { group in
                for _ in 0..<32 {
                    group.addTask { await container.resolve() }
                }
                return await group.reduce(into: [APRoot]()) { $0.append($1) }
            }
            // All alive at once: two resolves with one leaf would show one identity.
            unshared += roots.filter { $0.middle.leaf !== $0.leaf }.count
            sharedAcross += roots.count - Set(roots.map { ObjectIdentifier($0.leaf) }).count
        }
        // Within a resolve the leaf is shared; across the resolves of a round, never.
        #expect(unshared == 0)
        #expect(sharedAcross == 0)
    }
}

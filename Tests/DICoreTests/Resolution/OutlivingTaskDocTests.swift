import DICore
import TestSupport
import Testing

// Concurrency.md's dashboard: an async factory starts a task that outlives it and uses the
// container, which it takes as a parameter; the container may be gone from the app by then.

private final class ODFeed: Sendable {}
private final class ODProfile: Sendable {}

private final class ODDashboard: Sendable {
    let refreshes = Counter()
    init(feed: ODFeed, profile: ODProfile) async {}

    func refresh(using container: DIContainer) async {
        let _: ODFeed = await container.resolve()
        refreshes.increment()
    }
}

@Suite struct OutlivingTaskDocTests {
    /// The app lets go of the container before the task runs: the task still refreshes
    /// (it keeps the container it was given), and lets the container go once it ends.
    @Test func aTaskOutlivingItsFactoryAndTheAppsContainerKeepsItUntilItEnds() async {
        weak var released: DIContainer?
        let dashboard: ODDashboard
        do {
            let container = DIContainer()
            container.register(ODFeed.init)
            container.register(ODProfile.init)
            container.register { (container: DIContainer) async -> ODDashboard in
                async let feed: ODFeed = container.resolve()
                async let profile: ODProfile = container.resolve()
                let dashboard = await ODDashboard(feed: feed, profile: profile)
                Task { await dashboard.refresh(using: container) }
                return dashboard
            }
            dashboard = await container.resolve()
            released = container
        }
        await eventually { dashboard.refreshes.value == 1 }
        await eventually { released == nil }
    }
}

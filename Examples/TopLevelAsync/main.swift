// Resolving from top-level code (main.swift), which runs on the main actor.
//
// What holds, and what Swift 6.3 does not allow:
// - A synchronous or @MainActor component resolves here directly: top-level code is on the
//   main actor, so a main-actor initializer runs in place.
// - In top-level code Swift's type checker picks the synchronous `resolve` even when the
//   call is written `await container.resolve()` (it warns "no 'async' operations occur
//   within 'await' expression"). A graph with an `async` factory therefore resolves from an
//   async function: there `await container.resolve()` is the async resolve.
import Tranquil

/// Made by an async factory: it connects first.
final class Feed: Sendable {
    let items: [String]
    init(items: [String]) async {
        await Task.yield()
        self.items = items
    }
}

/// A view model: isolated to the main actor.
@MainActor final class LiveUpdates {
    let feed: Feed
    init(feed: Feed) {
        MainActor.preconditionIsolated()
        self.feed = feed
    }
}

/// Synchronous and @MainActor: resolvable from top-level code as is.
@MainActor final class Banner {
    let text = "Top stories"
}

let container = DIContainer()
container.register { () async in await Feed(items: ["one", "two"]) }.lifetime(.perContainer(.single))
container.register(LiveUpdates.init)
container.register(Banner.init)

let banner: Banner = container.resolve()  // runs Banner.init here, on the main actor

func resolveLiveUpdates() async -> LiveUpdates {
    await container.resolve()  // the async resolve: awaits Feed, then makes LiveUpdates
}
let live = await resolveLiveUpdates()
let again = await resolveLiveUpdates()

print(banner.text, live.feed.items.count, live.feed === again.feed)  // Top stories 2 true

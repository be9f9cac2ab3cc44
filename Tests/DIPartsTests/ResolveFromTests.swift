import DICore
import DIParts
import TestSupport
import Testing

// `resolve(from:)` combined with a name, a tag or runtime arguments (issue 19, item 8).

private protocol Greeter: AnyObject {
    var text: String { get }
}

private final class Greeting: Greeter {
    let text: String
    init(text: String) { self.text = text }
}

/// A greeter registered only under a name or tag (its own type is not asked for).
private final class Special: Greeter {
    let text: String
    init(text: String) { self.text = text }
}

private enum Loud {}

/// Gathers the greeters of its own framework.
private final class Board {
    let greeters: [any Greeter]
    init(greeters: [any Greeter]) { self.greeters = greeters }
}

/// Filled by `inject(into:)`.
private final class Screen {
    var greeter: (any Greeter)?
}

private final class HomeFramework: DIFramework {
    static func load(container: DIContainer) {
        container.register { Greeting(text: "home \(arg($0) as Int)") }
        container.register { Special(text: "home named") }.as(Greeter.self, name: "n")
        container.register { Special(text: "home tagged") }.as(Greeter.self, tag: Loud.self)
        container.register { Special(text: "home plain") }.as(Greeter.self)
        container.register { Board(greeters: manyInFramework($0)) }
        container.register(Screen.self).injection(\.greeter)
    }
}

private final class AwayFramework: DIFramework {
    static func load(container: DIContainer) {
        container.register { Greeting(text: "away \(arg($0) as Int)") }
        container.register { Special(text: "away named") }.as(Greeter.self, name: "n")
        container.register { Special(text: "away tagged") }.as(Greeter.self, tag: Loud.self)
        container.register { Special(text: "away plain") }.as(Greeter.self)
        container.register(Screen.self).injection { $0.greeter = Special(text: "away screen") }
    }
}

@Suite struct ResolveFromTests {
    private func app() -> DIContainer {
        let container = DIContainer()
        container.append(framework: HomeFramework.self)
        container.append(framework: AwayFramework.self)
        return container
    }

    @Test func fromCombinesWithNameTagAndArguments() throws {
        let container = app()
        #expect((container.resolve(from: AwayFramework.self, name: "n") as any Greeter).text == "away named")
        #expect((container.resolve(from: HomeFramework.self, tag: Loud.self) as any Greeter).text == "home tagged")
        #expect((container.resolve(from: AwayFramework.self, args: 3) as Greeting).text == "away 3")
        #expect((try container.tryResolve(from: HomeFramework.self, args: 4) as Greeting).text == "home 4")
        #expect(throws: DIError.self) {
            let _: Greeting = try container.tryResolve(from: HomeFramework.self, args: "four")
        }
    }

    /// A tie `from:` a framework never appended says so: its priority could not pick one.
    @Test func aTieFromAFrameworkNeverAppendedSaysSo() throws {
        let container = DIContainer()
        container.append(framework: AwayFramework.self)
        container.register { Special(text: "app plain") }.as(Greeter.self)
        let error = try #require(
            resolveError((any Greeter).self) { () throws(DIError) in
                try container.tryResolve(from: HomeFramework.self)
            }
        )
        #expect(error.kind == .ambiguous)
        #expect(
            error.reason.contains("HomeFramework, which the request is from, is never appended to this container"),
            "\(error.reason)"
        )
        container.append(framework: HomeFramework.self)
        let greeter: any Greeter = try container.tryResolve(from: HomeFramework.self)
        #expect(greeter.text == "home plain")
    }

    @Test func fromHasAsyncTwins() async throws {
        let container = app()
        let named: any Greeter = await container.resolve(from: HomeFramework.self, name: "n")
        let tagged: any Greeter = try await container.tryResolve(from: AwayFramework.self, tag: Loud.self)
        let argued: Greeting = await container.resolve(from: AwayFramework.self, args: 5)
        #expect([named.text, tagged.text, argued.text] == ["home named", "away tagged", "away 5"])
    }

    @Test func manyInFrameworkGathersOnlyTheRequestersFramework() {
        let board: Board = app().resolve()
        #expect(board.greeters.map(\.text) == ["home named", "home tagged", "home plain"])
    }

    /// A framework appended to the app and to a child loads in each: from the child, its
    /// `manyInFramework` gathers both loads' components, as `many` does.
    @Test func manyInFrameworkFromAChildThatAppendedTheFrameworkAgainGathersBoth() {
        let app = app()
        let child = DIContainer(parent: app)
        child.append(framework: HomeFramework.self)
        let board: Board = child.resolve()
        let once = ["home named", "home tagged", "home plain"]
        #expect(board.greeters.map(\.text) == once + once)
    }

    @Test func injectFromAFrameworkUsesItsRegistration() {
        let container = app()
        let screen = Screen()
        container.inject(into: screen, from: AwayFramework.self)
        #expect(screen.greeter?.text == "away screen")
        container.inject(into: screen, from: HomeFramework.self)
        #expect(screen.greeter?.text == "home plain")
    }
}

import DICore
import TestSupport
import Testing

// A request with runtime arguments is answered by the same component every time, as a
// plain request is: the component is chosen once and remembered, the arguments feed each
// build. What changes the answer of a plain request (a registration) changes this one's.

private protocol Route: Sendable {
    var server: String { get }
    var count: Int { get }
}

private final class WebRoute: Route {
    let server: String
    let count: Int

    init(server: String, count: Int) {
        self.server = server
        self.count = count
    }
}

private final class StubRoute: Route {
    let server: String
    let count: Int

    init(server: String, count: Int) {
        self.server = "stub \(server)"
        self.count = count
    }
}

private final class Notes: DIObserver, @unchecked Sendable {
    // @unchecked Sendable: the test resolves from one thread.
    private(set) var choices = 0

    func receive(_ event: DIEvent) {
        if event.diagnostic?.kind == .resolvedByPriority { choices += 1 }
    }
}

@Suite struct RememberedArgumentTests {
    /// `tryResolve(args:)` from synchronous code (an async test would pick the async one).
    private static func resolveSynchronously(_ container: DIContainer, _ server: String, _ count: Int) throws
        -> any Route
    {
        try container.tryResolve(args: server, count)
    }

    /// Each resolve builds with its own arguments, the second through the remembered answer.
    @Test func eachResolveGetsItsOwnArguments() throws {
        let container = DIContainer()
        container.register { WebRoute(server: arg($0), count: arg($1)) }.as((any Route).self)
        for (server, count) in [("eu", 1), ("us", 2), ("asia", 3)] {
            let route: any Route = try container.tryResolve(args: server, count)
            #expect(route.server == server && route.count == count)
        }
    }

    /// A registration made after the answer was remembered answers the next resolve.
    @Test func aLaterRegistrationChangesTheAnswer() throws {
        let container = DIContainer()
        container.register { WebRoute(server: arg($0), count: arg($1)) }.as((any Route).self)
        let first: any Route = try container.tryResolve(args: "eu", 1)
        #expect(first is WebRoute)
        container.register { StubRoute(server: arg($0), count: arg($1)) }.as((any Route).self).test()
        let second: any Route = try container.tryResolve(args: "eu", 2)
        #expect(second is StubRoute)
        #expect(second.server == "stub eu" && second.count == 2)
    }

    /// An awaited resolve takes the same remembered answer, and a registration changes it.
    @Test func anAwaitedResolveTakesTheRememberedAnswerToo() async throws {
        let container = DIContainer()
        container.register { WebRoute(server: arg($0), count: arg($1)) }.as((any Route).self)
        let sync = try Self.resolveSynchronously(container, "eu", 1)
        let awaited: any Route = try await container.tryResolve(args: "us", 2)
        #expect(sync is WebRoute && awaited is WebRoute)
        #expect(awaited.server == "us" && awaited.count == 2)
        container.register { StubRoute(server: arg($0), count: arg($1)) }.as((any Route).self).test()
        let changed: any Route = try await container.tryResolve(args: "asia", 3)
        #expect(changed is StubRoute)
        #expect(changed.server == "stub asia" && changed.count == 3)
    }

    /// Arguments that do not fit fail however often the request succeeded before, and a
    /// request with none fails too: the remembered component still checks what it is given.
    @Test func argumentsThatDoNotFitStillFail() throws {
        let container = DIContainer()
        container.register { WebRoute(server: arg($0), count: arg($1)) }
        for _ in 0..<3 {
            let _: WebRoute = try container.tryResolve(args: "eu", 1)
        }
        #expect(throws: DIError.self) {
            let _: WebRoute = try container.tryResolve(args: 1, "eu")
        }
        let plain = #expect(throws: DIError.self) {
            let _: WebRoute = try container.tryResolve()
        }
        #expect(plain?.kind == .argumentMismatch)
        let route: WebRoute = try container.tryResolve(args: "us", 2)
        #expect(route.server == "us" && route.count == 2)
    }

    /// An observer hears why a rule picked the component on every resolve, the ones that
    /// take the remembered answer too.
    @Test func aRememberedChoiceIsReportedEachTime() throws {
        let container = DIContainer()
        container.register { WebRoute(server: arg($0), count: arg($1)) }.as((any Route).self).default()
        container.register { StubRoute(server: arg($0), count: arg($1)) }.as((any Route).self)
        let notes = Notes()
        container.addObserver(notes)
        defer { container.removeObserver(notes) }
        for count in 1...3 {
            let route: any Route = try container.tryResolve(args: "eu", count)
            #expect(route is WebRoute)
        }
        #expect(notes.choices == 3)
    }
}

// A kept instance with runtime arguments: made once, with the first arguments; the arguments
// of every later request are still checked, as a build would check them.

private final class KeptLeaf: Sendable {
    let size: Int
    init(size: Int) { self.size = size }
}

private final class KeptHolder: Sendable {
    let leaf: KeptLeaf
    init(leaf: KeptLeaf) { self.leaf = leaf }
}

@Suite struct KeptArgumentTests {
    private static let lifetimes: [DILifeTime] = [.perContainer(.single), .perContainer(.strong), .single]

    private func container(_ lifetime: DILifeTime) -> DIContainer {
        let container = DIContainer()
        container.register(file: #fileID, line: uniqueLine()) { KeptLeaf(size: arg($0)) }.lifetime(lifetime)
        container.register(KeptHolder.init)
        return container
    }

    /// Arguments that could not make the instance fail, whether it is made yet or not;
    /// fitting arguments and no arguments get the one instance.
    @Test(arguments: lifetimes)
    func argumentsThatDoNotFitAKeptInstanceFailOnceItIsMade(_ lifetime: DILifeTime) throws {
        let container = container(lifetime)
        let before = resolveError(KeptLeaf.self) { () throws(DIError) in try container.tryResolve(args: "x") }
        #expect(before?.kind == .argumentMismatch)
        let made: KeptLeaf = try container.tryResolve(args: 1)
        #expect(made.size == 1)
        for _ in 0..<2 {  // the second time from the remembered answer
            let wrongType = resolveError(KeptLeaf.self) { () throws(DIError) in try container.tryResolve(args: "x") }
            #expect(wrongType?.kind == .argumentMismatch)
            #expect(wrongType?.reason == before?.reason)
            let tooMany = resolveError(KeptLeaf.self) { () throws(DIError) in try container.tryResolve(args: 1, 2) }
            #expect(tooMany?.kind == .argumentMismatch)
            #expect(try container.tryResolve(args: 2) as KeptLeaf === made)
            #expect(try container.tryResolve() as KeptLeaf === made)
        }
        // Arguments for a deeper component, by its type.
        let deeper = resolveError(KeptHolder.self) { () throws(DIError) in
            try container.tryResolve(arguments: AnyArguments(for: KeptLeaf.self, args: "x"))
        }
        #expect(deeper?.kind == .argumentMismatch)
        #expect(deeper?.path == ["KeptHolder", "KeptLeaf"])
        let holder: KeptHolder = try container.tryResolve(arguments: AnyArguments(for: KeptLeaf.self, args: 3))
        #expect(holder.leaf === made)
    }

    /// The awaited forms check them too.
    @Test func anAwaitedRequestChecksTheArgumentsOfAKeptInstance() async throws {
        let container = container(.perContainer(.single))
        let made: KeptLeaf = try await container.tryResolve(args: 1)
        await #expect(throws: DIError.self) { let _: KeptLeaf = try await container.tryResolve(args: "x") }
        #expect(try await container.tryResolve(args: 5) as KeptLeaf === made)
    }
}

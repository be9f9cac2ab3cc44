import DICore
import TestSupport
import Testing

// `AnyArguments` gives arguments to every build of the component registered as a type; a
// build that takes none is given too many, as `resolve(args:)` would be.

private final class ABLeaf: Sendable {}

private final class ABMiddle: Sendable {
    let leaf: ABLeaf
    init(leaf: ABLeaf) { self.leaf = leaf }
}

private final class ABTop: Sendable {
    let middle: ABMiddle
    init(middle: ABMiddle) { self.middle = middle }
}

@Suite struct ArgumentsByTypeTests {
    private func container(_ leafLifetime: DILifeTime) -> DIContainer {
        let container = DIContainer()
        container.register(ABLeaf.init).lifetime(leafLifetime)
        container.register(ABMiddle.init)
        container.register(ABTop.init)
        return container
    }

    @Test(arguments: [DILifeTime.prototype, .objectGraph, .perContainer(.single)])
    func argumentsForAComponentWithoutArgParametersAreAMismatch(leafLifetime: DILifeTime) throws {
        let container = container(leafLifetime)
        let direct = resolveError(ABLeaf.self) { () throws(DIError) in try container.tryResolve(args: 5) }
        #expect(direct?.kind == .argumentMismatch)
        for _ in 0..<2 {  // the second time from the remembered answers (and, kept, the instance)
            let top = resolveError(ABLeaf.self) { () throws(DIError) in
                try container.tryResolve(arguments: AnyArguments(for: ABLeaf.self, args: 5))
            }
            #expect(top?.kind == .argumentMismatch)
            #expect(top?.reason == direct?.reason)
            let deep = resolveError(ABTop.self) { () throws(DIError) in
                try container.tryResolve(arguments: AnyArguments(for: ABLeaf.self, args: "x", 2))
            }
            #expect(deep?.kind == .argumentMismatch)
            #expect(deep?.path == ["ABTop", "ABMiddle", "ABLeaf"])
            let plain: ABTop = try container.tryResolve()
            _ = plain
        }
        // Arguments for a type the resolve never builds are not used.
        let unused: ABTop = try container.tryResolve(arguments: AnyArguments(for: Int.self, args: 5))
        _ = unused
    }

    @Test func anAwaitedResolveChecksThemToo() async throws {
        let container = container(.prototype)
        await #expect(throws: DIError.self) {
            let _: ABTop = try await container.tryResolve(arguments: AnyArguments(for: ABLeaf.self, args: 5))
        }
        let _: ABTop = try await container.tryResolve()
    }
}

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

private final class ABSized: Sendable {
    let size: Int
    init(size: Int) { self.size = size }
}

private final class ABHolder: Sendable {
    let sized: ABSized
    init(sized: ABSized) { self.sized = sized }
}

private enum ABTag {}

private protocol ABFirst: AnyObject {}
private protocol ABSecond: AnyObject {}
extension ABSized: ABFirst, ABSecond {}

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

    private func holders() -> DIContainer {
        let container = DIContainer()
        container.register { ABSized(size: arg($0)) }
        container.register(ABHolder.init).as(ABHolder.self, name: "main").as(ABHolder.self, tag: ABTag.self)
        return container
    }

    /// Every form with a name or a tag has its throwing twin.
    @Test func namedAndTaggedFormsThrow() throws {
        let container = holders()
        let arguments = AnyArguments(for: ABSized.self, args: 7)
        let named: ABHolder = try container.tryResolve(name: "main", arguments: arguments)
        let tagged: ABHolder = try container.tryResolve(tag: ABTag.self, arguments: arguments)
        #expect([named, tagged].map(\.sized.size) == [7, 7])
        let wrong = resolveError(ABHolder.self) { () throws(DIError) in
            try container.tryResolve(tag: ABTag.self, arguments: AnyArguments(for: ABSized.self, args: "seven"))
        }
        #expect(wrong?.kind == .argumentMismatch)
    }

    /// ``namedAndTaggedFormsThrow()``, awaited.
    @Test func awaitedNamedAndTaggedFormsThrow() async throws {
        let container = holders()
        let arguments = AnyArguments(for: ABSized.self, args: 7)
        let named: ABHolder = try await container.tryResolve(name: "main", arguments: arguments)
        let tagged: ABHolder = try await container.tryResolve(tag: ABTag.self, arguments: arguments)
        #expect([named, tagged].map(\.sized.size) == [7, 7])
        let wrong = AnyArguments(for: ABSized.self, args: "seven")
        await #expect(throws: DIError.self) {
            let _: ABHolder = try await container.tryResolve(tag: ABTag.self, arguments: wrong)
        }
    }

    /// A resolve a factory makes from its container is a part of the outer resolve: the
    /// outer `AnyArguments` reach it, unless it gives its own; the outer request's own
    /// arguments do not (they are the root's).
    @Test func aResolveAFactoryMakesTakesTheOuterArguments() throws {
        let container = DIContainer()
        container.register { ABSized(size: arg($0)) }
        container.register { (resolver: DIContainer) in ABHolder(sized: resolver.resolve()) }
        let outer = AnyArguments(for: ABSized.self, args: 7)
        let holder: ABHolder = try container.tryResolve(arguments: outer)
        #expect(holder.sized.size == 7)
        container.register { (resolver: DIContainer) in
            ABHolder(sized: resolver.resolve(arguments: AnyArguments(for: ABSized.self, args: 9)))
        }
        .as(ABHolder.self, name: "own")
        let own: ABHolder = try container.tryResolve(name: "own", arguments: outer)
        #expect(own.sized.size == 9)
    }

    /// They were given for the components of the resolve's container: a resolve a factory
    /// makes from another container does not get them.
    @Test func aResolveFromAnotherContainerDoesNotTakeThem() throws {
        let other = DIContainer()
        other.register { ABSized(size: 1) }
        let container = DIContainer()
        container.register { ABSized(size: arg($0)) }
        container.register { (sized: ABSized) in ABHolder(sized: other.resolve()) }
        let holder: ABHolder = try container.tryResolve(arguments: AnyArguments(for: ABSized.self, args: 7))
        #expect(holder.sized.size == 1)
    }

    /// ``aResolveAFactoryMakesTakesTheOuterArguments()``, awaited, from an async factory.
    @Test func anAwaitedResolveAFactoryMakesTakesThemToo() async throws {
        let container = DIContainer()
        container.register { ABSized(size: arg($0)) }
        container.register { (resolver: DIContainer) async in ABHolder(sized: await resolver.resolve()) }
        let holder: ABHolder = try await container.tryResolve(arguments: AnyArguments(for: ABSized.self, args: 4))
        #expect(holder.sized.size == 4)
    }

    /// Arguments for two aliases of one component and none for its own type: no rule picks
    /// one, so the build that would take them fails; for its own type, they win.
    @Test func argumentsForTwoAliasesOfOneComponentAreAMismatch() throws {
        let container = DIContainer()
        container.register { ABSized(size: arg($0)) }.as(ABFirst.self).as(ABSecond.self)
        container.register(ABHolder.init)
        var arguments = AnyArguments(for: ABSecond.self, args: 20)
        arguments.addArgs(for: ABFirst.self, args: 10)
        let error = #expect(throws: DIError.self) { let _: ABHolder = try container.tryResolve(arguments: arguments) }
        #expect(error?.kind == .argumentMismatch)
        #expect(
            error?.reason.hasPrefix("AnyArguments gives arguments for ABFirst and ABSecond, each an alias of ABSized")
                == true
        )
        #expect(error?.path == ["ABHolder", "ABSized"])

        arguments.addArgs(for: ABSized.self, args: 30)
        let holder: ABHolder = try container.tryResolve(arguments: arguments)
        #expect(holder.sized.size == 30)
        let one: ABHolder = try container.tryResolve(arguments: AnyArguments(for: ABSecond.self, args: 20))
        #expect(one.sized.size == 20)
    }
}

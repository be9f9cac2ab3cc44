import DICore
import DILazy
import Testing

// A `Lazy`/`Provider` resolves its target later, in a resolve of its own: what the target
// needs below it must be makeable there. Validation says so when it never is.

private final class DRLeaf: Sendable {
    init(value: Int) {}
}
private final class DRMid: Sendable {
    init(leaf: DRLeaf, label: String) {}
}
private final class DRHolder: Sendable {
    let mid: Provider1<DRMid, String>
    init(mid: Provider1<DRMid, String>) { self.mid = mid }
}
private final class DRAwaited: Sendable {
    init() async {}
}
private final class DRAwaitingMid: Sendable {
    init(awaited: DRAwaited) {}
}
private final class DRSyncHolder: Sendable {
    init(mid: Provider<DRAwaitingMid>) {}
}
private final class DRAsyncHolder: Sendable {
    init(mid: AsyncProvider<DRAwaitingMid>) {}
}

private final class DROptionalHolder: Sendable {
    let mid: Lazy<DRMid?>
    let leaf: Lazy<DRLeaf?>
    init(mid: Lazy<DRMid?>, leaf: Lazy<DRLeaf?>) {
        self.mid = mid
        self.leaf = leaf
    }
}
private final class DROptionalLazyHolder: Sendable {
    init(mid: Lazy<DRMid>?) {}
}
private final class DRManyHolder: Sendable {
    let mids: Lazy<DIMany<DRMid?>>
    let each: [Lazy<DRMid?>]
    init(mids: Lazy<DIMany<DRMid?>>, each: [Lazy<DRMid?>]) {
        self.mids = mids
        self.each = each
    }
}
private final class DRAwaitedOptionalHolder: Sendable {
    let awaited: Lazy<DRAwaited?>
    init(awaited: Lazy<DRAwaited?>) { self.awaited = awaited }
}

@Suite struct DelayedReachValidationTests {
    private func argumentContainer(leafLifetime: DILifeTime) -> DIContainer {
        let container = DIContainer()
        container.register { DRLeaf(value: arg($0)) }.lifetime(leafLifetime)
        container.register { DRMid(leaf: $0, label: arg($1)) }
        container.register(DRHolder.init)
        return container
    }

    /// The plain dependency below the target takes arguments nothing passes: every
    /// `.value` fails, and validation says so as an error on the `Provider`, as the resolve does.
    @Test func argumentsNeededBelowADelayedTargetAreAnError() throws {
        let container = argumentContainer(leafLifetime: .prototype)
        let errors = container.makeGraph().validate().filter { $0.severity == .error }
        #expect(errors.count == 1)
        let error = try #require(errors.first)
        #expect(error.kind == .argumentMismatch)
        #expect(error.path.first == "DRHolder")
        #expect(error.message.contains("DRMid → DRLeaf"))
        #expect(error.message.contains("its arg parameters are (Int)"))

        let holder: DRHolder = container.resolve(arguments: AnyArguments(for: DRLeaf.self, args: 1))
        #expect(throws: DIError.self) { try holder.mid.tryValue("label") }
    }

    /// A kept instance made earlier, with its arguments, would be reused: not known to fail.
    @Test func aKeptDependencyBelowIsNotAnError() {
        let container = argumentContainer(leafLifetime: .perContainer(.single))
        #expect(!container.makeGraph().validate().contains { $0.severity == .error })
        let _: DRLeaf = container.resolve(args: 1)
        let holder: DRHolder = container.resolve()
        #expect(throws: Never.self) { try holder.mid.tryValue("label") }
    }

    /// Something below the target needs `await`: a synchronous `Provider` never makes it; an
    /// `AsyncProvider` does.
    @Test func anAwaitedDependencyBelowASynchronousProviderIsAnError() throws {
        let container = DIContainer()
        container.register(DRAwaited.init)
        container.register(DRAwaitingMid.init)
        container.register(DRSyncHolder.init)
        container.register(DRAsyncHolder.init)
        let errors = container.makeGraph().validate().filter { $0.severity == .error }
        #expect(errors.count == 1)
        let error = try #require(errors.first)
        #expect(error.kind == .requiresAsync)
        #expect(error.path.first == "DRSyncHolder")
        #expect(error.message.contains("DRAwaitingMid → DRAwaited"))
    }

    /// A `Lazy<T?>` that can never make `T` is `nil` every time, not failing: validation
    /// says so. A `Lazy<T>?` handed out still fails its `.value`.
    @Test func anOptionalInsideADelayedValueIsSaidToBeNilEveryTime() throws {
        let container = DIContainer()
        container.register { DRLeaf(value: arg($0)) }
        container.register { DRMid(leaf: $0, label: "mid") }
        container.register(DROptionalHolder.init)
        container.register(DROptionalLazyHolder.init)
        let errors = container.makeGraph().validate().filter { $0.severity == .error }
        let below = try #require(errors.first { $0.path == ["DROptionalHolder", "Lazy<DRMid?>"] })
        #expect(below.message.contains("its .value is nil every time: it resolves DRMid → DRLeaf anew"))
        let direct = try #require(errors.first { $0.path == ["DROptionalHolder", "Lazy<DRLeaf?>"] })
        #expect(direct.message.hasSuffix("; its .value is nil every time"))
        let outside = try #require(errors.first { $0.path == ["DROptionalLazyHolder", "Lazy<DRMid>?"] })
        #expect(outside.message.contains("its .value fails every time"))

        let holder: DROptionalHolder = try container.tryResolve()
        #expect(try holder.mid.tryValue() == nil)
        #expect(try holder.leaf.tryValue() == nil)
    }

    /// The `?` of a `many`'s members makes no member optional: a `Lazy` of such a `many`, or
    /// a `many` of such `Lazy`s, fails its `.value`, and validation says "fails", not "nil".
    @Test func anOptionalMemberOfAManyIsNoNilEveryTime() throws {
        let container = DIContainer()
        container.register { DRLeaf(value: arg($0)) }
        container.register { DRMid(leaf: $0, label: "mid") }
        container.register { DRManyHolder(mids: $0, each: many($1)) }
        let errors = container.makeGraph().validate().filter { $0.severity == .error }
        #expect(errors.count == 2)
        for error in errors {
            #expect(error.message.contains("its .value fails every time"), "\(error.message)")
        }
        let holder: DRManyHolder = try container.tryResolve()
        #expect(throws: DIError.self) { try holder.mids.tryValue() }
        #expect(throws: DIError.self) { try holder.each.first?.tryValue() }
    }

    /// A `Lazy<T?>` of a target that needs `await`: validation says it is nil every time, as
    /// its `.value` is.
    @Test func anOptionalOfAnAwaitedTargetIsSaidToBeNilEveryTime() throws {
        let container = DIContainer()
        container.register(DRAwaited.init)
        container.register(DRAwaitedOptionalHolder.init)
        let errors = container.makeGraph().validate().filter { $0.severity == .error }
        #expect(errors.count == 1)
        #expect(errors.first?.message.contains("can never make (it is nil every time)") == true, "\(errors)")
        let holder: DRAwaitedOptionalHolder = try container.tryResolve()
        #expect(try holder.awaited.tryValue() == nil)
    }
}

import DICore
import Testing

// A `cycle:` injection back to the root of a resolve made with `resolve(args:)` gets that
// root, whether or not a `Lazy` or `Provider` in the graph has made the graph shared: the
// instance a resolve made with arguments of its own answers the resolve's requests that
// give none.

private final class RACNote {}

private final class RACChild {
    let root: RACRoot
    init(root: RACRoot) { self.root = root }
}

private final class RACRoot {
    let number: Int
    let note: Lazy<RACNote>
    var child: RACChild?
    init(number: Int, note: Lazy<RACNote>) { (self.number, self.note) = (number, note) }
}

private final class RACPlainRoot {
    let number: Int
    var child: RACPlainChild?
    init(number: Int) { self.number = number }
}

private final class RACPlainChild {
    let root: RACPlainRoot
    init(root: RACPlainRoot) { self.root = root }
}

/// Hands out a provider of roots, each made with the number its call passes.
private final class RACFactory {
    let roots: Provider1<RACRoot, Int>
    init(roots: Provider1<RACRoot, Int>) { self.roots = roots }
}

@Suite struct RootArgumentCycleTests {
    private func container(optionalChild: Bool) -> DIContainer {
        let container = DIContainer()
        container.register(RACNote.init)
        container.register(RACChild.init)
        container.register(RACFactory.init)
        let root = container.register { RACRoot(number: arg($0), note: $1) }.lifetime(.objectGraph)
        if optionalChild {
            root.injection(cycle: true, \.child)
        } else {
            root.injection(cycle: true) { (root: RACRoot, child: RACChild) in root.child = child }
        }
        return container
    }

    /// Whether `root`'s child holds `root` itself; breaks the cycle for the leak check.
    private func closesOnItself(_ root: RACRoot) -> Bool {
        defer { root.child = nil }
        return root.child?.root === root
    }

    @Test(arguments: [false, true])
    func theInjectionGetsTheRootItsResolveMade(optionalChild: Bool) throws {
        let root: RACRoot = try container(optionalChild: optionalChild).tryResolve(args: 7)
        #expect(root.number == 7)
        #expect(closesOnItself(root))
    }

    @Test(arguments: [false, true])
    func anAwaitedResolveGetsItToo(optionalChild: Bool) async throws {
        let root: RACRoot = try await container(optionalChild: optionalChild).tryResolve(args: 7)
        #expect(closesOnItself(root))
    }

    /// The same with no `Lazy` in the graph, which keeps it private.
    @Test func aPrivateGraphGetsTheRoot() throws {
        let container = DIContainer()
        container.register(RACPlainChild.init)
        container.register { RACPlainRoot(number: arg($0)) }.lifetime(.objectGraph).injection(cycle: true, \.child)
        let root: RACPlainRoot = try container.tryResolve(args: 7)
        let same = root.child?.root === root
        root.child = nil
        #expect(same)
    }

    /// A provider call's root is the one its own injection gets, each call its own.
    @Test func eachProviderCallsRootGetsItself() throws {
        let container = container(optionalChild: false)
        let factory: RACFactory = try container.tryResolve()
        let (first, second) = (factory.roots.value(1), factory.roots.value(2))
        #expect((first.number, second.number) == (1, 2))
        #expect(first !== second)
        #expect(closesOnItself(first))
        #expect(closesOnItself(second))
    }
}

import DICore
import TestSupport
import Testing

// An `objectGraph` component with `arg` parameters fed by the resolve's `AnyArguments` is
// one instance for the whole resolve, as any `objectGraph` component is: also for a resolve
// a factory makes from its container (which the same arguments reach), and after a `Lazy`
// or `Provider` has made the graph shared. A `Provider1` … call, which passes arguments of
// its own, still gets an instance of its own, and leaves the graph's alone.

private final class GSLeaf: Sendable {
    let number: Int
    init(number: Int) { self.number = number }
}

private final class GSMiddle: Sendable {
    let leaf: GSLeaf
    init(leaf: GSLeaf) { self.leaf = leaf }
}

private final class GSTop: Sendable {
    let leaf: GSLeaf
    let middle: GSMiddle
    init(leaf: GSLeaf, middle: GSMiddle) { (self.leaf, self.middle) = (leaf, middle) }
}

private final class GSNote: Sendable {}

/// Its `Lazy` makes the graph shared before the second request for the leaf.
private final class GSHolder: Sendable {
    let first: GSLeaf
    let note: Lazy<GSNote>
    let second: GSLeaf
    init(first: GSLeaf, note: Lazy<GSNote>, second: GSLeaf) {
        (self.first, self.note, self.second) = (first, note, second)
    }
}

/// Takes pages from its provider while being made, between two requests for the leaf.
private final class GSBook: Sendable {
    let leaf: GSLeaf
    let pages: [GSLeaf]
    let again: GSMiddle
    init(leaf: GSLeaf, pages: Provider1<GSLeaf, Int>, again: GSMiddle) {
        self.leaf = leaf
        self.pages = [pages.value(1), pages.value(2)]
        self.again = again
    }
}

@Suite struct GraphArgumentSharingTests {
    private static var arguments: AnyArguments { AnyArguments(for: GSLeaf.self, args: 8) }

    private func container(made: Counter) -> DIContainer {
        let container = DIContainer()
        container.register { GSLeaf(number: arg($0)) }.lifetime(.objectGraph).postInit { _ in made.increment() }
        container.register(GSNote.init)
        container.register(GSTop.init)
        container.register(GSHolder.init)
        container.register(GSBook.init)
        return container
    }

    @Test func aResolveAFactoryMakesSharesTheInstance() throws {
        let made = Counter()
        let container = container(made: made)
        container.register { (container: DIContainer) in GSMiddle(leaf: container.resolve()) }
        let top: GSTop = try container.tryResolve(arguments: Self.arguments)
        #expect(top.leaf === top.middle.leaf)
        #expect(top.leaf.number == 8)
        #expect(made.value == 1)
    }

    @Test func anAwaitedResolveAnAsyncFactoryMakesSharesTheInstance() async throws {
        let made = Counter()
        let container = container(made: made)
        container.register { (container: DIContainer) async in GSMiddle(leaf: await container.resolve()) }
        let top: GSTop = try await container.tryResolve(arguments: Self.arguments)
        #expect(top.leaf === top.middle.leaf)
        #expect(made.value == 1)
    }

    @Test func aSharedGraphKeepsTheInstance() throws {
        let made = Counter()
        let container = container(made: made)
        let holder: GSHolder = try container.tryResolve(arguments: Self.arguments)
        #expect(holder.first === holder.second)
        #expect(made.value == 1)
    }

    @Test func providerCallsGetTheirOwnAndLeaveTheGraphsAlone() throws {
        let made = Counter()
        let container = container(made: made)
        container.register { (container: DIContainer) in GSMiddle(leaf: container.resolve()) }
        let book: GSBook = try container.tryResolve(arguments: Self.arguments)
        #expect(book.pages.map(\.number) == [1, 2])
        #expect(book.pages.allSatisfy { $0 !== book.leaf })
        #expect(book.leaf.number == 8)
        #expect(book.again.leaf === book.leaf)
        #expect(made.value == 3)
    }

    /// A resolve in the factory that gives arguments of its own gets an instance made with them.
    @Test func aNestedResolveWithArgumentsOfItsOwnGetsItsOwn() throws {
        let made = Counter()
        let container = container(made: made)
        container.register { (container: DIContainer) in
            GSMiddle(leaf: container.resolve(arguments: AnyArguments(for: GSLeaf.self, args: 9)))
        }
        let top: GSTop = try container.tryResolve(arguments: Self.arguments)
        #expect((top.leaf.number, top.middle.leaf.number) == (8, 9))
        #expect(made.value == 2)
    }
}

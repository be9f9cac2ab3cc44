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

private final class GSOptionalLeaf: Sendable {
    let number: Int?
    init(number: Int?) { self.number = number }
}

private final class GSWrapper: Sendable {
    let leaf: GSOptionalLeaf
    init(leaf: GSOptionalLeaf) { self.leaf = leaf }
}

/// Reads its `Lazy`, `Provider` and `Provider1` while it is being made.
private final class GSReader: Sendable {
    let leaf: GSOptionalLeaf
    let lazy: Lazy<GSOptionalLeaf>
    let provider: Provider<GSWrapper>
    let pages: Provider1<GSPage, Int>
    let read: [GSOptionalLeaf]
    init(leaf: GSOptionalLeaf, lazy: Lazy<GSOptionalLeaf>, provider: Provider<GSWrapper>, pages: Provider1<GSPage, Int>)
    {
        (self.leaf, self.lazy, self.provider, self.pages) = (leaf, lazy, provider, pages)
        read = [lazy.value, provider.value.leaf, pages.value(3).leaf]
    }
}

private final class GSPage: Sendable {
    let number: Int
    let leaf: GSOptionalLeaf
    init(number: Int, leaf: GSOptionalLeaf) { (self.number, self.leaf) = (number, leaf) }
}

/// A `Lazy` or `Provider` the arguments do not reach still gets the graph's instance, while
/// the resolve runs or after: only arguments of its own, other than the graph's, make another.
@Suite struct DelayedGraphArgumentSharingTests {
    @Test func delayedReadsGetTheGraphsInstance() throws {
        let made = Counter()
        let container = DIContainer()
        container.register { GSOptionalLeaf(number: arg($0)) }.lifetime(.objectGraph)
            .postInit { _ in made.increment() }
        container.register(GSWrapper.init)
        container.register { GSPage(number: arg($0), leaf: $1) }
        container.register(GSReader.init)
        let reader: GSReader = try container.tryResolve(arguments: AnyArguments(for: GSOptionalLeaf.self, args: 8))
        #expect(reader.read.allSatisfy { $0 === reader.leaf })
        #expect(reader.leaf.number == 8)
        let later = [reader.lazy.value, reader.provider.value.leaf, reader.pages.value(4).leaf]
        #expect(later.allSatisfy { $0 === reader.leaf })
        #expect(made.value == 1)
    }
}

/// Holds a `Lazy` and a `Provider` of what needs the leaf, read only once the resolve ended.
private final class GSLaterReader: Sendable {
    let leaf: GSLeaf
    let lazy: Lazy<GSMiddle>
    let provider: Provider<GSMiddle>
    init(leaf: GSLeaf, lazy: Lazy<GSMiddle>, provider: Provider<GSMiddle>) {
        (self.leaf, self.lazy, self.provider) = (leaf, lazy, provider)
    }
}

/// The same for a leaf whose `arg` is required: read after the resolve, a `Lazy` or
/// `Provider` gets the instance the graph has (made with the resolve's arguments), though
/// it gives no arguments; once the graph let it go, it fails as a build without them does.
@Suite struct LaterGraphArgumentSharingTests {
    private func container() -> DIContainer {
        let container = DIContainer()
        container.register { GSLeaf(number: arg($0)) }.lifetime(.objectGraph)
        container.register(GSMiddle.init)
        container.register(GSLaterReader.init)
        return container
    }

    @Test func readsAfterTheResolveGetTheGraphsInstance() throws {
        let container = container()
        let reader: GSLaterReader = try container.tryResolve(arguments: AnyArguments(for: GSLeaf.self, args: 8))
        for _ in 0..<3 {  // again, once the plans are compiled
            #expect(try reader.lazy.tryValue().leaf === reader.leaf)
            #expect(try reader.provider.tryValue().leaf === reader.leaf)
        }
    }

    @Test func anAwaitedResolvesReadsGetItToo() async throws {
        let container = container()
        let reader: GSLaterReader = try await container.tryResolve(arguments: AnyArguments(for: GSLeaf.self, args: 8))
        #expect(try reader.provider.tryValue().leaf === reader.leaf)
        #expect(try reader.lazy.tryValue().leaf === reader.leaf)
    }

    @Test func oneTheGraphLetGoOfFailsWithoutArguments() throws {
        let container = container()
        var provider: Provider<GSMiddle>
        do {
            let reader: GSLaterReader = try container.tryResolve(arguments: AnyArguments(for: GSLeaf.self, args: 8))
            provider = reader.provider
        }
        let error = #expect(throws: DIError.self) { _ = try provider.tryValue() }
        #expect(error?.reason == "its arg parameters are (Int) but no arguments are given")
        withExtendedLifetime(container) {}
    }
}

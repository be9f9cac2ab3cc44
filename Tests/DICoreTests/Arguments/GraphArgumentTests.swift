import DICore
import TestSupport
import Testing

// An `objectGraph` component with `arg` parameters, reached through a `Provider1`: each
// call passes its own arguments and gets an instance made with them, while what the
// component needs without arguments is still shared through the provider's graph.

private final class GAShared: Sendable {}

private final class GAPage: Sendable {
    let number: Int
    let shared: GAShared
    init(number: Int, shared: GAShared) {
        self.number = number
        self.shared = shared
    }
}

private final class GABook: Sendable {
    let pages: Provider1<GAPage, Int>
    let first: GAPage
    let second: GAPage
    init(pages: Provider1<GAPage, Int>) {
        self.pages = pages
        first = pages.value(1)
        second = pages.value(2)
    }
}

private final class GAAsyncBook: Sendable {
    let pages: AsyncProvider1<GAPage, Int>
    init(pages: AsyncProvider1<GAPage, Int>) { self.pages = pages }
}

@Suite struct GraphArgumentTests {
    private func container() -> DIContainer {
        let container = DIContainer()
        container.register(GAShared.init).lifetime(.objectGraph)
        container.register { GAPage(number: arg($0), shared: $1) }.lifetime(.objectGraph)
        container.register(GABook.init).lifetime(.objectGraph)
        container.register(GAAsyncBook.init).lifetime(.objectGraph)
        return container
    }

    @Test func eachCallGetsAnInstanceMadeWithItsOwnArguments() throws {
        let container = container()
        let pages: Provider1<GAPage, Int> = try container.tryResolve()
        let held = pages.value(3)
        let next = pages.value(4)
        #expect((held.number, next.number) == (3, 4))
        #expect(held !== next)
        // Their argument-free dependency is the provider graph's, as for any delayed value.
        #expect(held.shared === next.shared)
    }

    @Test func aFactoryCallingItsProviderTwiceGetsBothArguments() {
        let book: GABook = *container()
        #expect((book.first.number, book.second.number) == (1, 2))
        #expect(book.first.shared === book.second.shared)
    }

    @Test func anAsyncProviderToo() async throws {
        let container = container()
        let book: GAAsyncBook = try await container.tryResolve()
        let first = await book.pages.value(5)
        let second = await book.pages.value(6)
        #expect((first.number, second.number) == (5, 6))
        withExtendedLifetime(container) {}
    }

    /// One provider called from 8 threads with arguments of their own: every page carries
    /// the number its call passed.
    @Test func callsOnManyThreadsEachGetTheirOwn() async throws {
        let container = container()
        let pages: Provider1<GAPage, Int> = try container.tryResolve(sync: ())
        let wrong = Counter()
        for _ in 0..<10 {
            await race(threads: 8) { thread in
                var held: [GAPage] = []
                for call in 0..<200 {
                    let number = thread * 1_000 + call
                    let page = pages.value(number)
                    if page.number != number { _ = wrong.increment() }
                    if call % 3 == 0 { held.append(page) }  // some kept, as an app would
                }
            }
        }
        #expect(wrong.value == 0)
        withExtendedLifetime(container) {}
    }
}

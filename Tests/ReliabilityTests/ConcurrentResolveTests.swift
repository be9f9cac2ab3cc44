import DICore
import TestSupport
import Testing

/// The object graph of one resolve: `Top` and `Middle` share the `Shared` made for them.
private final class Shared {}

private final class Middle {
    let shared: Shared
    init(shared: Shared) { self.shared = shared }
}

/// Made by a factory that resolves through its container (on the same thread) before returning.
private final class Top {
    let middle: Middle
    let shared: Shared
    let nested: Middle
    init(middle: Middle, shared: Shared, nested: Middle) {
        self.middle = middle
        self.shared = shared
        self.nested = nested
    }
}

private struct Missing {}

/// Top-level resolves on many threads at once, with resolves nested inside their factories and
/// interleaved with failing ones: each top-level resolve gets its own object graph, and a
/// resolve nested in it joins that graph. (Finished resolves hand their bookkeeping to the next
/// one, on any thread; a shared or half-reset one would mix graphs up.)
@Suite struct ConcurrentResolveTests {
    static let rounds = 2_000

    @Test func concurrentNestedAndFailingResolvesEachGetTheirOwnGraph() async {
        let tops = Collected<Top>()
        let container = DIContainer()
        container.register(Shared.init).lifetime(.objectGraph)
        container.register(Middle.init).lifetime(.objectGraph)
        container.register { [unowned container] (middle: Middle, shared: Shared) in
            // Joins the resolve in progress: the same graph.
            let nested: Middle = container.resolve()
            return Top(middle: middle, shared: shared, nested: nested)
        }
        let wrong = Counter()
        let finished = await race(threads: 8) { _ in
            for round in 0..<Self.rounds {
                if round % 7 == 0 {
                    let failed = (try? container.tryResolve() as Missing) == nil
                    if !failed { wrong.increment() }
                    continue
                }
                let top: Top = container.resolve()
                let sharedWithinGraph = top.middle.shared === top.shared
                let nestedJoinedTheGraph = top.nested === top.middle
                if !(sharedWithinGraph && nestedJoinedTheGraph) { wrong.increment() }
                if round % 500 == 1 { tops.append(top) }
            }
        }
        #expect(finished)
        #expect(wrong.value == 0)
        // No two top-level resolves shared a graph.
        let shared = tops.values.map { ObjectIdentifier($0.shared) }
        #expect(Set(shared).count == shared.count)
    }
}

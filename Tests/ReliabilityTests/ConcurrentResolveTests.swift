import DICore
import Testing

/// The object graph of one resolve: `Top` and `Middle` share the `Shared` made for them.
private final class Shared {}

private final class Middle {
    let shared: Shared
    init(shared: Shared) { self.shared = shared }
}

/// Made by a factory that starts a resolve of its own (on the same thread) before returning.
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

/// Top-level resolves on many threads at once, nested inside each other and interleaved with
/// failing ones: each must get its own object graph. (Finished resolves hand their bookkeeping
/// to the next one, on any thread; a shared or half-reset one would mix graphs up.)
@Suite struct ConcurrentResolveTests {
    static let rounds = 2_000

    @Test func concurrentNestedAndFailingResolvesEachGetTheirOwnGraph() {
        let container = DIContainer()
        container.register(Shared.init).lifetime(.objectGraph)
        container.register(Middle.init).lifetime(.objectGraph)
        container.register { [unowned container] (middle: Middle, shared: Shared) in
            // A separate top-level resolve: a graph of its own.
            let nested: Middle = container.resolve()
            return Top(middle: middle, shared: shared, nested: nested)
        }
        let wrong = Counter()
        let finished = race(threads: 8) { _ in
            for round in 0..<Self.rounds {
                if round % 7 == 0 {
                    let failed = (try? container.tryResolve() as Missing) == nil
                    if !failed { wrong.increment() }
                    continue
                }
                let top: Top = container.resolve()
                let sharedWithinGraph = top.middle.shared === top.shared
                let nestedIsItsOwnGraph = top.nested !== top.middle && top.nested.shared !== top.shared
                if !(sharedWithinGraph && nestedIsItsOwnGraph) { wrong.increment() }
            }
        }
        #expect(finished)
        #expect(wrong.value == 0)
    }
}

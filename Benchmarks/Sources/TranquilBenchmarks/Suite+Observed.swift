import DICore
import DILogging

extension Suite {
    /// The 3-object graph with a `DITraceRecorder` attached (hand column: no observer).
    static func tracedGraph() -> BenchCase {
        let plain = graphContainer()
        let traced = graphContainer()
        let recorder = DITraceRecorder()
        traced.addObserver(recorder)
        return BenchCase(
            hand: BenchCase.loop { BlackHole.consume(plain.resolve() as A) },
            tranquil: { n in
                let clock = ContinuousClock()
                let start = clock.now
                for iteration in 0..<n {
                    BlackHole.consume(traced.resolve() as A)
                    // Keep the recorder's memory flat; amortized, the reset is noise.
                    if iteration & 255 == 255 { recorder.reset() }
                }
                recorder.reset()
                return clock.now - start
            },
            swinject: nil
        )
    }

    /// The 3-object graph with the cheapest possible observer: what event delivery costs.
    static func countedGraph() -> BenchCase {
        let plain = graphContainer()
        let counted = graphContainer()
        counted.addObserver(CountingObserver())
        return BenchCase(
            hand: BenchCase.loop { BlackHole.consume(plain.resolve() as A) },
            tranquil: BenchCase.loop { BlackHole.consume(counted.resolve() as A) },
            swinject: nil
        )
    }
}

/// Counts events and nothing else.
final class CountingObserver: DIObserver, @unchecked Sendable {
    // @unchecked Sendable: the benchmarks resolve from one thread.
    private(set) var count = 0

    func receive(_ event: DIEvent) {
        count += 1
    }
}

import DICore
import DILogging
import Foundation

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

    /// The clock reads of one observed resolve of the 3-object graph, alone: its events read
    /// the clock when a request starts and when its instance is made or found (the request's
    /// finished event shares that reading). How many, is counted from a resolve's events.
    static func observedClockReads() -> BenchCase {
        let container = graphContainer()
        BlackHole.consume(container.resolve() as A)
        let reads = ClockReadCounter()
        container.addObserver(reads)
        BlackHole.consume(container.resolve() as A)
        let count = reads.count
        return BenchCase(
            hand: nil,
            tranquil: BenchCase.loop {
                var folded = 0
                for _ in 0..<count { folded &+= EventClockRead.nanoseconds() }
                BlackHole.consume(folded)
            },
            swinject: nil
        )
    }
}

/// Counts the events of a resolve that read the clock (see ``Suite/observedClockReads()``).
final class ClockReadCounter: DIObserver, @unchecked Sendable {
    // @unchecked Sendable: the benchmarks resolve from one thread.
    private(set) var count = 0

    func receive(_ event: DIEvent) {
        switch event.kind {
        case .resolveStarted, .made, .reused: count += 1
        default: break
        }
    }
}

/// The clock a resolve's events read (`DIRuntime`'s `ContinuousTime`, which a separate
/// package cannot call), read the same way.
enum EventClockRead {
    static func nanoseconds() -> Int {
        #if canImport(Darwin)
        return Int(clock_gettime_nsec_np(CLOCK_MONOTONIC_RAW))
        #else
        var now = timespec()
        clock_gettime(CLOCK_BOOTTIME, &now)
        return now.tv_sec * 1_000_000_000 + now.tv_nsec
        #endif
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

/// Times a batch of operations: warm-up, calibration, several rounds, the median.
///
/// A measured body receives an iteration count, runs its operation that many times and
/// returns the time to count (see ``BenchCase``), so the closure call is paid once per
/// batch, not once per operation.
struct Harness {
    /// How long one timed round should take.
    let roundTarget: Duration
    /// How many timed rounds give the median.
    let rounds: Int

    /// Full runs: rounds of 20–40 ms, median of 15 (more rounds: a burst of noise in one
    /// round moves the median less).
    static let full = Harness(roundTarget: .milliseconds(20), rounds: 15)
    /// CI runs: a millisecond, one round — proves the code runs, not how fast.
    static let quick = Harness(roundTarget: .milliseconds(1), rounds: 1)

    /// The median time of one operation of each body, in nanoseconds.
    ///
    /// The bodies' rounds take turns (round 1 of each, then round 2 of each, …): a machine
    /// that speeds up or slows down during the run then shifts every body's samples alike,
    /// instead of skewing the ratio between bodies measured at different moments.
    func nanosecondsPerOperation(_ bodies: [BenchCase.Body]) -> [Double] {
        for body in bodies {
            _ = body(1)  // warm-up: first-use costs (metadata, caches, lazy storage)
        }
        let iterations = bodies.map(calibrate)
        var samples = Array(repeating: [Double](), count: bodies.count)
        for _ in 0..<rounds {
            for (index, body) in bodies.enumerated() {
                samples[index].append(nanoseconds(body(iterations[index])) / Double(iterations[index]))
            }
        }
        return samples.map { $0.sorted()[$0.count / 2] }
    }

    /// The iteration count that makes one round take about ``roundTarget``.
    private func calibrate(_ body: BenchCase.Body) -> Int {
        var iterations = 1
        while true {
            let elapsed = body(iterations)
            if elapsed >= roundTarget { return iterations }
            let scale = nanoseconds(roundTarget) / max(nanoseconds(elapsed), 1)
            // Grow at most 10x per step (early timings are noisy), at least 2x.
            iterations = max(iterations * 2, Int(Double(iterations) * min(scale * 1.1, 10)))
        }
    }

    private func nanoseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }
}

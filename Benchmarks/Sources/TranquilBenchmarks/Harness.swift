/// Times a batch of operations: warm-up, calibration, several rounds, the median.
///
/// A measured body receives an iteration count and runs its operation that many times,
/// so the closure call is paid once per batch, not once per operation.
struct Harness {
    /// How long one timed round should take.
    let roundTarget: Duration
    /// How many timed rounds give the median.
    let rounds: Int

    /// Full runs: rounds of 20–50 ms, median of 7.
    static let full = Harness(roundTarget: .milliseconds(25), rounds: 7)
    /// CI runs: a millisecond, one round — proves the code runs, not how fast.
    static let quick = Harness(roundTarget: .milliseconds(1), rounds: 1)

    /// The median time of one operation, in nanoseconds.
    func nanosecondsPerOperation(_ body: (Int) -> Void) -> Double {
        body(1)  // warm-up: first-use costs (metadata, caches, lazy storage)
        let iterations = calibrate(body)
        var samples: [Double] = []
        for _ in 0..<rounds {
            samples.append(nanoseconds(time(body, iterations)) / Double(iterations))
        }
        samples.sort()
        return samples[samples.count / 2]
    }

    /// The iteration count that makes one round take about ``roundTarget``.
    private func calibrate(_ body: (Int) -> Void) -> Int {
        var iterations = 1
        while true {
            let elapsed = time(body, iterations)
            if elapsed >= roundTarget { return iterations }
            let scale = nanoseconds(roundTarget) / max(nanoseconds(elapsed), 1)
            // Grow at most 10x per step (early timings are noisy), at least 2x.
            iterations = max(iterations * 2, Int(Double(iterations) * min(scale * 1.1, 10)))
        }
    }

    private func time(_ body: (Int) -> Void, _ iterations: Int) -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        body(iterations)
        return clock.now - start
    }

    private func nanoseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }
}

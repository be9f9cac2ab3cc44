import DIRuntime

/// The times of events, kept as durations of `ContinuousClock`'s time since its zero
/// (``ContinuousTime``), read with one C call.
///
/// `ContinuousClock.Instant` is not `@frozen`: a struct that stores one has no size known
/// at compile time, so every copy, move and destroy of it (an event, a tracer's frame) goes
/// through the runtime's value witnesses. A `Duration` is `@frozen`.
///
/// An instant is not made from a duration, so the two meet at one moment, taken when the
/// process first converts: `ContinuousClock.now` between two C reads, whose midpoint is its
/// time — the closest of a few tries, so that a thread switched out between two reads does
/// not skew it. A converted time is off by at most half the time between those two reads
/// (well under a microsecond); a duration between two events, and a time converted there
/// and back, are exact.
enum EventClock {
    /// One moment read both ways.
    private struct Origin {
        let instant: ContinuousClock.Instant
        let time: Duration

        init() {
            var instant = ContinuousClock.now
            var time = ContinuousTime.now
            var closest: Duration?
            for _ in 0..<8 {
                let before = ContinuousTime.now
                let now = ContinuousClock.now
                let gap = ContinuousTime.now - before
                if let closest, closest <= gap { continue }
                (instant, time, closest) = (now, before + gap / 2, gap)
            }
            self.instant = instant
            self.time = time
        }
    }

    private static let origin = Origin()

    /// Now.
    static var now: Duration {
        ContinuousTime.now
    }

    /// The time of `instant`.
    static func offset(of instant: ContinuousClock.Instant) -> Duration {
        origin.time + origin.instant.duration(to: instant)
    }

    /// The instant at `time`.
    static func instant(at time: Duration) -> ContinuousClock.Instant {
        origin.instant.advanced(by: time - origin.time)
    }
}

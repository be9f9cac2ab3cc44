import DIRuntime

/// The times of a resolve's events: nanoseconds of `ContinuousClock`'s time since its zero
/// (``ContinuousTime``), read with one C call.
///
/// A time is one word with integer arithmetic. `ContinuousClock.Instant` is not `@frozen`:
/// a struct that stores one has no size known at compile time, so every copy, move and
/// destroy of it (an event, a tracer's frame) goes through the runtime's value witnesses;
/// a `Duration` is two words, and subtracting one from another is a 128-bit call. An
/// observer gets both, made when it reads ``DIEvent/time`` or ``DIEvent/duration``.
///
/// An instant is not made from a count of nanoseconds, so the two meet at one moment, taken
/// when the process first converts: `ContinuousClock.now` between two C reads, whose
/// midpoint is its time — the closest of a few tries, so that a thread switched out between
/// two reads does not skew it. A converted time is off by at most half the time between
/// those two reads (well under a microsecond); a duration between two events, and a time
/// converted there and back, are exact.
enum EventClock {
    /// A moment: nanoseconds since the clock's zero.
    struct Time: Sendable {
        let nanoseconds: Int64

        /// The nanoseconds from `earlier` to this moment.
        func nanoseconds(since earlier: Time) -> Int64 {
            nanoseconds - earlier.nanoseconds
        }
    }

    /// One moment read both ways.
    private struct Origin {
        let instant: ContinuousClock.Instant
        let time: Duration

        init() {
            var instant = ContinuousClock.now
            var time = Duration.nanoseconds(ContinuousTime.nanoseconds)
            var closest: Int64?
            for _ in 0..<8 {
                let before = ContinuousTime.nanoseconds
                let now = ContinuousClock.now
                let gap = ContinuousTime.nanoseconds - before
                if let closest, closest <= gap { continue }
                (instant, time, closest) = (now, .nanoseconds(before) + .nanoseconds(gap) / 2, gap)
            }
            self.instant = instant
            self.time = time
        }
    }

    private static let origin = Origin()

    /// Now.
    static var now: Time {
        Time(nanoseconds: ContinuousTime.nanoseconds)
    }

    /// The instant at `time`.
    static func instant(at time: Time) -> ContinuousClock.Instant {
        origin.instant.advanced(by: .nanoseconds(time.nanoseconds) - origin.time)
    }
}

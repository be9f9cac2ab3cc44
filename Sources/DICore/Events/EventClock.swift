/// The times of events, kept as offsets from one instant taken when the process first
/// needs one.
///
/// `ContinuousClock.Instant` is not `@frozen`: a struct that stores one has no size known
/// at compile time, so every copy, move and destroy of it (an event, a tracer's frame) goes
/// through the runtime's value witnesses. A `Duration` is `@frozen`. An offset converts to
/// and from an instant exactly (an instant is a duration since the clock's own origin).
enum EventClock {
    /// The instant every offset counts from.
    static let origin = ContinuousClock.now

    /// Now, as an offset from ``origin``.
    static var now: Duration {
        origin.duration(to: .now)
    }

    /// `instant` as an offset from ``origin``.
    static func offset(of instant: ContinuousClock.Instant) -> Duration {
        origin.duration(to: instant)
    }

    /// The instant `offset` after ``origin``.
    static func instant(at offset: Duration) -> ContinuousClock.Instant {
        origin.advanced(by: offset)
    }
}

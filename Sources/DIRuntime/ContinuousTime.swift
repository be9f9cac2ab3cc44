import CDIRuntime

/// The time of `ContinuousClock`, read with one C call (see `CDIClock.h`): nanoseconds since
/// the clock's own zero, the way an instant of the clock is a duration since it.
///
/// `ContinuousClock.now` goes through the concurrency runtime's generic clock call, and
/// turning an instant into a duration since another costs 128-bit arithmetic on top: five
/// times this read, paid twice per request of an observed resolve.
package enum ContinuousTime {
    /// Now, in nanoseconds since the clock's zero.
    package static var nanoseconds: Int64 {
        tranquil_continuous_nanoseconds()
    }
}

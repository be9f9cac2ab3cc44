import DIRuntime

/// Trace and span numbers, unique in the process: a tracer takes them from the process's
/// counter a block at a time, so that numbering a request is not an atomic operation on a
/// word every resolving thread shares. Numbers grow within a tracer; two tracers' numbers
/// interleave in no particular order.
struct EventIDs {
    private static let counter = AtomicCount()
    /// How many numbers a tracer takes at once.
    private static let block = 64
    /// The process's counter, reached through a field: a tracer numbers each request, and a
    /// global's lazy-initialization check on every read costs more than the count.
    private let counter = EventIDs.counter
    /// The next number of the block taken, and the end of that block.
    private var upcoming: UInt64 = 0
    private var end: UInt64 = 0

    /// A number no other trace or span of the process has (never 0).
    mutating func next() -> UInt64 {
        if upcoming == end {
            end = UInt64(counter.add(Self.block)) + 1
            upcoming = end - UInt64(Self.block)
        }
        defer { upcoming += 1 }
        return upcoming
    }
}

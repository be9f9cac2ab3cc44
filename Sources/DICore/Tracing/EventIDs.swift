import DIRuntime

/// Process-wide trace and span numbers.
struct EventIDs {
    private static let counter = AtomicCount()
    /// The process's counter, reached through a field: a tracer numbers each request, and a
    /// global's lazy-initialization check on every read costs more than the count.
    private let counter = EventIDs.counter

    /// A number no other trace or span of the process has.
    func next() -> UInt64 { UInt64(counter.add(1)) }
}

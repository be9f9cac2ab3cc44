import DIRuntime

/// Process-wide trace and span numbers.
enum EventIDs {
    private static let counter = AtomicCount()
    static func next() -> UInt64 { UInt64(counter.add(1)) }
}

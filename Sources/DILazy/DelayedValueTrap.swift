/// What `value` of a `Lazy`, `Provider` or one taking arguments (`Provider1` …) returns:
/// `attempt`'s value. A failure (only a container-made one can fail) traps with the
/// container's error, after the delayed value whose read failed (`Lazy<Cat>.value: cannot
/// resolve Cat: …`): the trap's location is here, not at the read, which a property cannot
/// name.
@inline(__always)
func valueOrTrap<Value>(of delayed: Any.Type, _ attempt: () throws -> Value) -> Value {
    do {
        return try attempt()
    } catch {
        trap(reading: delayed, error)
    }
}

/// ``valueOrTrap(of:_:)`` for the asynchronous delayed values (`AsyncLazy`, `AsyncProvider`,
/// `AsyncProvider1` …).
nonisolated(nonsending) func awaitedValueOrTrap<Value>(
    of delayed: Any.Type,
    _ attempt: () async throws -> Value
) async -> Value {
    do {
        return try await attempt()
    } catch {
        trap(reading: delayed, error)
    }
}

/// Traps for a failed read of `delayed`'s value.
func trap(reading delayed: Any.Type, _ error: any Error) -> Never {
    fatalError("\(delayed).value: \(error) (tryValue() throws it instead)")
}

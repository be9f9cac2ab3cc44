/// A value carried across an isolation boundary the compiler cannot see is crossed safely.
///
/// The resolver hands a main-actor factory the parameters it resolved, and takes back the
/// instance, with `await MainActor.run`: the values are not `Sendable` in general (the
/// container does not require instance types to be).
///
/// The invariant: a hand-off is a transfer, never a share. The side that sends stops using
/// the value until the receiving side is done with it — the resolve is suspended while the
/// main actor runs the factory, and the main actor is done with the instance when it
/// returns it. `await` orders the two sides, so no access of one overlaps an access of the
/// other. Nothing else may hold a `Handoff`.
@usableFromInline
package struct Handoff<Value>: @unchecked Sendable {
    @usableFromInline package let value: Value

    @inlinable
    package init(_ value: Value) {
        self.value = value
    }
}

import Synchronization

/// A counter read without taking a lock: the "is anyone listening?" check on the resolve path.
///
/// Kept behind this type for the same reason as ``Locked``: the primitive may change for
/// older Apple OS versions without touching its users.
package final class AtomicCount: Sendable {
    @usableFromInline
    package let storage = Atomic<Int>(0)

    package init() {}

    /// The current count.
    @inlinable
    package var value: Int { storage.load(ordering: .relaxed) }

    /// Adds `delta` (which may be negative) and returns the new count.
    @discardableResult
    package func add(_ delta: Int) -> Int {
        storage.add(delta, ordering: .relaxed).newValue
    }
}

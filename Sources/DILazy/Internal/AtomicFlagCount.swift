import Synchronization

/// A counter read without taking a lock: the "is anyone listening?" check on the resolve path.
///
/// Kept behind this type for the same reason as ``Locked``: the primitive may change for
/// older Apple OS versions without touching its users. Public only as SPI, like ``Locked``,
/// so that reading it inlines into the resolve path.
@_spi(Tranquil)
public final class AtomicCount: Sendable {
    @usableFromInline
    let storage = Atomic<Int>(0)

    /// A counter at zero.
    public init() {}

    /// The current count.
    ///
    /// Acquiring: whoever sees a count also sees what was written before it changed (an
    /// epoch bumped after a slot was emptied implies the empty slot). A plain load on x86.
    @inlinable
    public var value: Int { storage.load(ordering: .acquiring) }

    /// Adds `delta` (which may be negative) and returns the new count.
    @discardableResult
    public func add(_ delta: Int) -> Int {
        storage.add(delta, ordering: .acquiringAndReleasing).newValue
    }
}

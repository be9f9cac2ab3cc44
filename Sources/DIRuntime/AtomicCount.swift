/// A counter read without taking a lock: epochs and "is anyone listening?" checks.
///
/// Only an integer crosses threads here, never a reference: whoever reads a count reads
/// nothing else through it.
@usableFromInline
package final class AtomicCount: Sendable {
    @usableFromInline let storage = AtomicWord(0)

    /// A counter at zero.
    package init() {}

    /// The current count. Acquiring: whoever sees a count also sees what was written
    /// before it changed.
    @inlinable
    package var value: Int { storage.loadAcquiring() }

    /// Adds `delta` (which may be negative) and returns the new count.
    @discardableResult
    @inlinable
    package func add(_ delta: Int) -> Int {
        storage.add(delta) &+ delta
    }
}

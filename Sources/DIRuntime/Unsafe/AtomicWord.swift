import CDIRuntime

/// One machine word read and changed atomically: the runtime's only atomic, over C11
/// `<stdatomic.h>` (the `CDIRuntime` target), because `Synchronization.Atomic` needs
/// macOS 15 / iOS 18.
///
/// Only integers cross threads through it, never a reference. Each operation names its
/// memory ordering; callers say in a comment what that ordering publishes.
///
/// Invariants: the word lives in memory allocated by ``init(_:)`` at an address that never
/// moves, initialized before the value is shared and freed only when its owner goes
/// (`~Copyable`: no copy can outlive it or free it twice).
@usableFromInline
package struct AtomicWord: ~Copyable, @unchecked Sendable {
    // @unchecked Sendable: the word is only touched through C11 atomic operations.
    @usableFromInline let word: UnsafeMutablePointer<tranquil_atomic_word>

    /// A word holding `value`.
    @inlinable
    package init(_ value: Int) {
        word = .allocate(capacity: 1)
        tranquil_atomic_word_init(word, value)
    }

    /// A word holding `value`, alone on its cache line (``CacheLine``): for a word that
    /// different threads write often, which would otherwise slow down their neighbours.
    @inlinable
    package init(aloneOnItsCacheLine value: Int) {
        word = UnsafeMutableRawPointer.allocate(byteCount: CacheLine.bytes, alignment: CacheLine.bytes)
            .bindMemory(to: tranquil_atomic_word.self, capacity: 1)
        tranquil_atomic_word_init(word, value)
    }

    deinit {
        word.deallocate()
    }

    /// The value; what the storing thread wrote before a releasing store is visible after.
    @inlinable
    package func loadAcquiring() -> Int {
        tranquil_atomic_word_load_acquire(word)
    }

    /// The value, ordering nothing else (for a value that guards nothing).
    @inlinable
    package func loadRelaxed() -> Int {
        tranquil_atomic_word_load_relaxed(word)
    }

    /// Stores `value`, publishing what this thread wrote before.
    @inlinable
    package func storeReleasing(_ value: Int) {
        tranquil_atomic_word_store_release(word, value)
    }

    /// Stores `value`, ordering nothing else.
    @inlinable
    package func storeRelaxed(_ value: Int) {
        tranquil_atomic_word_store_relaxed(word, value)
    }

    /// Adds `delta` (wrapping on overflow) and returns the value before, acquiring and
    /// releasing.
    @discardableResult
    @inlinable
    package func add(_ delta: Int) -> Int {
        tranquil_atomic_word_fetch_add(word, delta)
    }

    /// Stores `desired` if the word holds `expected`, acquiring what the last releasing
    /// store published; returns whether it did.
    @inlinable
    package func exchange(ifHolding expected: Int, with desired: Int) -> Bool {
        tranquil_atomic_word_exchange_if(word, expected, desired)
    }
}

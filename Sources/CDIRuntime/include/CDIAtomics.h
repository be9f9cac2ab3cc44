// The atomic operations Tranquil's runtime needs, over C11 <stdatomic.h>.
//
// Swift's `Synchronization.Atomic` needs macOS 15 / iOS 18; Tranquil supports macOS 13 /
// iOS 16. These are `static inline`, so Swift inlines them like its own code, and
// ThreadSanitizer sees them as the atomics they are (checked in CI: the reliability suite
// runs under TSan in release).
//
// Only DIRuntime's `AtomicWord` (Sources/DIRuntime/Unsafe) calls these, and the internal
// checks of its `StripedLocked`: each keeps the word at an address that never moves,
// initialized before any other call and never used after it is freed. Each function names
// the memory ordering it uses.

#ifndef TRANQUIL_CDIATOMICS_H
#define TRANQUIL_CDIATOMICS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

/// One machine word, read and changed only atomically.
typedef struct {
    _Atomic(intptr_t) value;
} tranquil_atomic_word;

#define TRANQUIL_ATOMIC_INLINE static inline __attribute__((always_inline))

/// Sets the word's first value, before any other thread can see it.
TRANQUIL_ATOMIC_INLINE void tranquil_atomic_word_init(tranquil_atomic_word *word, intptr_t value) {
    atomic_init(&word->value, value);
}

/// Reads the word; whatever the thread that stored it wrote before its releasing store is
/// visible after this.
TRANQUIL_ATOMIC_INLINE intptr_t tranquil_atomic_word_load_acquire(tranquil_atomic_word *word) {
    return atomic_load_explicit(&word->value, memory_order_acquire);
}

/// Reads the word, ordering nothing else.
TRANQUIL_ATOMIC_INLINE intptr_t tranquil_atomic_word_load_relaxed(tranquil_atomic_word *word) {
    return atomic_load_explicit(&word->value, memory_order_relaxed);
}

/// Stores `value`, publishing what this thread wrote before.
TRANQUIL_ATOMIC_INLINE void tranquil_atomic_word_store_release(tranquil_atomic_word *word, intptr_t value) {
    atomic_store_explicit(&word->value, value, memory_order_release);
}

/// Stores `value`, ordering nothing else.
TRANQUIL_ATOMIC_INLINE void tranquil_atomic_word_store_relaxed(tranquil_atomic_word *word, intptr_t value) {
    atomic_store_explicit(&word->value, value, memory_order_relaxed);
}

/// Adds `delta` (wrapping) and returns the value before, acquiring and releasing.
TRANQUIL_ATOMIC_INLINE intptr_t tranquil_atomic_word_fetch_add(tranquil_atomic_word *word, intptr_t delta) {
    return atomic_fetch_add_explicit(&word->value, delta, memory_order_acq_rel);
}

/// Replaces `expected` by `desired` if the word holds `expected`: true if it did, with
/// acquiring ordering; false (and nothing ordered) if it held something else.
TRANQUIL_ATOMIC_INLINE bool tranquil_atomic_word_exchange_if(
    tranquil_atomic_word *word, intptr_t expected, intptr_t desired
) {
    return atomic_compare_exchange_strong_explicit(
        &word->value, &expected, desired, memory_order_acquire, memory_order_relaxed);
}

#undef TRANQUIL_ATOMIC_INLINE

#endif

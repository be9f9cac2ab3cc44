// The count of async top-level resolves running in the process, for DIRuntime's
// `ResolveTask` (Sources/DIRuntime): every synchronous resolve reads it. A C global needs no
// lazy initialization, where reading a Swift global from another module checks it with a
// call each time; the accessors are `static inline`, so Swift inlines them like its own
// code (as the atomics in CDIAtomics.h), and ThreadSanitizer sees the C11 atomics they are.
// The variable is defined once, in CDIRuntime.c, and starts at zero.

#ifndef TRANQUIL_CDIASYNCRESOLVES_H
#define TRANQUIL_CDIASYNCRESOLVES_H

#include <stdatomic.h>

/// The count itself. Only the two functions below use it.
extern _Atomic(long) tranquil_async_resolves_value;

/// How many async top-level resolves run now. Acquiring: whoever sees a count also sees
/// what was written before it changed.
static inline __attribute__((always_inline)) long tranquil_async_resolves(void) {
    return atomic_load_explicit(&tranquil_async_resolves_value, memory_order_acquire);
}

/// Adds `delta` (1 when a resolve starts, -1 when it ends), acquiring and releasing.
static inline __attribute__((always_inline)) void tranquil_async_resolves_add(long delta) {
    atomic_fetch_add_explicit(&tranquil_async_resolves_value, delta, memory_order_acq_rel);
}

#endif

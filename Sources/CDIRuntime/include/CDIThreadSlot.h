// Where a resolve finds the resolve in progress (DICore's `ResolveLink.isInProgress`): one
// pointer per thread, for DIRuntime's `ThreadSlot` (Sources/DIRuntime/Unsafe), and the count
// of async resolves running in the process, for its `ResolveTask`; and one number per
// thread, for its `ThreadNumber`. A C thread-local variable is read and written with a few
// instructions, a `pthread` key with a call into the C library each time; a C global needs
// no lazy initialization, where reading a Swift global from another module checks it with a
// call each time. The accessors are `static inline`, so Swift inlines them like its own code
// (as the atomics in CDIAtomics.h), and ThreadSanitizer sees the C11 atomics the count's
// are; the variables are defined once, in CDIRuntime.c.

#ifndef TRANQUIL_CDITHREADSLOT_H
#define TRANQUIL_CDITHREADSLOT_H

#include <stdatomic.h>

/// The pointer stored on each thread (initially null). Only the two functions below use it.
extern _Thread_local void *_Nullable tranquil_thread_slot_pointer;

/// The pointer stored on the calling thread (initially null).
static inline __attribute__((always_inline)) void *_Nullable tranquil_thread_slot(void) {
    return tranquil_thread_slot_pointer;
}

/// Stores `pointer` on the calling thread.
static inline __attribute__((always_inline)) void tranquil_set_thread_slot(void *_Nullable pointer) {
    tranquil_thread_slot_pointer = pointer;
}

/// The calling thread's number (0 until ``tranquil_thread_number`` first numbers it).
extern _Thread_local long tranquil_thread_number_value;

/// Numbers the calling thread: the next of a process-wide count (1, 2, 3, ...).
long tranquil_number_thread(void);

/// The calling thread's number, from 1 in the order threads first ask: two threads have
/// different numbers while they both run (a number is not reused).
static inline __attribute__((always_inline)) long tranquil_thread_number(void) {
    long number = tranquil_thread_number_value;
    return number != 0 ? number : tranquil_number_thread();
}

/// The count of async top-level resolves running (initially zero). Only the two functions
/// below use it.
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

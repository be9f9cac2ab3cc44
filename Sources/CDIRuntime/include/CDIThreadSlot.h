// One pointer per thread, for DIRuntime's `ThreadSlot` (Sources/DIRuntime/Unsafe): a C
// thread-local variable is read and written with a few instructions, a `pthread` key with
// a call into the C library each time. The accessors are `static inline`, so Swift inlines
// them like its own code (as the atomics in CDIAtomics.h); the variable is defined once, in
// CDIRuntime.c.

#ifndef TRANQUIL_CDITHREADSLOT_H
#define TRANQUIL_CDITHREADSLOT_H

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

#endif

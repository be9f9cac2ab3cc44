// One pointer per thread, for DIRuntime's `ThreadSlot` (Sources/DIRuntime/Unsafe), and one
// number per thread, for its `ThreadNumber`: a C thread-local variable is read and written
// with a few instructions, a `pthread` key with a call into the C library each time. The
// accessors are `static inline`, so Swift inlines them like its own code (as the atomics in
// CDIAtomics.h); the variables are defined once, in CDIRuntime.c.

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

#endif

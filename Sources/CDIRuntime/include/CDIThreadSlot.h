// One pointer per thread, for DIRuntime's `ThreadSlot` (Sources/DIRuntime/Unsafe): a C
// thread-local variable is read and written with a few instructions, a `pthread` key with
// a call into the C library each time.

#ifndef TRANQUIL_CDITHREADSLOT_H
#define TRANQUIL_CDITHREADSLOT_H

/// The pointer stored on the calling thread (initially null).
void *_Nullable tranquil_thread_slot(void);

/// Stores `pointer` on the calling thread.
void tranquil_set_thread_slot(void *_Nullable pointer);

#endif

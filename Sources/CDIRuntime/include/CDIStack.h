// Where the calling thread's stack ends, for DIRuntime's `StackBounds` (Sources/DIRuntime/
// Unsafe): Linux's pthread_getattr_np is a GNU extension that Swift's Glibc module does not
// import. Apple platforms answer in Swift, with pthread_get_stackaddr_np.

#ifndef TRANQUIL_CDISTACK_H
#define TRANQUIL_CDISTACK_H

#include <stdint.h>

/// The lowest address of the calling thread's stack, or 0 when the platform does not say.
uintptr_t tranquil_stack_low_end(void);

/// An address in the calling function's frame on the thread's own stack: the frame
/// address of this function, which is never moved elsewhere (a local whose address is
/// taken may live on AddressSanitizer's heap-allocated fake stack instead).
uintptr_t tranquil_stack_position(void);

#endif

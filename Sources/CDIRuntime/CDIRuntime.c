// The C half of DIRuntime: the atomics are `static inline` in include/CDIAtomics.h; the
// stack's low end is asked of the platform here.
#define _GNU_SOURCE
#include "CDIAtomics.h"
#include "CDIStack.h"

#if defined(__linux__)
#include <pthread.h>

uintptr_t tranquil_stack_low_end(void) {
    pthread_attr_t attributes;
    if (pthread_getattr_np(pthread_self(), &attributes) != 0) return 0;
    void *address = 0;
    size_t size = 0;
    int status = pthread_attr_getstack(&attributes, &address, &size);
    pthread_attr_destroy(&attributes);
    return status == 0 ? (uintptr_t)address : 0;
}
#else
uintptr_t tranquil_stack_low_end(void) {
    return 0;  // Apple platforms answer in Swift (StackBounds); others are not supported.
}
#endif

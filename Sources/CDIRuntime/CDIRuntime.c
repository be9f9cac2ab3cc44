// The C half of DIRuntime: the atomics and the thread slot's accessors are `static inline`
// in include/; the thread slot's and the thread number's variables, the count of async
// resolves, the stack's low end and the clock are here.
#define _GNU_SOURCE
#include "CDIAtomics.h"
#include "CDIClock.h"
#include "CDIStack.h"
#include "CDIThreadSlot.h"
#include <time.h>

int64_t tranquil_continuous_nanoseconds(void) {
#if defined(__APPLE__)
    return (int64_t)clock_gettime_nsec_np(CLOCK_MONOTONIC_RAW);
#else
    struct timespec now;
    clock_gettime(CLOCK_BOOTTIME, &now);
    return (int64_t)now.tv_sec * 1000000000 + (int64_t)now.tv_nsec;
#endif
}

_Thread_local void *tranquil_thread_slot_pointer;

_Atomic(long) tranquil_async_resolves_value;

_Thread_local long tranquil_thread_number_value;
static _Atomic(long) tranquil_threads_numbered;

long tranquil_number_thread(void) {
    // Relaxed: the count orders nothing; each thread only needs a number no other has.
    long number = atomic_fetch_add_explicit(&tranquil_threads_numbered, 1, memory_order_relaxed) + 1;
    tranquil_thread_number_value = number;
    return number;
}

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

__attribute__((noinline)) uintptr_t tranquil_stack_position(void) {
    return (uintptr_t)__builtin_frame_address(0);
}

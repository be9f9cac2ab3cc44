// The clock of DIRuntime's `ContinuousTime` (Sources/DIRuntime): the clock Swift's
// `ContinuousClock` reads, read with one C call instead of the runtime's generic path.

#ifndef TRANQUIL_CDICLOCK_H
#define TRANQUIL_CDICLOCK_H

#include <stdint.h>

/// Nanoseconds of the clock `ContinuousClock` reads: CLOCK_MONOTONIC_RAW on Apple
/// platforms, CLOCK_BOOTTIME on Linux (both keep counting while the system sleeps).
int64_t tranquil_continuous_nanoseconds(void);

#endif

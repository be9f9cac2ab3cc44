// Everything is `static inline` in include/CDIAtomics.h; SwiftPM needs one source file.
#include "CDIAtomics.h"

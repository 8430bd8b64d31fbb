/*
 * frozen_1_0.c - RefreshHost test fixture: a plugin of ABI 1.0.
 *
 * Built only against the verbatim 1.0 header (-I Tests/Fixtures/abi/1.0), it
 * declares ABI 1.0 and uses everything 1.0 offered (frozen_style.h). Today's
 * host must load it, run it and pass it at validate --strictness 10.
 */
#define FROZEN_NAME "1_0"
#include "frozen_style.h"

#if RH_ABI_VERSION_MAJOR != 1 || RH_ABI_VERSION_MINOR != 0
#error "frozen_1_0.c must be built against Tests/Fixtures/abi/1.0/refresh_host.h"
#endif

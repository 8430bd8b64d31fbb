/*
 * frozen_1_1.c - RefreshHost test fixture: a plugin of ABI 1.1.
 *
 * Built only against the verbatim 1.1 header (-I Tests/Fixtures/abi/1.1), it
 * declares ABI 1.1 and uses everything 1.1 offered, gradients included
 * (frozen_style.h). Today's host must load it, run it and pass it at validate
 * --strictness 10. With -DFROZEN_PROBES it also logs the answers to 1.2's
 * enum values (unknown to it) and to a path that starts with a line-to (RH_OK,
 * never RH_WARN_ADJUSTED).
 */
#define FROZEN_NAME "1_1"
#include "frozen_style.h"

#if RH_ABI_VERSION_MAJOR != 1 || RH_ABI_VERSION_MINOR != 1
#error "frozen_1_1.c must be built against Tests/Fixtures/abi/1.1/refresh_host.h"
#endif

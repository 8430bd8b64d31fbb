/*
 * frozen_1_4.c - RefreshHost test fixture: a plugin of ABI 1.4, the last
 * version whose core tables grew.
 *
 * Built only against the verbatim 1.4 header (-I Tests/Fixtures/abi/1.4), it
 * declares ABI 1.4 and uses what 1.3 offered plus 1.4's entry functions
 * (style_error and data_paths, answered as a style written in code answers
 * them: NULL). From 1.5 the core tables are frozen at these sizes and new
 * abilities are extensions; today's host must run it as it ran on a 1.4 host
 * and pass it at validate --strictness 10.
 */
/* frozen_style.h's positional initialisers, written for 1.0, leave the
 * fields later versions appended zero, as C guarantees and struct_size
 * versioning relies on; -Wextra would say so for every one. */
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#define FROZEN_NAME "1_4"
#include "frozen_style.h"

#if RH_ABI_VERSION_MAJOR != 1 || RH_ABI_VERSION_MINOR != 4
#error "frozen_1_4.c must be built against Tests/Fixtures/abi/1.4/refresh_host.h"
#endif

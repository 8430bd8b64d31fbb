/*
 * frozen_1_2.c - RefreshHost test fixture: a plugin of ABI 1.2.
 *
 * Built only against the verbatim 1.2 header (-I Tests/Fixtures/abi/1.2), it
 * declares ABI 1.2 and uses what 1.1 offered plus 1.2's stroke trim, line
 * caps and shadows (frozen_style.h). Its descriptor and instance are 1.2's,
 * shorter than 1.3's: today's host must give it 1.3's defaults (trigger at
 * the height, the host's physics and announcements, pull instead of
 * position, exit instead of exit_with_result), run it, and pass it at
 * validate --strictness 10.
 */
/* frozen_style.h's positional initialisers, written for 1.0, leave the
 * fields 1.1 and 1.2 appended zero, as C guarantees and struct_size
 * versioning relies on; -Wextra would say so for every one. */
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#define FROZEN_NAME "1_2"
#include "frozen_style.h"

#if RH_ABI_VERSION_MAJOR != 1 || RH_ABI_VERSION_MINOR != 2
#error "frozen_1_2.c must be built against Tests/Fixtures/abi/1.2/refresh_host.h"
#endif

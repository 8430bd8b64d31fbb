/*
 * frozen_1_3.c - RefreshHost test fixture: a plugin of ABI 1.3.
 *
 * Built only against the verbatim 1.3 header (-I Tests/Fixtures/abi/1.3), it
 * declares ABI 1.3 and uses what 1.2 offered plus 1.3's lifecycle: a trigger
 * distance and max pull, a physics profile, position() in place of pull()
 * and a failure ending through exit_with_result (frozen_style.h). Its entry
 * and descriptor are 1.3's, shorter than 1.4's: today's host must read no
 * style_error, data_paths or source from it, run it, and pass it at
 * validate --strictness 10.
 */
/* frozen_style.h's positional initialisers, written for 1.0, leave the
 * fields later versions appended zero, as C guarantees and struct_size
 * versioning relies on; -Wextra would say so for every one. */
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#define FROZEN_NAME "1_3"
#include "frozen_style.h"

#if RH_ABI_VERSION_MAJOR != 1 || RH_ABI_VERSION_MINOR != 3
#error "frozen_1_3.c must be built against Tests/Fixtures/abi/1.3/refresh_host.h"
#endif

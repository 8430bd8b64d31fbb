/*
 * v_extra_exports.c - RefreshHost test fixture.
 *
 * Breaks: a plugin exports only rh_entry. This one also exports a helper,
 * fixture_helper_version, with default visibility. `validate` must warn in
 * loading.exports.
 */
#define FIXTURE_NAME "v_extra_exports"
#include "fixture_base.h"

RH_EXPORT int fixture_helper_version(void); /* deliberately exported */

RH_EXPORT int fixture_helper_version(void)
{
    return 1;
}

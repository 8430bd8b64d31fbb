/*
 * abi_major.c - RefreshHost test fixture.
 *
 * Breaks: the ABI major version. It declares abi_version {2, 0, 0}; a
 * 1.x host must refuse it before calling anything but rh_entry().
 */
#define FIXTURE_NAME "abi_major"
#define FIXTURE_ABI_MAJOR 2 /* deliberately not RH_ABI_VERSION_MAJOR */
#define FIXTURE_ABI_MINOR 0 /* {2, 0, 0} whatever minor the header is at */
#include "fixture_base.h"

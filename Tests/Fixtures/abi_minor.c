/*
 * abi_minor.c - RefreshHost test fixture.
 *
 * Breaks: the ABI minor version. It declares a minor one newer than the
 * host's; the host must refuse it (it may rely on services
 * the host lacks) before calling anything but rh_entry().
 */
#define FIXTURE_NAME "abi_minor"
#define FIXTURE_ABI_MINOR (RH_ABI_VERSION_MINOR + 1) /* deliberately newer than the host's minor */
#include "fixture_base.h"

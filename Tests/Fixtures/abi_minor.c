/*
 * abi_minor.c - RefreshHost test fixture.
 *
 * Breaks: the ABI minor version. It declares abi_version {1, 2, 0}, one
 * newer than the host's 1.1; the host must refuse it (it may rely on services
 * the host lacks) before calling anything but rh_entry().
 */
#define FIXTURE_NAME "abi_minor"
#define FIXTURE_ABI_MINOR 2 /* deliberately newer than the host's minor */
#include "fixture_base.h"

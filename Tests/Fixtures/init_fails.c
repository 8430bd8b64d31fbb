/*
 * init_fails.c - RefreshHost test fixture.
 *
 * Breaks: init returns false. The host must refuse the library and call
 * nothing else in it (no style_count, no create, no deinit).
 */
#define FIXTURE_NAME "init_fails"
#define FIXTURE_INIT fixture_init
#include "fixture_base.h"

static bool fixture_init(const char *library_path)
{
    (void)library_path;
    return false; /* deliberately refuse to load */
}

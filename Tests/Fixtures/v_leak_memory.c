/*
 * v_leak_memory.c - RefreshHost test fixture.
 *
 * Breaks: refreshes must not grow memory. Each reset allocates 64 KiB,
 * writes to every byte (so the pages are really resident) and drops the
 * pointer. `validate` must fail lifecycle.soak on resident memory.
 */
#define FIXTURE_NAME "v_leak_memory"
#define FIXTURE_RESET fixture_reset
#include "fixture_base.h"

static void fixture_reset(const rh_instance_t *instance)
{
    (void)instance;
    char *scratch = malloc(64 * 1024);
    if (scratch != NULL)
        memset(scratch, 0x5A, 64 * 1024); /* deliberately never freed */
}

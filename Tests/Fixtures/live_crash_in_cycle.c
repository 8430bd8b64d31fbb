/*
 * live_crash_in_cycle.c - RefreshHost test fixture.
 *
 * Breaks: a callback must not crash. Its cycle callback writes through a
 * null pointer, a real SIGSEGV inside plugin code, on the first cycle of a
 * refresh. The live terminal preview must restore the terminal, say which
 * style crashed and with what signal, and let the process die of it.
 */
#define FIXTURE_NAME "live_crash_in_cycle"
#define FIXTURE_CYCLE fixture_cycle
#include "fixture_base.h"

static void fixture_cycle(const rh_instance_t *instance)
{
    (void)instance;
    /* volatile: the compiler may neither prove the pointer null nor drop the store. */
    int *volatile target = NULL;
    *target = 1;
}

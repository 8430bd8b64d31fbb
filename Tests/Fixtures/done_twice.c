/*
 * done_twice.c - RefreshHost test fixture.
 *
 * Breaks: exit calls done twice, synchronously. The host must honour the
 * first call, ignore and report the second.
 */
#define FIXTURE_NAME "done_twice"
#define FIXTURE_EXIT fixture_exit
#include "fixture_base.h"

static void fixture_exit(const rh_instance_t *instance, rh_done_fn done)
{
    (void)instance;
    done();
    done(); /* deliberately a second time */
}

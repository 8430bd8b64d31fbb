/*
 * done_never.c - RefreshHost test fixture.
 *
 * Breaks: exit never calls done. The host must give up at its exit deadline
 * (5 s by default), report it, and carry on (reset, idle).
 */
#define FIXTURE_NAME "done_never"
#define FIXTURE_EXIT fixture_exit
#include "fixture_base.h"

static void fixture_exit(const rh_instance_t *instance, rh_done_fn done)
{
    /* Deliberately drop done: the host must time out. */
    (void)instance;
    (void)done;
}

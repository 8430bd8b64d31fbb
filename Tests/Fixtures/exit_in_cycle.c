/*
 * exit_in_cycle.c - RefreshHost test fixture.
 *
 * Breaks: ends the process that runs it. Its cycle callback calls exit(0),
 * a clean-looking end with status 0. The host must not take it for a worker
 * that finished: it reports that the style ended its worker in cycle().
 */
#define FIXTURE_NAME "exit_in_cycle"
#define FIXTURE_CYCLE fixture_cycle
#include "fixture_base.h"

static void fixture_cycle(const rh_instance_t *instance)
{
    (void)instance;
    exit(0);
}

/*
 * v_slow_cycle.c - RefreshHost test fixture.
 *
 * Breaks: a callback must fit in a frame. An instance's first setup_for_cycle
 * computes for 25 ms of its thread's CPU time (more than a 16.7 ms frame at
 * 60 Hz; a fixed amount of work, however busy the machine) before returning.
 * Only the first: budgets.callback-time judges each fresh instance's longest
 * call, and the checks that run hundreds of cycles (the soak, the fuzzer)
 * would otherwise spend seconds of CPU here for nothing.
 * `validate --strictness 6` (or more) must fail budgets.callback-time.
 */
#define _POSIX_C_SOURCE 200809L

#include <time.h>

#define FIXTURE_NAME "v_slow_cycle"
#define FIXTURE_SETUP_FOR_CYCLE fixture_setup_for_cycle
#include "fixture_base.h"

static double fixture_seconds(void)
{
    struct timespec now;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

static void fixture_setup_for_cycle(const rh_instance_t *instance)
{
    fixture_t *f = instance->plugin_data;
    if (f->cycles++ > 0)
        return;
    double until = fixture_seconds() + 0.025;
    while (fixture_seconds() < until) {
        /* deliberately slow */
    }
}

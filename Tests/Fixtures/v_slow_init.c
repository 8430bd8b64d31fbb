/*
 * v_slow_init.c - RefreshHost test fixture.
 *
 * Breaks: loading must be quick. init computes for 200 ms of its thread's
 * CPU time (a fixed amount of work, however busy the machine), more than
 * the 100 ms every program that lists plugins should pay. `validate` must
 * warn in loading.time.
 */
#define _POSIX_C_SOURCE 200809L

#include <time.h>

#define FIXTURE_NAME "v_slow_init"
#define FIXTURE_INIT fixture_init
#include "fixture_base.h"

static double fixture_seconds(void)
{
    struct timespec now;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

static bool fixture_init(const char *library_path)
{
    (void)library_path;
    double until = fixture_seconds() + 0.2;
    while (fixture_seconds() < until) {
        /* deliberately slow */
    }
    return true;
}

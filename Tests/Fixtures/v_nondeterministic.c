/*
 * v_nondeterministic.c - RefreshHost test fixture.
 *
 * Breaks: motion must depend only on the host's clock. Each pull places
 * the rect at x = distance plus a wobble taken from the wall clock
 * (CLOCK_MONOTONIC nanoseconds), so the same gesture never gives the same
 * frames; reset puts it back at 0. `validate` must fail determinism.replay.
 */
#define _POSIX_C_SOURCE 200809L

#include <time.h>

#define FIXTURE_NAME "v_nondeterministic"
#define FIXTURE_PULL fixture_pull
#define FIXTURE_RESET fixture_reset
#include "fixture_base.h"

static void fixture_pull(const rh_instance_t *instance, double distance, double ratio, double velocity)
{
    (void)ratio;
    (void)velocity;
    const fixture_t *f = instance->plugin_data;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now); /* deliberately the wall clock */
    double wobble = (double)(now.tv_nsec % 997) / 100.0;
    f->host->layer_set(f->host, f->rect, RH_PROP_POSITION_X, distance + wobble);
}

static void fixture_reset(const rh_instance_t *instance)
{
    const fixture_t *f = instance->plugin_data;
    f->host->layer_set(f->host, f->rect, RH_PROP_POSITION_X, 0.0);
}

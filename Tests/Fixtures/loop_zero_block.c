/*
 * loop_zero_block.c - RefreshHost test fixture.
 *
 * Breaks: nothing the header forbids, yet an endless loop: each cycle opens a
 * zero-duration animate block whose completion opens the same block again, so
 * completions keep coming at one instant. The host must bound the work it does
 * per frame (deferring the rest with one log line) and finish `run` and `render`.
 */
#define FIXTURE_NAME "loop_zero_block"
#define FIXTURE_CYCLE fixture_cycle
#include "fixture_base.h"

static void again(void *user, bool finished);

static void start_block(fixture_t *f)
{
    rh_timing_t timing = { .struct_size = sizeof timing, .duration = 0.0, .curve = RH_CURVE_LINEAR };
    if (f->host->animate_begin(f->host, &timing) != RH_OK)
        return;
    f->host->layer_set(f->host, f->rect, RH_PROP_OPACITY, (f->cycles++ % 2) ? 1.0 : 0.5);
    f->host->animate_commit(f->host, again, f);
}

static void again(void *user, bool finished)
{
    (void)finished;
    start_block(user);
}

static void fixture_cycle(const rh_instance_t *instance)
{
    fixture_t *f = instance->plugin_data;
    if (f->cycles == 0)
        start_block(f);
}

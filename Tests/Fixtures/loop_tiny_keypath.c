/*
 * loop_tiny_keypath.c - RefreshHost test fixture.
 *
 * Breaks: nothing the header forbids, yet an endless loop: a key-path
 * animation of 5e-324 s (the smallest positive double) whose completion adds
 * it again. The host must raise or refuse such a duration with one log line
 * and finish `run` and `render`.
 */
#define FIXTURE_NAME "loop_tiny_keypath"
#define FIXTURE_CYCLE fixture_cycle
#include "fixture_base.h"

static void again(void *user, bool finished);

static void add_spin(fixture_t *f)
{
    rh_basic_animation_t a = {
        .struct_size = sizeof a, .property = RH_PROP_ROTATION, .from = 0.0, .to = 6.283185307179586,
        .duration = 5e-324, .curve = RH_CURVE_LINEAR,
    };
    f->cycles++;
    f->host->layer_add_animation(f->host, f->rect, &a, again, f);
}

static void again(void *user, bool finished)
{
    (void)finished;
    add_spin(user);
}

static void fixture_cycle(const rh_instance_t *instance)
{
    fixture_t *f = instance->plugin_data;
    if (f->cycles == 0)
        add_spin(f);
}

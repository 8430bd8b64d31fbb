/*
 * v_spin_reduced.c - RefreshHost test fixture.
 *
 * Breaks: nothing at its default speed; at SPIN_RATE above
 * RH_REDUCED_MOTION_MAX_TURN (1 rad/s) it breaks that limit. It declares
 * RH_STYLE_REDUCED_MOTION and turns its rect at a constant SPIN_RATE rad/s
 * (default 0.8) for its whole life, the rect drawn at SPIN_SCALE (default 1)
 * of its size. accessibility.reduce-motion must read the same turn, to two
 * decimals, whatever the scale: pass at 0.8 rad/s, fail at 1.2 rad/s.
 * Build with -DSPIN_RATE=1.2 -DSPIN_SCALE=0.75, say.
 */
#define FIXTURE_NAME "v_spin_reduced"
#define FIXTURE_DESCRIPTOR_EXTRA .flags = RH_STYLE_REDUCED_MOTION,
#define FIXTURE_SETUP fixture_setup
#include <math.h>
#include "fixture_base.h"

#ifndef SPIN_RATE
#define SPIN_RATE 0.8
#endif
#ifndef SPIN_SCALE
#define SPIN_SCALE 1.0
#endif

static bool fixture_setup(const rh_instance_t *instance, rh_layer_t root)
{
    if (!fixture_base_setup(instance, root))
        return false;
    const fixture_t *f = instance->plugin_data;
    f->host->layer_set(f->host, f->rect, RH_PROP_SCALE, SPIN_SCALE);
    /* One turn per 2 pi / SPIN_RATE seconds, linear, for ever: a constant speed. */
    rh_basic_animation_t spin = {
        .struct_size = sizeof spin,
        .property = RH_PROP_ROTATION,
        .from = 0,
        .to = 2 * RH_PI,
        .duration = 2 * RH_PI / SPIN_RATE,
        .curve = RH_CURVE_LINEAR,
        .repeat_count = INFINITY,
    };
    return f->host->layer_add_animation(f->host, f->rect, &spin, NULL, NULL) == RH_OK;
}

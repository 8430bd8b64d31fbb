/*
 * v_fast_reduced.c - RefreshHost test fixture.
 *
 * Breaks: a style that declares RH_STYLE_REDUCED_MOTION (ABI 1.3) must stay
 * under RH_REDUCED_MOTION_MAX_TURN with reduce-motion on. This one reads
 * the setting and spins its rect a full turn per 0.5 s cycle anyway
 * (about 12.6 rad/s). `validate` must fail accessibility.reduce-motion.
 */
#define FIXTURE_NAME "v_fast_reduced"
#define FIXTURE_DESCRIPTOR_EXTRA .flags = RH_STYLE_REDUCED_MOTION,
#define FIXTURE_CYCLE fixture_cycle
#define FIXTURE_SETUP_FOR_CYCLE fixture_setup_for_cycle
#include "fixture_base.h"

static void fixture_setup_for_cycle(const rh_instance_t *instance)
{
    const fixture_t *f = instance->plugin_data;
    f->host->layer_set(f->host, f->rect, RH_PROP_ROTATION, 0.0);
}

static void fixture_cycle(const rh_instance_t *instance)
{
    const fixture_t *f = instance->plugin_data;
    rh_environment_t env = { .struct_size = sizeof env };
    bool calm = false;
    if (RH_HAS_FIELD(f->host, rh_host_t, environment) && f->host->environment(f->host, &env) == RH_OK)
        calm = env.reduce_motion;
    (void)calm; /* deliberately ignored: it spins regardless */
    f->host->layer_set(f->host, f->rect, RH_PROP_ROTATION, 2 * RH_PI);
}

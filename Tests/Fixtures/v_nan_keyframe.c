/*
 * v_nan_keyframe.c - RefreshHost test fixture.
 *
 * Breaks: no NaN may reach a layer (ABI 1.2). Each pull adds a keyframe
 * animation of the rect's opacity whose second value is computed as 0/0
 * (a division by a pull delta that is zero), i.e. NaN; the host refuses it
 * (RH_ERR_OUT_OF_RANGE) and reports it. `validate` must fail values.finite.
 */
#define FIXTURE_NAME "v_nan_keyframe"
#define FIXTURE_PULL fixture_pull
#include "fixture_base.h"

static void fixture_pull(const rh_instance_t *instance, double distance, double ratio, double velocity)
{
    (void)ratio;
    (void)velocity;
    const fixture_t *f = instance->plugin_data;
    double delta = distance - distance; /* deliberately zero */
    const double values[2] = { 1.0, delta / delta }; /* 0/0: NaN */
    rh_keyframe_animation_t fade = { .struct_size = sizeof fade, .kind = RH_VALUE_NUMBER,
                                     .property = RH_PROP_OPACITY, .count = 2, .numbers = values,
                                     .duration = 0.3 };
    f->host->layer_add_keyframe_animation(f->host, f->rect, &fade, NULL, NULL);
}

/*
 * v_nan_rotation.c - RefreshHost test fixture.
 *
 * Breaks: no NaN may reach a layer. Each pull sets the rect's rotation to
 * an angle computed as 0/0 (a division by a pull delta that is zero), i.e.
 * NaN; the host refuses it (RH_ERR_OUT_OF_RANGE) and reports it.
 * `validate` must fail values.finite.
 */
#define FIXTURE_NAME "v_nan_rotation"
#define FIXTURE_PULL fixture_pull
#include "fixture_base.h"

static void fixture_pull(const rh_instance_t *instance, double distance, double ratio, double velocity)
{
    (void)ratio;
    (void)velocity;
    const fixture_t *f = instance->plugin_data;
    double delta = distance - distance; /* deliberately zero */
    double angle = delta / delta;       /* 0/0: NaN */
    f->host->layer_set(f->host, f->rect, RH_PROP_ROTATION, angle);
}

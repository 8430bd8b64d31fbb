/*
 * v_bad_gradient.c - RefreshHost test fixture.
 *
 * Breaks: no NaN may reach a layer, gradients included (ABI 1.1). Each pull
 * paints the rect with a gradient whose second stop's offset is computed as
 * 0/0 (a division by a pull delta that is zero), i.e. NaN; the host refuses
 * it (RH_ERR_OUT_OF_RANGE) and reports it. `validate` must fail
 * values.finite.
 */
#define FIXTURE_NAME "v_bad_gradient"
#define FIXTURE_PULL fixture_pull
#include "fixture_base.h"

static void fixture_pull(const rh_instance_t *instance, double distance, double ratio, double velocity)
{
    (void)ratio;
    (void)velocity;
    const fixture_t *f = instance->plugin_data;
    double delta = distance - distance; /* deliberately zero */
    rh_gradient_stop_t stops[2] = {
        { 0.0, { 0, 0, 0, 0 } },
        { delta / delta, { 0, 0, 0, 1 } }, /* 0/0: NaN */
    };
    rh_gradient_t gradient = {
        .struct_size = sizeof gradient,
        .start_x = 0.5, .start_y = 0.0, .end_x = 0.5, .end_y = 1.0,
        .stop_count = 2,
        .stops = stops,
    };
    f->host->layer_set_gradient(f->host, f->rect, &gradient);
}

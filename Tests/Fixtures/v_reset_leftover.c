/*
 * v_reset_leftover.c - RefreshHost test fixture.
 *
 * Breaks: reset must return the layers to their state after setup. Setup
 * colours the rect blue; each cycle fades it to opacity 0.5 (inside the
 * host's cycle block); there is no reset, so the next pull starts half
 * faded. `validate` must fail lifecycle.reset-restores.
 */
#define FIXTURE_NAME "v_reset_leftover"
#define FIXTURE_SETUP fixture_setup
#define FIXTURE_CYCLE fixture_cycle
#include "fixture_base.h"

static bool fixture_setup(const rh_instance_t *instance, rh_layer_t root)
{
    if (!fixture_base_setup(instance, root))
        return false;
    const fixture_t *f = instance->plugin_data;
    f->host->layer_set_color(f->host, f->rect, RH_COLOR_FILL, &(rh_color_t){ 0.1, 0.3, 0.9, 1.0 });
    return true;
}

static void fixture_cycle(const rh_instance_t *instance)
{
    const fixture_t *f = instance->plugin_data;
    f->host->layer_set(f->host, f->rect, RH_PROP_OPACITY, 0.5); /* deliberately never undone */
}

/*
 * v_many_layers.c - RefreshHost test fixture.
 *
 * Breaks: the layer budget. Setup builds 1,100 RECT layers (a "particle
 * field"), over the validator's 1,024 per instance. `validate` must fail
 * budgets.layers.
 */
#define FIXTURE_NAME "v_many_layers"
#define FIXTURE_SETUP fixture_setup
#include "fixture_base.h"

static bool fixture_setup(const rh_instance_t *instance, rh_layer_t root)
{
    if (!fixture_base_setup(instance, root))
        return false;
    const fixture_t *f = instance->plugin_data;
    for (int i = 0; i < 1100; i++) /* deliberately far too many */
        if (f->host->layer_create(f->host, RH_LAYER_RECT, root) == RH_LAYER_NONE)
            return false;
    return true;
}

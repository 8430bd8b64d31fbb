/*
 * v_unknown_layer.c - RefreshHost test fixture.
 *
 * Breaks: layer handles must be the instance's own. Each pull sets the
 * opacity of layer 9999, which it never made; the host refuses it
 * (RH_ERR_INVALID_LAYER) and reports it. `validate` must fail values.misuse.
 */
#define FIXTURE_NAME "v_unknown_layer"
#define FIXTURE_PULL fixture_pull
#include "fixture_base.h"

static void fixture_pull(const rh_instance_t *instance, double distance, double ratio, double velocity)
{
    (void)distance;
    (void)ratio;
    (void)velocity;
    const fixture_t *f = instance->plugin_data;
    f->host->layer_set(f->host, (rh_layer_t)9999, RH_PROP_OPACITY, 1.0); /* deliberately made up */
}

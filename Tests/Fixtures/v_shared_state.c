/*
 * v_shared_state.c - RefreshHost test fixture.
 *
 * Breaks: instances must not share mutable state. Each pull places the rect
 * at the distance of the previous pull, kept in a FILE-STATIC variable
 * (deliberately shared; setup clears it), so one instance's pulls move
 * another's rect. Alone, an instance replays exactly. `validate` must fail
 * lifecycle.instances.
 */
#define FIXTURE_NAME "v_shared_state"
#define FIXTURE_SETUP fixture_setup
#define FIXTURE_PULL fixture_pull
#include "fixture_base.h"

static double previous_distance; /* deliberately shared by every instance */

static bool fixture_setup(const rh_instance_t *instance, rh_layer_t root)
{
    previous_distance = 0;
    return fixture_base_setup(instance, root);
}

static void fixture_pull(const rh_instance_t *instance, double distance, double ratio, double velocity)
{
    (void)ratio;
    (void)velocity;
    const fixture_t *f = instance->plugin_data;
    f->host->layer_set(f->host, f->rect, RH_PROP_POSITION_X, previous_distance);
    previous_distance = distance;
}

/*
 * front_indicator.c - RefreshHost test fixture.
 *
 * Breaks: nothing. It declares RH_PRESENTATION_FRONT (ABI 1.3) and draws a
 * 40 x 40 red square centred in its 60 pt header, and moves nothing itself:
 * the host moves the root, so the square must start above the top edge and
 * slide in with the pull, over a list that stays still, and rest where a
 * slide-down header would.
 */
#define FIXTURE_NAME "front_indicator"
#define FIXTURE_PRESENTATION RH_PRESENTATION_FRONT
#define FIXTURE_SETUP fixture_setup
#include "fixture_base.h"

static bool fixture_setup(const rh_instance_t *instance, rh_layer_t root)
{
    if (!fixture_base_setup(instance, root))
        return false;
    const fixture_t *f = instance->plugin_data;
    const rh_host_t *h = f->host;
    double width = 0;
    const rh_color_t red = { 1, 0, 0, 1 };
    return h->layer_get(h, root, RH_PROP_WIDTH, &width) == RH_OK &&
           h->layer_set(h, f->rect, RH_PROP_WIDTH, 40) == RH_OK &&
           h->layer_set(h, f->rect, RH_PROP_HEIGHT, 40) == RH_OK &&
           h->layer_set(h, f->rect, RH_PROP_POSITION_X, width / 2) == RH_OK &&
           h->layer_set(h, f->rect, RH_PROP_POSITION_Y, 30) == RH_OK &&
           h->layer_set_color(h, f->rect, RH_COLOR_FILL, &red) == RH_OK;
}

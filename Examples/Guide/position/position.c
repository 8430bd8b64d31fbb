/* Position: a bar that follows the header in every phase, and a dot under the finger. */
#include "refresh_host.h"
#include <math.h>

struct style {
    const rh_host_t *host;
    rh_layer_t root, bar, dot;
    double width;
};
#define STYLE_ID "com.example.position"
#define STYLE_NAME "Position"
/* Pull 100 pt to refresh; rest at 60; show at most 160. */
#define STYLE_HEIGHT 60
#define STYLE_DESCRIPTOR_EXTRA .trigger_distance = 100, .max_pull = 160, .trigger = RH_TRIGGER_ON_REACH,
#define STYLE_POSITION position_moved
#define STYLE_CLOSED position_closed
#include "guide_style.h"

static bool style_setup(struct style *s, rh_layer_t root)
{
    const rh_host_t *h = s->host;
    const rh_color_t teal = {0.1, 0.6, 0.6, 1}, ink = {0.15, 0.15, 0.2, 1};
    rh_environment_t env = {.struct_size = sizeof env};
    s->width = h->environment(h, &env) == RH_OK ? env.viewport_width : 375;
    s->bar = h->layer_create(h, RH_LAYER_RECT, root);
    h->layer_set(h, s->bar, RH_PROP_ANCHOR_X, 0);
    h->layer_set(h, s->bar, RH_PROP_POSITION_Y, 50);
    h->layer_set(h, s->bar, RH_PROP_HEIGHT, 6);
    h->layer_set(h, s->bar, RH_PROP_WIDTH, 0);
    h->layer_set_color(h, s->bar, RH_COLOR_FILL, &teal);
    s->dot = h->layer_create(h, RH_LAYER_ELLIPSE, root);
    h->layer_set(h, s->dot, RH_PROP_POSITION_Y, 30);
    h->layer_set(h, s->dot, RH_PROP_WIDTH, 14);
    h->layer_set(h, s->dot, RH_PROP_HEIGHT, 14);
    h->layer_set(h, s->dot, RH_PROP_OPACITY, 0);
    h->layer_set_color(h, s->dot, RH_COLOR_FILL, &ink);
    return s->bar != RH_LAYER_NONE && s->dot != RH_LAYER_NONE;
}

/* Every phase: dragging, returning, settling, resting and closing. The bar
 * is the ratio to the trigger distance (full at 1); the dot shows where the
 * finger is, and only while one is down (finger_x is NaN otherwise). */
static void position_moved(struct style *s, const rh_pull_t *pull)
{
    const rh_host_t *h = s->host;
    h->layer_set(h, s->bar, RH_PROP_WIDTH, fmin(pull->ratio, 1) * s->width);
    bool finger = !isnan(pull->finger_x);
    h->layer_set(h, s->dot, RH_PROP_OPACITY, finger ? 1 : 0);
    if (finger) h->layer_set(h, s->dot, RH_PROP_POSITION_X, pull->finger_x);
}

/* Fully closed: after a pull that did not refresh, and after reset. */
static void position_closed(struct style *s)
{
    s->host->layer_set(s->host, s->bar, RH_PROP_WIDTH, 0);
    s->host->layer_set(s->host, s->dot, RH_PROP_OPACITY, 0);
}

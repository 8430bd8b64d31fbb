/* Front: Material's floating disc. The host slides the header in over a still list; the style only draws. */
#include "refresh_host.h"

struct style {
    const rh_host_t *host;
    rh_layer_t root, disc, spinner, dot;
};
#define STYLE_ID "com.example.front"
#define STYLE_NAME "Front"
#define STYLE_PRESENTATION RH_PRESENTATION_FRONT
#define STYLE_DESCRIPTOR_EXTRA .physics = RH_PHYSICS_MATERIAL,
#define STYLE_POSITION front_moved
#define STYLE_SETUP_FOR_CYCLE front_rewind
#define STYLE_CYCLE front_turn
#include "guide_style.h"

static rh_layer_t make(const rh_host_t *h, rh_layer_kind_t kind, rh_layer_t parent, double x, double y, double side)
{
    rh_layer_t l = h->layer_create(h, kind, parent);
    h->layer_set(h, l, RH_PROP_POSITION_X, x);
    h->layer_set(h, l, RH_PROP_POSITION_Y, y);
    h->layer_set(h, l, RH_PROP_WIDTH, side);
    h->layer_set(h, l, RH_PROP_HEIGHT, side);
    return l;
}

/* The disc sits where it rests while refreshing: centred in the 80 pt header.
 * Nothing here follows the pull: with RH_PRESENTATION_FRONT the host moves the
 * root, from above the top edge (its top at distance - 80) down to 0. */
static bool style_setup(struct style *s, rh_layer_t root)
{
    const rh_host_t *h = s->host;
    const rh_color_t paper = {0.98, 0.98, 0.98, 1}, blue = {0.26, 0.52, 0.96, 1};
    rh_environment_t env = {.struct_size = sizeof env};
    double width = h->environment(h, &env) == RH_OK ? env.viewport_width : 375;
    s->disc = make(h, RH_LAYER_ELLIPSE, root, width / 2, 40, 40);
    h->layer_set_color(h, s->disc, RH_COLOR_FILL, &paper);
    h->layer_set(h, s->disc, RH_PROP_SHADOW_OPACITY, 0.3);
    h->layer_set(h, s->disc, RH_PROP_SHADOW_RADIUS, 3);
    h->layer_set(h, s->disc, RH_PROP_SHADOW_OFFSET_Y, 1.5);
    s->spinner = make(h, RH_LAYER_GROUP, s->disc, 20, 20, 40);
    s->dot = make(h, RH_LAYER_ELLIPSE, s->spinner, 20, 9, 8);
    h->layer_set_color(h, s->dot, RH_COLOR_FILL, &blue);
    return s->disc != RH_LAYER_NONE && s->spinner != RH_LAYER_NONE && s->dot != RH_LAYER_NONE;
}

/* The pull only fades the dot in and turns it once by the trigger, as the arc does in Material. */
static void front_moved(struct style *s, const rh_pull_t *pull)
{
    const rh_host_t *h = s->host;
    if (pull->phase != RH_PULL_DRAGGING) return;
    double ratio = pull->ratio < 1 ? pull->ratio : 1;
    h->layer_set(h, s->dot, RH_PROP_OPACITY, 0.3 + 0.7 * ratio);
    h->layer_set(h, s->spinner, RH_PROP_ROTATION, ratio * 2 * RH_PI);
}

static void front_rewind(struct style *s) { s->host->layer_set(s->host, s->spinner, RH_PROP_ROTATION, 0); }

/* Each cycle the dot goes round once (the cycle's animate block tweens it). */
static void front_turn(struct style *s) { s->host->layer_set(s->host, s->spinner, RH_PROP_ROTATION, 2 * RH_PI); }

/* rh.effects/1: a ring cut out of a disc with an operator, blurred while the
 * pull brings it into focus, and pulsing soft while it refreshes. Without the
 * extension (an older host) the disc stays whole and sharp: the style still
 * shows the pull, with the ring's hole drawn in the background colour. */
#include "refresh_host.h"
#include "refresh_host_ext.h"
#include <math.h>

struct style {
    const rh_host_t *host;
    rh_layer_t root, ring, disc, hole;
    const rh_effects_ext_t *effects; /* NULL when the host has no rh.effects/1 */
};
#define STYLE_ID "com.example.focus"
#define STYLE_NAME "Focus"
#define STYLE_PULL focus_pull
#define STYLE_SETUP_FOR_CYCLE focus_pulse
#define STYLE_EXIT focus_exit
#define STYLE_RESET focus_reset
#include "guide_style.h"

static rh_layer_t shape(const rh_host_t *h, rh_layer_kind_t kind, rh_layer_t parent, double side, rh_color_t colour)
{
    rh_layer_t l = h->layer_create(h, kind, parent);
    h->layer_set(h, l, RH_PROP_POSITION_X, 20);
    h->layer_set(h, l, RH_PROP_POSITION_Y, 20);
    h->layer_set(h, l, RH_PROP_WIDTH, side);
    h->layer_set(h, l, RH_PROP_HEIGHT, side);
    h->layer_set_color(h, l, RH_COLOR_FILL, &colour);
    return l;
}

static bool style_setup(struct style *s, rh_layer_t root)
{
    const rh_host_t *h = s->host;
    const rh_color_t teal = {0.1, 0.6, 0.6, 1}, white = {1, 1, 1, 1};
    s->ring = h->layer_create(h, RH_LAYER_GROUP, root);
    h->layer_set(h, s->ring, RH_PROP_POSITION_X, 187);
    h->layer_set(h, s->ring, RH_PROP_POSITION_Y, 40);
    h->layer_set(h, s->ring, RH_PROP_WIDTH, 40);
    h->layer_set(h, s->ring, RH_PROP_HEIGHT, 40);
    s->disc = shape(h, RH_LAYER_ELLIPSE, s->ring, 40, teal);
    s->hole = shape(h, RH_LAYER_ELLIPSE, s->ring, 24, white);
    s->effects = h->get_extension(h, RH_EXT_EFFECTS);
    /* RH_COMPOSITE_OUT: the hole removes the disc under it (the ring's own
     * drawing only: the operator never reaches past its parent). */
    if (s->effects && s->effects->set(h, s->hole, RH_EFFECT_COMPOSITE, RH_COMPOSITE_OUT) != RH_OK)
        s->effects = NULL;
    return s->ring != RH_LAYER_NONE && s->disc != RH_LAYER_NONE && s->hole != RH_LAYER_NONE;
}

/* Blurred by 12 points when the pull starts, sharp at the trigger. */
static void focus_pull(struct style *s, double ratio)
{
    if (s->effects)
        s->effects->set(s->host, s->ring, RH_EFFECT_BLUR_RADIUS, 12 * (1 - fmin(fmax(ratio, 0), 1)));
}

/* A soft pulse while it refreshes: one key-path animation of the blur. */
static void focus_pulse(struct style *s)
{
    const rh_basic_animation_t pulse = {.struct_size = sizeof pulse, .property = RH_EFFECT_BLUR_RADIUS,
                                        .from = 0, .to = 4, .duration = 0.5, .autoreverse = true,
                                        .repeat_count = INFINITY};
    if (s->effects)
        s->effects->layer_add_animation(s->host, s->ring, &pulse, NULL, NULL);
}

static void focus_exit(struct style *s, rh_done_fn done)
{
    s->host->layer_remove_animations(s->host, s->ring);
    done();
}

static void focus_reset(struct style *s)
{
    s->host->layer_remove_animations(s->host, s->ring);
    if (s->effects)
        s->effects->set(s->host, s->ring, RH_EFFECT_BLUR_RADIUS, 0);
}

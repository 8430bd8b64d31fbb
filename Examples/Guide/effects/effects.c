/* Effects: a shadowed disc lit by a radial gradient; the shadow deepens as
 * you pull, as a button lifts off the page. */
#include "refresh_host.h"

struct style {
    const rh_host_t *host;
    rh_layer_t root, disc;
};
#define STYLE_ID "com.example.effects"
#define STYLE_NAME "Effects"
#define STYLE_PULL effects_pull
#define STYLE_RESET effects_reset
#include "guide_style.h"

static bool style_setup(struct style *s, rh_layer_t root)
{
    const rh_host_t *h = s->host;
    /* A highlight up and to the left, fading to the disc's blue at its rim. */
    const rh_gradient_stop_t stops[] = {{0, {0.75, 0.9, 1, 1}}, {1, {0.1, 0.45, 0.85, 1}}};
    const rh_gradient_t light = {
        .struct_size = sizeof light, .kind = RH_GRADIENT_RADIAL,
        .start_x = 0.35, .start_y = 0.35, .end_x = 1.0, .end_y = 1.0, /* half-axes 0.65 x the bounds */
        .stop_count = 2, .stops = stops,
    };
    const rh_color_t shadow = {0, 0, 0.2, 1};
    s->disc = h->layer_create(h, RH_LAYER_ELLIPSE, root);
    h->layer_set(h, s->disc, RH_PROP_POSITION_X, 187);
    h->layer_set(h, s->disc, RH_PROP_POSITION_Y, 38);
    h->layer_set(h, s->disc, RH_PROP_WIDTH, 44);
    h->layer_set(h, s->disc, RH_PROP_HEIGHT, 44);
    h->layer_set_gradient(h, s->disc, &light);
    h->layer_set_color(h, s->disc, RH_COLOR_SHADOW, &shadow);
    h->layer_set(h, s->disc, RH_PROP_SHADOW_RADIUS, 2);
    h->layer_set(h, s->disc, RH_PROP_SHADOW_OFFSET_Y, 1);
    h->layer_set(h, s->disc, RH_PROP_SHADOW_OPACITY, 0.4); /* 0, the default, draws none */
    return s->disc != RH_LAYER_NONE;
}

static void effects_pull(struct style *s, double ratio)
{
    s->host->layer_set(s->host, s->disc, RH_PROP_SHADOW_RADIUS, 2 + 8 * ratio);
    s->host->layer_set(s->host, s->disc, RH_PROP_SHADOW_OFFSET_Y, 1 + 5 * ratio);
}

static void effects_reset(struct style *s) { effects_pull(s, 0); }

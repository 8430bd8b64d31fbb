/* Stroke trim: a ring that draws itself as you pull, then chases its tail. */
#include "refresh_host.h"

struct style {
    const rh_host_t *host;
    rh_layer_t root, ring;
};
#define STYLE_ID "com.example.trim"
#define STYLE_NAME "Trim"
#define STYLE_PULL trim_pull
#define STYLE_SETUP_FOR_CYCLE trim_spin
#define STYLE_RESET trim_reset
#include "guide_style.h"

static bool style_setup(struct style *s, rh_layer_t root)
{
    const rh_host_t *h = s->host;
    const rh_color_t blue = {0.26, 0.52, 0.96, 1};
    const rh_path_element_t circle[] = {{RH_PATH_ARC, {20, 20, 16, -RH_PI / 2, 1.5 * RH_PI}}};
    s->ring = h->layer_create(h, RH_LAYER_PATH, root);
    h->layer_set(h, s->ring, RH_PROP_POSITION_X, 187);
    h->layer_set(h, s->ring, RH_PROP_POSITION_Y, 40);
    h->layer_set(h, s->ring, RH_PROP_WIDTH, 40);
    h->layer_set(h, s->ring, RH_PROP_HEIGHT, 40);
    h->layer_set_path(h, s->ring, circle, 1);
    h->layer_set_color(h, s->ring, RH_COLOR_STROKE, &blue);
    h->layer_set(h, s->ring, RH_PROP_LINE_WIDTH, 4);
    h->layer_set(h, s->ring, RH_PROP_LINE_CAP, RH_LINE_CAP_ROUND);
    h->layer_set(h, s->ring, RH_PROP_STROKE_END, 0); /* nothing drawn yet */
    return s->ring != RH_LAYER_NONE;
}

/* The pull draws the ring: stroke_end follows the ratio. */
static void trim_pull(struct style *s, double ratio)
{
    s->host->layer_set(s->host, s->ring, RH_PROP_STROKE_END, ratio);
}

/* Refreshing: the tail chases the head (two key-path animations, one cycle each). */
static void trim_spin(struct style *s)
{
    const rh_basic_animation_t head = {.struct_size = sizeof head, .property = RH_PROP_STROKE_END,
                                       .from = 0.1, .to = 1, .duration = 1, .curve = RH_CURVE_EASE_OUT};
    const rh_basic_animation_t tail = {.struct_size = sizeof tail, .property = RH_PROP_STROKE_START,
                                       .from = 0, .to = 0.9, .duration = 1, .curve = RH_CURVE_EASE_IN};
    s->host->layer_add_animation(s->host, s->ring, &head, NULL, NULL);
    s->host->layer_add_animation(s->host, s->ring, &tail, NULL, NULL);
}

static void trim_reset(struct style *s)
{
    s->host->layer_remove_animations(s->host, s->ring);
    s->host->layer_set(s->host, s->ring, RH_PROP_STROKE_END, 0);
}

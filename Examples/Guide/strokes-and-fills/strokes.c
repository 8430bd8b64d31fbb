/* Strokes and fills: marching ants around a ring with a hole. Caps, joins and
 * the miter limit shape the outline; the dash phase is what moves. */
#include "refresh_host.h"

struct style {
    const rh_host_t *host;
    rh_layer_t root, ring, zigzag;
};
#define STYLE_ID "com.example.strokes"
#define STYLE_NAME "Strokes"
#define STYLE_SETUP_FOR_CYCLE strokes_march
#define STYLE_RESET strokes_reset
#include "guide_style.h"

static bool style_setup(struct style *s, rh_layer_t root)
{
    const rh_host_t *h = s->host;
    const rh_color_t ink = {0.15, 0.15, 0.2, 1}, gold = {0.95, 0.75, 0.2, 1};
    /* Two circles: with the even-odd rule the inner one is a hole. */
    const rh_path_element_t ring[] = {
        {RH_PATH_ARC, {20, 20, 18, 0, 2 * RH_PI}}, {RH_PATH_CLOSE, {0}},
        {RH_PATH_MOVE_TO, {29, 20}}, {RH_PATH_ARC, {20, 20, 9, 0, 2 * RH_PI}}, {RH_PATH_CLOSE, {0}},
    };
    const rh_path_element_t zigzag[] = {
        {RH_PATH_MOVE_TO, {0, 20}}, {RH_PATH_LINE_TO, {15, 0}}, {RH_PATH_LINE_TO, {30, 20}},
        {RH_PATH_LINE_TO, {45, 0}}, {RH_PATH_LINE_TO, {60, 20}},
    };
    const double dashes[] = {6, 4};

    s->ring = h->layer_create(h, RH_LAYER_PATH, root);
    h->layer_set(h, s->ring, RH_PROP_POSITION_X, 150);
    h->layer_set(h, s->ring, RH_PROP_POSITION_Y, 40);
    h->layer_set(h, s->ring, RH_PROP_WIDTH, 40);
    h->layer_set(h, s->ring, RH_PROP_HEIGHT, 40);
    h->layer_set_path(h, s->ring, ring, 5);
    h->layer_set(h, s->ring, RH_PROP_FILL_RULE, RH_FILL_RULE_EVEN_ODD);
    h->layer_set_color(h, s->ring, RH_COLOR_FILL, &gold);
    h->layer_set_color(h, s->ring, RH_COLOR_STROKE, &ink);
    h->layer_set(h, s->ring, RH_PROP_LINE_WIDTH, 2);
    h->layer_set_dash(h, s->ring, dashes, 2);

    s->zigzag = h->layer_create(h, RH_LAYER_PATH, root);
    h->layer_set(h, s->zigzag, RH_PROP_POSITION_X, 240);
    h->layer_set(h, s->zigzag, RH_PROP_POSITION_Y, 40);
    h->layer_set(h, s->zigzag, RH_PROP_WIDTH, 60);
    h->layer_set(h, s->zigzag, RH_PROP_HEIGHT, 20);
    h->layer_set_path(h, s->zigzag, zigzag, 5);
    h->layer_set_color(h, s->zigzag, RH_COLOR_STROKE, &ink);
    h->layer_set(h, s->zigzag, RH_PROP_LINE_WIDTH, 6);
    h->layer_set(h, s->zigzag, RH_PROP_LINE_CAP, RH_LINE_CAP_ROUND);
    h->layer_set(h, s->zigzag, RH_PROP_LINE_JOIN, RH_LINE_JOIN_MITER);
    h->layer_set(h, s->zigzag, RH_PROP_MITER_LIMIT, 2); /* sharp corners are bevelled */
    return s->ring && s->zigzag;
}

/* The ants march: the phase runs through one pattern (6 + 4) per cycle. */
static void strokes_march(struct style *s)
{
    const rh_basic_animation_t march = {.struct_size = sizeof march, .property = RH_PROP_DASH_PHASE,
                                        .from = 0, .to = 10, .duration = 1, .curve = RH_CURVE_LINEAR};
    s->host->layer_add_animation(s->host, s->ring, &march, NULL, NULL);
}

static void strokes_reset(struct style *s) { s->host->layer_remove_animations(s->host, s->ring); }

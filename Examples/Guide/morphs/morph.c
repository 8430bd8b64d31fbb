/* Path morphs: a drop that stretches as you pull and breathes while refreshing,
 * with no path rebuilt per frame. Both paths have the same elements. */
#include "refresh_host.h"

struct style {
    const rh_host_t *host;
    rh_layer_t root, drop;
};
#define STYLE_ID "com.example.morph"
#define STYLE_NAME "Morph"
#define STYLE_PULL morph_pull
#define STYLE_SETUP_FOR_CYCLE morph_breathe
#define STYLE_RESET morph_reset
#include "guide_style.h"

/* A drop whose tail reaches down to y = 20 + stretch. */
static void drop_path(rh_path_element_t e[4], double stretch)
{
    const rh_path_element_t d[4] = {
        {RH_PATH_MOVE_TO, {8, 20}},
        {RH_PATH_ARC_NEGATIVE, {20, 20, 12, RH_PI, 0}},      /* over the top, counter-clockwise */
        {RH_PATH_CURVE_TO, {32, 28, 22, 20 + stretch, 20, 20 + stretch}},
        {RH_PATH_CURVE_TO, {18, 20 + stretch, 8, 28, 8, 20}},
    };
    for (int i = 0; i < 4; i++) e[i] = d[i];
}

static bool style_setup(struct style *s, rh_layer_t root)
{
    const rh_host_t *h = s->host;
    const rh_color_t teal = {0, 0.74, 0.83, 1};
    rh_path_element_t round[4];
    drop_path(round, 12);
    s->drop = h->layer_create(h, RH_LAYER_PATH, root);
    h->layer_set(h, s->drop, RH_PROP_POSITION_X, 187);
    h->layer_set(h, s->drop, RH_PROP_POSITION_Y, 30);
    h->layer_set(h, s->drop, RH_PROP_WIDTH, 40);
    h->layer_set(h, s->drop, RH_PROP_HEIGHT, 40);
    h->layer_set_color(h, s->drop, RH_COLOR_FILL, &teal);
    h->layer_set_path(h, s->drop, round, 4);
    return s->drop != RH_LAYER_NONE;
}

/* The pull stretches the drop: one path set per pull, none per frame. */
static void morph_pull(struct style *s, double ratio)
{
    rh_path_element_t e[4];
    drop_path(e, 12 + 24 * ratio);
    s->host->layer_set_path(s->host, s->drop, e, 4);
}

/* Refreshing: round -> stretched -> round, eased, once per cycle. */
static void morph_breathe(struct style *s)
{
    rh_path_element_t round[4], long_[4];
    drop_path(round, 12);
    drop_path(long_, 30);
    const rh_path_t paths[3] = {{round, 4}, {long_, 4}, {round, 4}};
    const rh_timing_function_t ease = {.curve = RH_CURVE_EASE_IN_OUT};
    const rh_timing_function_t eases[2] = {ease, ease};
    const rh_keyframe_animation_t breathe = {
        .struct_size = sizeof breathe, .kind = RH_VALUE_PATH, .count = 3, .paths = paths,
        .functions = eases, .duration = 1,
    };
    s->host->layer_add_keyframe_animation(s->host, s->drop, &breathe, NULL, NULL);
}

static void morph_reset(struct style *s)
{
    rh_path_element_t round[4];
    drop_path(round, 12);
    s->host->layer_remove_animations(s->host, s->drop);
    s->host->layer_set_path(s->host, s->drop, round, 4);
}

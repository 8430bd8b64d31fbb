/* Results: a ring that ends in a tick, a cross or a dash, and says so. */
#include "refresh_host.h"

struct style {
    const rh_host_t *host;
    rh_layer_t root, ring, mark;
    rh_done_fn done;
};
static const rh_announcements_t said = {
    .struct_size = sizeof said, .success = "Inbox updated", .failure = "Could not update the inbox",
};
#define STYLE_ID "com.example.results"
#define STYLE_NAME "Results"
#define STYLE_DESCRIPTOR_EXTRA .announcements = &said,
#define STYLE_SETUP_FOR_CYCLE results_spin
#define STYLE_EXIT_WITH_RESULT results_exit
#define STYLE_RESET results_reset
#include "guide_style.h"

static const rh_color_t blue = {0.26, 0.52, 0.96, 1}, green = {0.2, 0.7, 0.35, 1};
static const rh_color_t red = {0.86, 0.24, 0.22, 1}, grey = {0.55, 0.55, 0.58, 1};

static rh_layer_t add_path(const rh_host_t *h, rh_layer_t root, const rh_path_element_t *p, uint32_t n)
{
    rh_layer_t l = h->layer_create(h, RH_LAYER_PATH, root);
    h->layer_set(h, l, RH_PROP_POSITION_X, 187);
    h->layer_set(h, l, RH_PROP_POSITION_Y, 40);
    h->layer_set(h, l, RH_PROP_WIDTH, 40);
    h->layer_set(h, l, RH_PROP_HEIGHT, 40);
    h->layer_set_path(h, l, p, n);
    h->layer_set_color(h, l, RH_COLOR_STROKE, &blue);
    h->layer_set(h, l, RH_PROP_LINE_WIDTH, 4);
    h->layer_set(h, l, RH_PROP_LINE_CAP, RH_LINE_CAP_ROUND);
    return l;
}

static bool style_setup(struct style *s, rh_layer_t root)
{
    const rh_path_element_t arc[] = {{RH_PATH_ARC, {20, 20, 16, 0, 1.5 * RH_PI}}};
    s->ring = add_path(s->host, root, arc, 1);
    s->mark = add_path(s->host, root, NULL, 0);
    s->host->layer_set(s->host, s->mark, RH_PROP_STROKE_END, 0);
    return s->ring != RH_LAYER_NONE && s->mark != RH_LAYER_NONE;
}

/* Refreshing: the open ring turns once a cycle. */
static void results_spin(struct style *s)
{
    const rh_basic_animation_t turn = {.struct_size = sizeof turn, .property = RH_PROP_ROTATION,
                                       .from = 0, .to = 2 * RH_PI, .duration = 1};
    s->host->layer_add_animation(s->host, s->ring, &turn, NULL, NULL);
}

static void results_done(void *user, bool finished)
{
    (void)finished;
    ((struct style *)user)->done();
}

/* The ending follows the result: the ring closes and a mark draws itself in
 * the result's colour. The result is the host's: read it during the call. */
static void results_exit(struct style *s, const rh_refresh_result_t *result, rh_done_fn done)
{
    const rh_host_t *h = s->host;
    const rh_path_element_t tick[] = {{RH_PATH_MOVE_TO, {12, 21}}, {RH_PATH_LINE_TO, {18, 27}},
                                      {RH_PATH_LINE_TO, {29, 14}}};
    const rh_path_element_t cross[] = {{RH_PATH_MOVE_TO, {14, 14}}, {RH_PATH_LINE_TO, {26, 26}},
                                       {RH_PATH_MOVE_TO, {26, 14}}, {RH_PATH_LINE_TO, {14, 26}}};
    const rh_path_element_t dash[] = {{RH_PATH_MOVE_TO, {13, 20}}, {RH_PATH_LINE_TO, {27, 20}}};
    const rh_path_element_t ring[] = {{RH_PATH_ARC, {20, 20, 16, 0, 2 * RH_PI}}};
    rh_result_t kind = result ? result->kind : RH_RESULT_SUCCESS;
    const rh_color_t *colour = kind == RH_RESULT_FAILURE ? &red : kind == RH_RESULT_NO_MORE ? &grey : &green;
    if (kind == RH_RESULT_FAILURE) h->layer_set_path(h, s->mark, cross, 4);
    else if (kind == RH_RESULT_NO_MORE) h->layer_set_path(h, s->mark, dash, 2);
    else h->layer_set_path(h, s->mark, tick, 3);
    h->layer_remove_animations(h, s->ring);
    h->layer_set_path(h, s->ring, ring, 1);
    h->layer_set_color(h, s->ring, RH_COLOR_STROKE, colour);
    h->layer_set_color(h, s->mark, RH_COLOR_STROKE, colour);
    const rh_timing_t draw = {.struct_size = sizeof draw, .duration = 0.4, .curve = RH_CURVE_EASE_OUT};
    s->done = done;
    if (h->animate_begin(h, &draw) < 0) {
        done();
        return;
    }
    h->layer_set(h, s->mark, RH_PROP_STROKE_END, 1);
    h->animate_commit(h, results_done, s);
}

static void results_reset(struct style *s)
{
    const rh_host_t *h = s->host;
    const rh_path_element_t arc[] = {{RH_PATH_ARC, {20, 20, 16, 0, 1.5 * RH_PI}}};
    h->layer_remove_animations(h, s->ring);
    h->layer_set_path(h, s->ring, arc, 1);
    h->layer_set_color(h, s->ring, RH_COLOR_STROKE, &blue);
    h->layer_set_path(h, s->mark, NULL, 0);
    h->layer_set(h, s->mark, RH_PROP_STROKE_END, 0);
}

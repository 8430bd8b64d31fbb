/* Timing: three dots. One eases with the author's cubic-bezier, one ticks in
 * steps, one passes through keyframes of colour; the pull reads what is on
 * screen (the presentation value) to start from where the dot really is. */
#include "refresh_host.h"

struct style {
    const rh_host_t *host;
    rh_layer_t root, dot[3];
    rh_done_fn done;
};
#define STYLE_ID "com.example.timing"
#define STYLE_NAME "Timing"
#define STYLE_SETUP_FOR_CYCLE timing_cycle
#define STYLE_EXIT timing_exit
#define STYLE_RESET timing_reset
#include "guide_style.h"

static const rh_color_t grey = {0.6, 0.6, 0.6, 1};

static bool style_setup(struct style *s, rh_layer_t root)
{
    const rh_host_t *h = s->host;
    for (int i = 0; i < 3; i++) {
        s->dot[i] = h->layer_create(h, RH_LAYER_ELLIPSE, root);
        h->layer_set(h, s->dot[i], RH_PROP_POSITION_X, 40);
        h->layer_set(h, s->dot[i], RH_PROP_POSITION_Y, 20 + 20 * i);
        h->layer_set(h, s->dot[i], RH_PROP_WIDTH, 12);
        h->layer_set(h, s->dot[i], RH_PROP_HEIGHT, 12);
        h->layer_set_color(h, s->dot[i], RH_COLOR_FILL, &grey);
        if (!s->dot[i]) return false;
    }
    return true;
}

static void timing_cycle(struct style *s)
{
    const rh_host_t *h = s->host;
    /* Material's standard curve, cubic-bezier(0.4, 0, 0.2, 1). */
    const rh_basic_animation_t glide = {
        .struct_size = sizeof glide, .property = RH_PROP_POSITION_X, .from = 40, .to = 335, .duration = 1,
        .curve = RH_CURVE_CUBIC_BEZIER,
        .function = {.curve = RH_CURVE_CUBIC_BEZIER, .x1 = 0.4, .y1 = 0, .x2 = 0.2, .y2 = 1},
    };
    /* A clock hand: 6 jumps, CSS steps(6). */
    rh_basic_animation_t tick = glide;
    tick.curve = RH_CURVE_STEPS;
    tick.function = (rh_timing_function_t){.curve = RH_CURVE_STEPS, .steps = 6, .step_position = RH_STEP_JUMP_END};
    /* Colours at key times 0, 0.2, 1; its position goes with it. */
    const rh_color_t colours[3] = {{0.6, 0.6, 0.6, 1}, {0.9, 0.2, 0.3, 1}, {0.2, 0.6, 0.9, 1}};
    const double times[3] = {0, 0.2, 1};
    const rh_keyframe_animation_t blush = {
        .struct_size = sizeof blush, .kind = RH_VALUE_COLOR, .property = RH_COLOR_FILL, .count = 3,
        .key_times = times, .colors = colours, .duration = 1,
    };
    h->layer_add_animation(h, s->dot[0], &glide, NULL, NULL);
    h->layer_add_animation(h, s->dot[1], &tick, NULL, NULL);
    h->layer_add_animation(h, s->dot[2], &glide, NULL, NULL);
    h->layer_add_keyframe_animation(h, s->dot[2], &blush, NULL, NULL);
}

static void timing_done(void *user, bool finished)
{
    (void)finished;
    ((struct style *)user)->done();
}

/* The exit starts where each dot is on screen, not at its model value (40). */
static void timing_exit(struct style *s, rh_done_fn done)
{
    const rh_host_t *h = s->host;
    double x[3];
    for (int i = 0; i < 3; i++) h->layer_get_presentation(h, s->dot[i], RH_PROP_POSITION_X, &x[i]);
    const rh_timing_t fade = {.struct_size = sizeof fade, .duration = 0.3, .curve = RH_CURVE_EASE_IN};
    for (int i = 0; i < 3; i++) {
        h->layer_remove_animations(h, s->dot[i]);
        h->layer_set(h, s->dot[i], RH_PROP_POSITION_X, x[i]);
    }
    s->done = done;
    if (h->animate_begin(h, &fade) < 0) {
        done();
        return;
    }
    for (int i = 0; i < 3; i++) h->layer_set(h, s->dot[i], RH_PROP_OPACITY, 0);
    h->animate_commit(h, timing_done, s);
}

static void timing_reset(struct style *s)
{
    for (int i = 0; i < 3; i++) {
        s->host->layer_remove_animations(s->host, s->dot[i]);
        s->host->layer_set(s->host, s->dot[i], RH_PROP_POSITION_X, 40);
        s->host->layer_set(s->host, s->dot[i], RH_PROP_OPACITY, 1);
    }
}

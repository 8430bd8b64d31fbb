/* Extensions (ABI 1.5): a dial the pull draws with no pull callback, a hand
 * that turns 1.6 turns a cycle without jumping back, a spring for the exit,
 * and the app's colour only when the app chose one. Each extension may be
 * missing (an older host): the style then falls back. */
#include "refresh_host.h"
#include "refresh_host_ext.h"
#include <math.h>

struct style {
    const rh_host_t *host;
    rh_layer_t root, dial, hand;
    const rh_compose_ext_t *compose; /* NULL when the host has no rh.compose/1 */
    const rh_spring_ext_t *spring;   /* NULL when the host has no rh.spring/1 */
    bool scrubbed, spinning, sparkles;
    rh_done_fn done;
};
#define STYLE_ID "com.example.dial"
#define STYLE_NAME "Dial"
#define STYLE_DESCRIPTOR_EXTRA .flags = RH_STYLE_THEMEABLE,
#define STYLE_PULL dial_pull
#define STYLE_SETUP_FOR_CYCLE dial_spin
#define STYLE_EXIT dial_exit
#define STYLE_RESET dial_reset
#include "guide_style.h"

/* Our orange, unless the app chose a primary colour (rh.theme/1 tells the
 * app's choice from the host's default, which environment() cannot). */
static rh_color_t dial_colour(const rh_host_t *h)
{
    const rh_color_t orange = {0.95, 0.45, 0.1, 1};
    const rh_theme_ext_t *theme = h->get_extension(h, RH_EXT_THEME);
    uint32_t given = 0;
    rh_environment_t env = {.struct_size = sizeof env};
    if (theme && theme->given(h, &given) == RH_OK && (given & RH_THEME_GIVEN_PRIMARY) &&
        h->environment(h, &env) == RH_OK)
        return env.theme.primary;
    return orange;
}

static bool style_setup(struct style *s, rh_layer_t root)
{
    const rh_host_t *h = s->host;
    const rh_color_t colour = dial_colour(h);
    const rh_path_element_t circle[] = {{RH_PATH_ARC, {20, 20, 16, -RH_PI / 2, 1.5 * RH_PI}}};
    s->dial = h->layer_create(h, RH_LAYER_PATH, root);
    h->layer_set(h, s->dial, RH_PROP_POSITION_X, 187);
    h->layer_set(h, s->dial, RH_PROP_POSITION_Y, 40);
    h->layer_set(h, s->dial, RH_PROP_WIDTH, 40);
    h->layer_set(h, s->dial, RH_PROP_HEIGHT, 40);
    h->layer_set_path(h, s->dial, circle, 1);
    h->layer_set_color(h, s->dial, RH_COLOR_STROKE, &colour);
    h->layer_set(h, s->dial, RH_PROP_LINE_WIDTH, 4);
    h->layer_set(h, s->dial, RH_PROP_STROKE_END, 0);
    s->hand = h->layer_create(h, RH_LAYER_RECT, s->dial);
    h->layer_set(h, s->hand, RH_PROP_POSITION_X, 20);
    h->layer_set(h, s->hand, RH_PROP_POSITION_Y, 20);
    h->layer_set(h, s->hand, RH_PROP_WIDTH, 3);
    h->layer_set(h, s->hand, RH_PROP_HEIGHT, 12);
    h->layer_set(h, s->hand, RH_PROP_ANCHOR_Y, 1); /* turns about the dial's centre */
    h->layer_set_color(h, s->hand, RH_COLOR_FILL, &colour);

    /* rh.timeline/1: the pull ratio (0 closed, 1 at the trigger) draws the
     * dial. Prepared once; the host moves it, so pull() has nothing to do. */
    const rh_timeline_ext_t *timeline = h->get_extension(h, RH_EXT_TIMELINE);
    const rh_basic_animation_t draw = {.struct_size = sizeof draw, .property = RH_PROP_STROKE_END,
                                       .from = 0, .to = 1, .duration = 1};
    rh_timeline_t pull = RH_TIMELINE_NONE;
    s->scrubbed = timeline && timeline->create(h, RH_TIMELINE_PULL_RATIO, &pull) == RH_OK &&
                  timeline->layer_add_animation(h, pull, s->dial, &draw) == RH_OK;
    s->compose = h->get_extension(h, RH_EXT_COMPOSE);
    s->spring = h->get_extension(h, RH_EXT_SPRING);
    /* Someone else's extension, which this host lacks: NULL, and we do without. */
    s->sparkles = h->get_extension(h, "com.example.sparkles/1") != NULL;
    return s->dial != RH_LAYER_NONE && s->hand != RH_LAYER_NONE;
}

/* Only without a timeline: draw the dial by hand. */
static void dial_pull(struct style *s, double ratio)
{
    if (!s->scrubbed)
        s->host->layer_set(s->host, s->dial, RH_PROP_STROKE_END, ratio);
}

/* rh.compose/1: one cumulative animation turns the hand 1.6 turns a cycle for
 * the whole refresh, each pass carrying on where the last ended. Without it, a
 * whole turn a cycle, which needs no carrying. */
static void dial_spin(struct style *s)
{
    const rh_host_t *h = s->host;
    rh_basic_animation_t turn = {.struct_size = sizeof turn, .property = RH_PROP_ROTATION,
                                 .from = 0, .to = 1.6 * 2 * RH_PI, .duration = 1};
    if (s->compose == NULL) {
        turn.to = 2 * RH_PI;
        h->layer_add_animation(h, s->hand, &turn, NULL, NULL);
    } else if (!s->spinning) {
        turn.repeat_count = INFINITY;
        s->spinning = s->compose->layer_add_animation(h, s->hand, &turn, RH_COMPOSE_CUMULATIVE, NULL, NULL) == RH_OK;
    }
}

static void dial_gone(void *user, bool finished)
{
    (void)finished;
    struct style *s = user;
    s->done();
}

/* rh.spring/1: the dial shrinks away on a stiff, critically damped spring
 * (it lasts the spring's settling duration); without it, in 0.3 s. */
static void dial_exit(struct style *s, rh_done_fn done)
{
    const rh_host_t *h = s->host;
    const rh_spring_t spring = {.struct_size = sizeof spring, .mass = 1, .stiffness = 300, .damping = 35};
    const rh_timing_t timing = {.struct_size = sizeof timing, .duration = 0.3, .curve = RH_CURVE_EASE_IN};
    s->done = done;
    h->layer_remove_animations(h, s->hand);
    s->spinning = false;
    if (!(s->spring && s->spring->animate_begin(h, &spring, 0) == RH_OK) && h->animate_begin(h, &timing) != RH_OK) {
        done();
        return;
    }
    h->layer_set(h, s->dial, RH_PROP_SCALE, 0);
    h->animate_commit(h, dial_gone, s);
}

static void dial_reset(struct style *s)
{
    s->host->layer_remove_animations(s->host, s->hand);
    s->host->layer_set(s->host, s->dial, RH_PROP_SCALE, 1);
    s->spinning = false;
}

/*
 * material.c - the "Material" refresh style, as a plain C11 plugin (ABI 1.3).
 *
 * Material Design's circular progress spinner, as Android's SwipeRefreshLayout
 * shows it: a white disc with a soft shadow, and inside it a trimmed arc with
 * round caps that grows and shrinks while it turns.
 *
 * Where the numbers come from (AndroidX androidx.swiperefreshlayout.widget:
 * CircularProgressDrawable, SwipeRefreshLayout and CircleImageView):
 *   - 1.332 s a cycle (ANIMATION_DURATION 1332 ms). The arc grows from
 *     MIN_PROGRESS_ARC 0.01 to MAX_PROGRESS_ARC 0.8 of a turn in one half
 *     (SHRINK_OFFSET 0.5) and shrinks back in the other, both halves eased
 *     by FastOutSlowInInterpolator, which is CSS cubic-bezier(0.4, 0, 0.2, 1);
 *     the ring turns a further RING_ROTATION 1 - (0.8 - 0.01) = 0.21 turn a
 *     cycle (so each cycle ends where the next starts), and the whole spinner
 *     GROUP_FULL_ROTATION 1080 / 5 = 216 degrees a cycle, linear.
 *   - The colour moves to the next of the scheme in the cycle's last quarter
 *     (COLOR_CHANGE_OFFSET 0.75). The scheme is the Google app's four colours
 *     (setColorSchemeColors); the drawable's own default is plain black.
 *   - Disc: CIRCLE_DIAMETER 40 dp, CIRCLE_BG_LIGHT #FAFAFA; ring: the DEFAULT
 *     size, CENTER_RADIUS 7.5 dp, STROKE_WIDTH 2.5 dp. Shadow (CircleImageView):
 *     FILL_SHADOW_COLOR 0x3D000000 (opacity 0.24), SHADOW_RADIUS 3.5 dp,
 *     Y_OFFSET 1.75 dp.
 *   - Pull (SwipeRefreshLayout.moveSpinner): the arc starts growing at 40% of
 *     the trigger distance, adjusted = max(ratio - 0.4, 0) * 5 / 3; its end
 *     trim is min(0.8, 0.8 * adjusted) and its rotation
 *     (-0.25 + 0.4 * adjusted + 2 * tension) * 0.5 turn, where tension grows
 *     as the pull passes the trigger (t / 4 - (t / 4)^2) * 2 with
 *     t = min(extra, 2 * trigger) / trigger. The arc shows at
 *     STARTING_PROGRESS_ALPHA 0.3 until the trigger, then at full alpha,
 *     faded over ALPHA_ANIMATION_DURATION 300 ms.
 *   - Exit: the disc scales to 0 over SCALE_DOWN_DURATION 150 ms. A failed
 *     refresh (ABI 1.3, ours) first stops the arc: it turns grey and winds
 *     back to a stub while the disc shakes "no", then scales away (0.8 s).
 *   - Height 80: the trigger of Compose Material 3's PullToRefresh (80 dp).
 *
 * How it moves without rebuilding a path: the ring is one PATH layer holding
 * a whole circle, built once in setup. Pulling sets its stroke trim and
 * rotation; each cycle adds keyframe animations of RH_PROP_STROKE_START and
 * _END (eased per half with the cubic-bezier above), of the stroke colour,
 * and a key-path animation of the ring's rotation. The spinner group turns
 * 216 degrees a cycle for as long as the refresh runs: one cumulative
 * key-path animation (rh.compose/1, ABI 1.5), added at the first cycle and
 * stopped where it stands at the exit. (Before 1.5 each cycle read the
 * group's angle and set it 216 degrees on inside the host's cycle block,
 * winding it back three turns every five cycles: four calls a cycle. A
 * host without rh.compose/1 gets a group that does not turn; the arc still
 * grows, shrinks and turns.) Each cycle here shrinks first and
 * then grows (Android's cycle shifted by half a period): the same motion,
 * and it starts from the 0.8-turn arc the pull leaves behind, so there is no
 * jump at the release.
 *
 * Presentation: Material's indicator floats in front of a still list. The
 * style was written before ABI 1.3's RH_PRESENTATION_FRONT and keeps
 * SLIDE_DOWN, so its default look (which tests compare pixel for pixel)
 * stays as it was: the disc rides down with the content, pinned to the
 * bottom of the revealed area (anchor BOTTOM). `--presentation front` shows
 * it Android's way: the list stays still and the host slides the root, so
 * the disc, in from above the top edge with the pull; the style moves
 * nothing by the pull itself, whichever presentation runs it.
 *
 * Theme (RH_STYLE_THEMEABLE), read once in setup. The rule: the disc
 * follows dark mode on its own; the arc follows the theme's colours when
 * asked to (`colors`); so a run with no options looks as it always did.
 *   - Dark mode (rh_theme_t.dark, `--dark`): the disc turns dark grey
 *     #2C2C2E (a dark surface: a white disc would glare on a dark app) and
 *     the failure's grey lightens to Google grey 500, whatever `colors`.
 *   - Parameter `colors` (CHOICE google | theme, default google): "theme"
 *     draws the arc in the theme's primary colour, and in its accent the
 *     next cycle (the same colour change, in two colours instead of four).
 *     The host cannot say whether its theme is the app's or its own
 *     default, so the Google colours stay the default and the theme's are
 *     asked for.
 *   - Parameter `stroke` (NUMBER 1.5 to 5, default 2.5, "Arc width"): the
 *     arc's line width; the ring's radius stays 7.5, so 5 still clears the
 *     40 pt disc.
 * If environment or param_get fails, the style logs it and keeps the
 * default look.
 *
 * Reduce motion (RH_STYLE_REDUCED_MOTION, `--reduce-motion`): nothing turns
 * or moves; only trims, opacity and colour change. The ring rests with its
 * arc starting at 12 o'clock and the pull only grows the arc (no rotation,
 * no tension). Each cycle the arc's head closes the 0.2-turn gap, the whole
 * ring blends to the next colour, and its tail opens the gap again; the
 * exit fades the disc out over 0.3 s instead of scaling it; a failure greys
 * the arc where it stands (no unwind, no shake) and then fades the same
 * way. The validator's accessibility.reduce-motion measures 0 pt/s and
 * 0 rad/s for every layer (the host's own move of the root is not counted).
 *
 * Build (the root Makefile uses exactly this line):
 *   cc -std=c11 -O2 -Wall -Wextra -Werror -fPIC -fvisibility=hidden -shared \
 *      -I<dir of refresh_host.h> -o libMaterialStyle.so material.c -lm
 */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "refresh_host.h"
#include "refresh_host_ext.h"

#define MATERIAL_HEIGHT 80.0
#define MATERIAL_DISC 40.0
#define MATERIAL_RING_RADIUS 7.5
#define MATERIAL_STROKE 2.5
#define MATERIAL_CYCLE 1.332
#define MATERIAL_MAX_ARC 0.8                 /* of a turn */
#define MATERIAL_MIN_ARC 0.01
#define MATERIAL_RING_TURN (1.0 - (MATERIAL_MAX_ARC - MATERIAL_MIN_ARC)) /* 0.21 turn */
#define MATERIAL_GROUP_TURN (RH_PI * 1.2)    /* 216 degrees */
#define MATERIAL_COLOR_CHANGE 0.75
#define MATERIAL_START_ALPHA 0.3
#define MATERIAL_ALPHA_DURATION 0.3
#define MATERIAL_SCALE_DOWN 0.15
#define MATERIAL_FAIL 0.8                    /* the failure ending, scale-down included */
#define MATERIAL_FAIL_GREY 0.2               /* fractions of it: the arc greys, */
#define MATERIAL_FAIL_UNWIND 0.5             /* winds back, */
#define MATERIAL_FAIL_SHAKE 0.7              /* and the disc shakes */
#define MATERIAL_FAIL_STUB 0.06              /* turns of arc left after the unwind */
#define MATERIAL_SHAKE_STEPS 6
#define MATERIAL_COLOR_COUNT 4
/* The ring's path goes round twice, so that an arc of up to 1.59 turns
 * (shrunk start 0.79, grown end 1.59) is one trim window; a trim of 0.5 is
 * one turn. */
#define MATERIAL_PATH_TURNS 2.0
/* Reduce motion: the ring never turns; the arc starts at 12 o'clock. */
#define MATERIAL_CALM_TURNS (-0.25)
#define MATERIAL_CALM_FADE 0.3               /* the exit fades (ALPHA_ANIMATION_DURATION) */
/* Parameters. */
#define MATERIAL_STROKE_MIN 1.5
#define MATERIAL_STROKE_MAX 5.0
enum { MATERIAL_COLORS_GOOGLE = 0, MATERIAL_COLORS_THEME = 1 };

#define RGB(r, g, b) { (r) / 255.0, (g) / 255.0, (b) / 255.0, 1.0 }

static const rh_color_t material_disc_color = RGB(0xFA, 0xFA, 0xFA);
/* Dark mode: a dark surface (iOS's elevated dark grey, close to Material's
 * dark surface), so the disc does not glare on a black app. */
static const rh_color_t material_disc_dark = RGB(0x2C, 0x2C, 0x2E);
static const rh_color_t material_clear = { 0.0, 0.0, 0.0, 0.0 };
static const rh_color_t material_shadow = { 0.0, 0.0, 0.0, 1.0 };
static const rh_color_t material_colors[MATERIAL_COLOR_COUNT] = {
    RGB(0x42, 0x85, 0xF4), /* blue */
    RGB(0xDB, 0x44, 0x37), /* red */
    RGB(0xF4, 0xB4, 0x00), /* yellow */
    RGB(0x0F, 0x9D, 0x58), /* green */
};
/* FastOutSlowInInterpolator. */
static const rh_timing_function_t material_ease = {
    .curve = RH_CURVE_CUBIC_BEZIER, .x1 = 0.4, .y1 = 0.0, .x2 = 0.2, .y2 = 1.0,
};
static const rh_timing_function_t material_linear = { .curve = RH_CURVE_LINEAR };
/* A stopped arc: Google grey 600, unlike any colour of the scheme (which
 * has its own red, so red would not say "failed"). */
static const rh_color_t material_fail_grey = RGB(0x80, 0x86, 0x8B);
/* On the dark disc grey 600 is too dim: Google grey 500. */
static const rh_color_t material_fail_grey_dark = RGB(0x9A, 0xA0, 0xA6);
/* The disc's x offsets, one per equal step of the shake, dying away. */
static const double material_shake[MATERIAL_SHAKE_STEPS] = { 6.0, -5.0, 4.0, -2.5, 1.0, 0.0 };

typedef struct material {
    rh_instance_t instance;
    const rh_host_t *host;
    rh_layer_t root;
    rh_layer_t disc;    /* the white disc with the shadow; the exit scales it */
    rh_layer_t spinner; /* group inside the disc: 216 degrees a cycle */
    rh_layer_t ring;    /* the arc: trim, rotation, colour */
    double ring_turns;  /* the ring's rotation (turns) as the pull left it */
    int color_index;
    bool has_keyframes; /* 1.2 services present in this host's table */
    bool calm;          /* 1.3: the user asked for reduced motion */
    const rh_compose_ext_t *compose; /* 1.5: cumulative animations, or NULL */
    bool spinning;      /* the spinner's cumulative turn is running */
    /* 1.3, fixed in setup: the arc's colours (Google's four, or the theme's
     * primary and accent), the disc's fill and the failure's grey. */
    rh_color_t scheme[MATERIAL_COLOR_COUNT];
    int scheme_count;
    rh_color_t disc_color;
    rh_color_t fail_grey;
    rh_done_fn done;
} material_t;

static material_t *material_from(const rh_instance_t *instance)
{
    return (material_t *)instance->plugin_data;
}

static bool check(const material_t *m, rh_status_t status, const char *what)
{
    if (status >= RH_OK)
        return true;
    char message[160];
    snprintf(message, sizeof message, "material: %s failed with status %d", what, (int)status);
    m->host->log(m->host, RH_LOG_WARNING, message);
    return false;
}

static void set(const material_t *m, rh_layer_t layer, rh_property_t property, double value, const char *what)
{
    check(m, m->host->layer_set(m->host, layer, property, value), what);
}

static void set_color(const material_t *m, rh_layer_t layer, rh_color_property_t property, const rh_color_t *c,
                      const char *what)
{
    check(m, m->host->layer_set_color(m->host, layer, property, c), what);
}

static rh_layer_t make(const material_t *m, rh_layer_kind_t kind, rh_layer_t parent, double x, double y,
                       double size)
{
    rh_layer_t layer = m->host->layer_create(m->host, kind, parent);
    if (layer == RH_LAYER_NONE)
        return RH_LAYER_NONE;
    set(m, layer, RH_PROP_WIDTH, size, "setup: width");
    set(m, layer, RH_PROP_HEIGHT, size, "setup: height");
    set(m, layer, RH_PROP_POSITION_X, x, "setup: x");
    set(m, layer, RH_PROP_POSITION_Y, y, "setup: y");
    return layer;
}

/* Turns of the arc, as trims of the two-turn path. */
static double trim(double turns)
{
    return turns / MATERIAL_PATH_TURNS;
}

/* The state after setup, also what reset returns to: no arc, faint, upright
 * (calm: at 12 o'clock, where it stays). */
static void material_rest(material_t *m)
{
    m->ring_turns = m->calm ? MATERIAL_CALM_TURNS : -0.125;
    set(m, m->disc, RH_PROP_SCALE, 1.0, "rest: disc scale");
    set(m, m->disc, RH_PROP_TRANSLATION_X, 0.0, "rest: disc shake");
    if (m->calm) /* only the calm exits fade the disc */
        set(m, m->disc, RH_PROP_OPACITY, 1.0, "rest: disc opacity");
    set(m, m->spinner, RH_PROP_ROTATION, 0.0, "rest: spinner rotation");
    set(m, m->ring, RH_PROP_ROTATION, m->ring_turns * 2.0 * RH_PI, "rest: ring rotation");
    set(m, m->ring, RH_PROP_STROKE_START, 0.0, "rest: stroke start");
    set(m, m->ring, RH_PROP_STROKE_END, 0.0, "rest: stroke end");
    set(m, m->ring, RH_PROP_OPACITY, MATERIAL_START_ALPHA, "rest: ring opacity");
    set_color(m, m->ring, RH_COLOR_STROKE, &m->scheme[0], "rest: ring colour");
    m->color_index = 0;
    m->done = NULL;
}

/* ABI 1.3: what the host decided (theme, reduce motion) and the user's
 * parameters. Whatever cannot be read keeps today's look; returns the arc's
 * width. */
static double material_read_settings(material_t *m)
{
    const rh_host_t *h = m->host;
    memcpy(m->scheme, material_colors, sizeof material_colors);
    m->scheme_count = MATERIAL_COLOR_COUNT;
    m->disc_color = material_disc_color;
    m->fail_grey = material_fail_grey;
    m->calm = false;
    double stroke = MATERIAL_STROKE;

    rh_environment_t env = { .struct_size = sizeof env };
    bool themed = false;
    if (RH_HAS_FIELD(h, rh_host_t, environment) && h->environment != NULL &&
        check(m, h->environment(h, &env), "setup: environment")) {
        m->calm = env.reduce_motion;
        /* The theme's own struct_size says what the host filled in. */
        themed = RH_HAS_FIELD(&env.theme, rh_theme_t, dark);
        if (themed && env.theme.dark) {
            m->disc_color = material_disc_dark;
            m->fail_grey = material_fail_grey_dark;
        }
    }
    if (!RH_HAS_FIELD(h, rh_host_t, param_get) || h->param_get == NULL)
        return stroke;

    rh_param_value_t v = { .struct_size = sizeof v };
    /* The host keeps the value in range; clamping again costs nothing and
     * keeps a careless host from drawing a huge ring. */
    if (check(m, h->param_get(h, "stroke", &v), "setup: stroke parameter") && v.kind == RH_PARAM_NUMBER &&
        isfinite(v.number))
        stroke = fmin(fmax(v.number, MATERIAL_STROKE_MIN), MATERIAL_STROKE_MAX);
    v = (rh_param_value_t){ .struct_size = sizeof v };
    if (check(m, h->param_get(h, "colors", &v), "setup: colors parameter") && v.kind == RH_PARAM_CHOICE &&
        v.choice == MATERIAL_COLORS_THEME) {
        if (themed) {
            /* Primary, then accent the next cycle: the same colour change,
             * in the app's colours. */
            m->scheme[0] = env.theme.primary;
            m->scheme[1] = env.theme.accent;
            m->scheme_count = 2;
        } else {
            h->log(h, RH_LOG_WARNING, "material: colors=theme, but the host gave no theme; Google's colours");
        }
    }
    return stroke;
}

static bool material_setup(const rh_instance_t *instance, rh_layer_t root)
{
    material_t *m = material_from(instance);
    const rh_host_t *h = m->host;
    m->root = root;
    double stroke = material_read_settings(m);
    double width = 0.0;
    if (!check(m, h->layer_get(h, root, RH_PROP_WIDTH, &width), "reading the root width"))
        return false;
    /* A host older than 1.2 never loads us; a partial one (services still
     * NULL) gets a spinner that turns but does not grow and shrink. */
    m->has_keyframes = RH_HAS_FIELD(h, rh_host_t, layer_add_keyframe_animation) &&
                       h->layer_add_keyframe_animation != NULL;
    if (!m->has_keyframes)
        h->log(h, RH_LOG_WARNING, "material: the host has no layer_add_keyframe_animation; the arc will not "
                                  "grow and shrink");
    m->compose = h->get_extension(h, RH_EXT_COMPOSE);

    m->disc = make(m, RH_LAYER_ELLIPSE, root, width / 2.0, MATERIAL_HEIGHT / 2.0, MATERIAL_DISC);
    if (m->disc == RH_LAYER_NONE)
        return false;
    set_color(m, m->disc, RH_COLOR_FILL, &m->disc_color, "setup: disc fill");
    set_color(m, m->disc, RH_COLOR_SHADOW, &material_shadow, "setup: shadow colour");
    set(m, m->disc, RH_PROP_SHADOW_OPACITY, 0x3D / 255.0, "setup: shadow opacity");
    set(m, m->disc, RH_PROP_SHADOW_RADIUS, 3.5, "setup: shadow radius");
    set(m, m->disc, RH_PROP_SHADOW_OFFSET_Y, 1.75, "setup: shadow offset");

    double c = MATERIAL_DISC / 2.0;
    m->spinner = make(m, RH_LAYER_GROUP, m->disc, c, c, MATERIAL_DISC);
    m->ring = m->spinner ? make(m, RH_LAYER_PATH, m->spinner, c, c, MATERIAL_DISC) : RH_LAYER_NONE;
    if (m->ring == RH_LAYER_NONE)
        return false;
    /* Angle 0 is 3 o'clock, as trim 0 is in CircularProgressDrawable. */
    rh_path_element_t circle[1] = {
        { RH_PATH_ARC, { c, c, MATERIAL_RING_RADIUS, 0.0, MATERIAL_PATH_TURNS * 2.0 * RH_PI, 0.0 } },
    };
    if (!check(m, h->layer_set_path(h, m->ring, circle, 1), "setup: ring path"))
        return false;
    set_color(m, m->ring, RH_COLOR_FILL, &material_clear, "setup: ring fill");
    set(m, m->ring, RH_PROP_LINE_WIDTH, stroke, "setup: ring width");
    set(m, m->ring, RH_PROP_LINE_CAP, RH_LINE_CAP_ROUND, "setup: ring caps");
    material_rest(m);
    return true;
}

static void material_destroy(const rh_instance_t *instance)
{
    free(material_from(instance));
}

/* SwipeRefreshLayout.moveSpinner, with the ratio and distance we are given.
 * Calm: the arc grows as the finger pulls but the ring does not turn. */
static void material_pull(const rh_instance_t *instance, double distance, double ratio, double velocity)
{
    material_t *m = material_from(instance);
    (void)velocity;
    double adjusted = fmax(ratio - 0.4, 0.0) * 5.0 / 3.0;
    if (m->calm) {
        set(m, m->ring, RH_PROP_STROKE_START, 0.0, "pull: stroke start");
        set(m, m->ring, RH_PROP_STROKE_END, trim(fmin(MATERIAL_MAX_ARC, adjusted * MATERIAL_MAX_ARC)),
            "pull: stroke end");
        return;
    }
    double extra = distance - MATERIAL_HEIGHT;
    double slingshot = fmax(0.0, fmin(extra, MATERIAL_HEIGHT * 2.0) / MATERIAL_HEIGHT);
    double tension = (slingshot / 4.0 - pow(slingshot / 4.0, 2.0)) * 2.0;
    m->ring_turns = (-0.25 + 0.4 * adjusted + tension * 2.0) * 0.5;
    set(m, m->ring, RH_PROP_STROKE_START, 0.0, "pull: stroke start");
    set(m, m->ring, RH_PROP_STROKE_END, trim(fmin(MATERIAL_MAX_ARC, adjusted * MATERIAL_MAX_ARC)), "pull: stroke end");
    set(m, m->ring, RH_PROP_ROTATION, m->ring_turns * 2.0 * RH_PI, "pull: ring rotation");
}

/* Fades the arc to `alpha` over ALPHA_ANIMATION_DURATION. */
static void fade_ring(material_t *m, double alpha)
{
    const rh_host_t *h = m->host;
    rh_timing_t timing = { .struct_size = sizeof timing, .duration = MATERIAL_ALPHA_DURATION,
                           .curve = RH_CURVE_LINEAR };
    if (!check(m, h->animate_begin(h, &timing), "fade: animate_begin"))
        return;
    set(m, m->ring, RH_PROP_OPACITY, alpha, "fade: ring opacity");
    check(m, h->animate_commit(h, NULL, NULL), "fade: animate_commit");
}

/* ABI 1.3, as a footer: the last load found no more data. The disc comes
 * back (calm: fades back) holding a closed grey ring, the indicator's "all
 * done", and stays so until the footer is reset. */
static void material_no_more(material_t *m)
{
    const rh_host_t *h = m->host;
    check(m, h->layer_remove_animations(h, m->ring), "no more: ring animations");
    set(m, m->ring, RH_PROP_STROKE_START, 0.0, "no more: stroke start");
    set(m, m->ring, RH_PROP_STROKE_END, trim(1.0), "no more: stroke end");
    set(m, m->ring, RH_PROP_OPACITY, 1.0, "no more: ring opacity");
    set_color(m, m->ring, RH_COLOR_STROKE, &m->fail_grey, "no more: ring colour");
    if (m->calm)
        set(m, m->disc, RH_PROP_SCALE, 1.0, "no more: disc scale");
    rh_timing_t timing = { .struct_size = sizeof timing, .duration = MATERIAL_ALPHA_DURATION,
                           .curve = RH_CURVE_EASE_OUT };
    bool animated = check(m, h->animate_begin(h, &timing), "no more: animate_begin");
    if (m->calm)
        set(m, m->disc, RH_PROP_OPACITY, 1.0, "no more: disc fade");
    else
        set(m, m->disc, RH_PROP_SCALE, 1.0, "no more: disc scale");
    if (animated)
        check(m, h->animate_commit(h, NULL, NULL), "no more: animate_commit");
}

static void material_state_changed(const rh_instance_t *instance, rh_state_t old_state, rh_state_t new_state)
{
    material_t *m = material_from(instance);
    if (new_state == RH_STATE_ARMED)
        fade_ring(m, 1.0);
    else if (old_state == RH_STATE_ARMED && new_state == RH_STATE_PULLING)
        fade_ring(m, MATERIAL_START_ALPHA);
    else if (new_state == RH_STATE_REFRESHING)
        set(m, m->ring, RH_PROP_OPACITY, 1.0, "refresh: ring opacity");
    else if (new_state == RH_STATE_NO_MORE)
        material_no_more(m);
}

static void add_keyframes(material_t *m, const rh_keyframe_animation_t *a, const char *what)
{
    check(m, m->host->layer_add_keyframe_animation(m->host, m->ring, a, NULL, NULL), what);
}

/* The calm cycle (reduce motion): nothing turns. The arc's head closes the
 * 0.2-turn gap, the whole ring takes the next colour, and the tail opens
 * the gap again; both trims only move forward, and the cycle ends one turn
 * on, the picture it started from. The tip travels 0.2 turn (9.4 pt) in
 * 0.4 s, eased in and out: at most 41 pt/s, under the 60 pt/s a layer may
 * move. */
static void material_calm_cycle(material_t *m, int from)
{
    if (!m->has_keyframes)
        return; /* the arc holds and the colour steps */
    const rh_timing_function_t ease = { .curve = RH_CURVE_EASE_IN_OUT };
    /* 0-0.3 the head closes the gap; 0.3-0.5 it runs on a turn unseen (the
     * ring is whole while end - start >= 1 turn), 0.5-0.7 the tail follows
     * it unseen; 0.7-1 the tail opens the gap. */
    static const double end_times[4] = { 0.0, 0.3, 0.5, 1.0 };
    const double ends[4] = { trim(MATERIAL_MAX_ARC), trim(1.0), trim(1.0 + MATERIAL_MAX_ARC),
                             trim(1.0 + MATERIAL_MAX_ARC) };
    const rh_timing_function_t end_curves[3] = { ease, material_linear, material_linear };
    static const double start_times[4] = { 0.0, 0.5, 0.7, 1.0 };
    const double starts[4] = { 0.0, 0.0, trim(MATERIAL_MAX_ARC), trim(1.0) };
    const rh_timing_function_t start_curves[3] = { material_linear, material_linear, ease };
    rh_keyframe_animation_t a = {
        .struct_size = sizeof a, .kind = RH_VALUE_NUMBER, .count = 4, .duration = MATERIAL_CYCLE,
        .repeat_count = 1.0,
    };
    a.property = RH_PROP_STROKE_END;
    a.key_times = end_times;
    a.numbers = ends;
    a.functions = end_curves;
    add_keyframes(m, &a, "calm cycle: stroke end keyframes");
    a.property = RH_PROP_STROKE_START;
    a.key_times = start_times;
    a.numbers = starts;
    a.functions = start_curves;
    add_keyframes(m, &a, "calm cycle: stroke start keyframes");

    /* The colour blends while the ring is whole. */
    static const double colour_times[4] = { 0.0, 0.35, 0.65, 1.0 };
    const rh_color_t colours[4] = { m->scheme[from], m->scheme[from], m->scheme[m->color_index],
                                    m->scheme[m->color_index] };
    rh_keyframe_animation_t c = {
        .struct_size = sizeof c, .kind = RH_VALUE_COLOR, .property = RH_COLOR_STROKE, .count = 4,
        .key_times = colour_times, .colors = colours, .duration = MATERIAL_CYCLE, .repeat_count = 1.0,
    };
    add_keyframes(m, &c, "calm cycle: colour keyframes");
}

static void material_setup_for_cycle(const rh_instance_t *instance)
{
    material_t *m = material_from(instance);
    const rh_host_t *h = m->host;

    /* The spinner turns 216 degrees a cycle, linearly, from the first cycle
     * to the exit: one animation whose passes add up (the cycles run back to
     * back, so pass n ends where cycle n does). Calm: it stays. */
    if (!m->calm && !m->spinning && m->compose != NULL) {
        rh_basic_animation_t spin = {
            .struct_size = sizeof spin, .property = RH_PROP_ROTATION, .from = 0.0, .to = MATERIAL_GROUP_TURN,
            .duration = MATERIAL_CYCLE, .curve = RH_CURVE_LINEAR, .repeat_count = INFINITY,
        };
        m->spinning = check(m, m->compose->layer_add_animation(h, m->spinner, &spin, RH_COMPOSE_CUMULATIVE, NULL, NULL),
                            "cycle: spinner turn");
    }

    /* The model shows the arc the pull left (0 to 0.8 turn) between cycles;
     * a cycle's animations end exactly there, 1 turn further on. */
    set(m, m->ring, RH_PROP_STROKE_START, 0.0, "cycle: stroke start");
    set(m, m->ring, RH_PROP_STROKE_END, trim(MATERIAL_MAX_ARC), "cycle: stroke end");
    int from = m->color_index;
    m->color_index = (m->color_index + 1) % m->scheme_count;
    set_color(m, m->ring, RH_COLOR_STROKE, &m->scheme[m->color_index], "cycle: ring colour");
    if (m->calm) {
        material_calm_cycle(m, from);
        return;
    }

    double start_turn = m->ring_turns * 2.0 * RH_PI;
    rh_basic_animation_t turn = {
        .struct_size = sizeof turn, .property = RH_PROP_ROTATION, .from = start_turn,
        .to = start_turn + MATERIAL_RING_TURN * 2.0 * RH_PI, .duration = MATERIAL_CYCLE,
        .curve = RH_CURVE_LINEAR, .repeat_count = 1.0,
    };
    check(m, h->layer_add_animation(h, m->ring, &turn, NULL, NULL), "cycle: ring rotation");
    if (!m->has_keyframes)
        return;

    static const double halves[3] = { 0.0, 0.5, 1.0 };
    /* Shrink: the start chases the end through the first half. */
    const double shrink_turns = MATERIAL_MAX_ARC - MATERIAL_MIN_ARC;
    const double starts[3] = { 0.0, trim(shrink_turns), trim(shrink_turns) };
    const rh_timing_function_t start_curves[2] = { material_ease, material_linear };
    /* Grow: the end runs ahead through the second half. */
    const double ends[3] = { trim(MATERIAL_MAX_ARC), trim(MATERIAL_MAX_ARC),
                             trim(shrink_turns + MATERIAL_MAX_ARC) };
    const rh_timing_function_t end_curves[2] = { material_linear, material_ease };
    rh_keyframe_animation_t a = {
        .struct_size = sizeof a, .kind = RH_VALUE_NUMBER, .count = 3, .key_times = halves,
        .duration = MATERIAL_CYCLE, .repeat_count = 1.0,
    };
    a.property = RH_PROP_STROKE_START;
    a.numbers = starts;
    a.functions = start_curves;
    add_keyframes(m, &a, "cycle: stroke start keyframes");
    a.property = RH_PROP_STROKE_END;
    a.numbers = ends;
    a.functions = end_curves;
    add_keyframes(m, &a, "cycle: stroke end keyframes");

    /* The colour holds for three quarters, then blends into the next. */
    static const double colour_times[3] = { 0.0, MATERIAL_COLOR_CHANGE, 1.0 };
    const rh_color_t colours[3] = { m->scheme[from], m->scheme[from], m->scheme[m->color_index] };
    rh_keyframe_animation_t c = {
        .struct_size = sizeof c, .kind = RH_VALUE_COLOR, .property = RH_COLOR_STROKE, .count = 3,
        .key_times = colour_times, .colors = colours, .duration = MATERIAL_CYCLE, .repeat_count = 1.0,
    };
    add_keyframes(m, &c, "cycle: colour keyframes");
}

/* The refresh has ended (the last cycle with it): the spinner stops where
 * it stands, a whole number of 216-degree steps on, and keeps that angle
 * through the exit. */
static void material_stop_spin(material_t *m)
{
    if (!m->spinning)
        return;
    const rh_host_t *h = m->host;
    double angle = 0.0;
    bool read = check(m, h->layer_get_presentation(h, m->spinner, RH_PROP_ROTATION, &angle), "exit: spinner angle");
    check(m, h->layer_remove_animations(h, m->spinner), "exit: spinner stop");
    if (read)
        set(m, m->spinner, RH_PROP_ROTATION, angle, "exit: spinner angle");
    m->spinning = false;
}

static void material_finish_exit(material_t *m)
{
    rh_done_fn done = m->done;
    m->done = NULL;
    if (done)
        done();
}

static void material_exit_completed(void *user, bool finished)
{
    (void)finished; /* the host waits for done() either way */
    material_finish_exit((material_t *)user);
}

/* Scales the disc away in 150 ms; calm: fades it out in 0.3 s. */
static void material_exit(const rh_instance_t *instance, rh_done_fn done)
{
    material_t *m = material_from(instance);
    const rh_host_t *h = m->host;
    m->done = done;
    material_stop_spin(m);
    rh_timing_t timing = { .struct_size = sizeof timing, .duration = MATERIAL_SCALE_DOWN,
                           .curve = RH_CURVE_LINEAR };
    if (m->calm) {
        timing.duration = MATERIAL_CALM_FADE;
        timing.curve = RH_CURVE_EASE_IN_OUT;
    }
    if (!check(m, h->animate_begin(h, &timing), "exit: animate_begin")) {
        material_finish_exit(m);
        return;
    }
    if (m->calm)
        set(m, m->disc, RH_PROP_OPACITY, 0.0, "exit: disc fade");
    else
        set(m, m->disc, RH_PROP_SCALE, 0.0, "exit: disc scale");
    if (!check(m, h->animate_commit(h, material_exit_completed, m), "exit: animate_commit"))
        material_finish_exit(m);
}

/* The calm failure ending, one KEYFRAMES block as long as the other: the
 * arc greys where it stands (no unwind, no shake), holds so the grey is
 * seen, and the disc fades out as the calm success exit does. */
static void material_exit_failure_calm(material_t *m)
{
    const rh_host_t *h = m->host;
    rh_timing_t timing = { .struct_size = sizeof timing, .duration = MATERIAL_FAIL,
                           .curve = RH_CURVE_KEYFRAMES };
    if (!check(m, h->animate_begin(h, &timing), "calm failure: animate_begin")) {
        material_finish_exit(m);
        return;
    }
    check(m, h->animate_keyframe(h, 0.0, MATERIAL_FAIL_GREY), "calm failure: grey keyframe");
    set_color(m, m->ring, RH_COLOR_STROKE, &m->fail_grey, "calm failure: ring colour");
    const double fade = MATERIAL_CALM_FADE / MATERIAL_FAIL;
    check(m, h->animate_keyframe(h, 1.0 - fade, fade), "calm failure: fade keyframe");
    set(m, m->disc, RH_PROP_OPACITY, 0.0, "calm failure: disc fade");
    if (!check(m, h->animate_commit(h, material_exit_completed, m), "calm failure: animate_commit"))
        material_finish_exit(m);
}

/* The failure ending, one KEYFRAMES block: the arc stops, greys and winds
 * back (the spinner only ever moves forward, so backward reads as giving
 * up) while the disc shakes its head; then the disc scales away as on
 * success, in the same 150 ms. */
static void material_exit_failure(material_t *m, rh_done_fn done)
{
    const rh_host_t *h = m->host;
    m->done = done;
    material_stop_spin(m);
    if (m->calm) {
        material_exit_failure_calm(m);
        return;
    }
    rh_timing_t timing = { .struct_size = sizeof timing, .duration = MATERIAL_FAIL,
                           .curve = RH_CURVE_KEYFRAMES };
    if (!check(m, h->animate_begin(h, &timing), "failure: animate_begin")) {
        material_finish_exit(m);
        return;
    }
    /* 0-0.16 s: grey. */
    check(m, h->animate_keyframe(h, 0.0, MATERIAL_FAIL_GREY), "failure: grey keyframe");
    set_color(m, m->ring, RH_COLOR_STROKE, &m->fail_grey, "failure: ring colour");
    /* 0-0.4 s: the arc's head draws back from the 0.8 turn the cycles leave
     * to a stub. */
    check(m, h->animate_keyframe(h, 0.0, MATERIAL_FAIL_UNWIND), "failure: unwind keyframe");
    set(m, m->ring, RH_PROP_STROKE_START, 0.0, "failure: stroke start");
    set(m, m->ring, RH_PROP_STROKE_END, trim(MATERIAL_FAIL_STUB), "failure: stroke end");
    /* 0-0.56 s: left, right, less each time. */
    const double step = MATERIAL_FAIL_SHAKE / MATERIAL_SHAKE_STEPS;
    for (int k = 0; k < MATERIAL_SHAKE_STEPS; k++) {
        check(m, h->animate_keyframe(h, k * step, step), "failure: shake keyframe");
        set(m, m->disc, RH_PROP_TRANSLATION_X, material_shake[k], "failure: disc shake");
    }
    /* The last 0.15 s: SCALE_DOWN_DURATION, as the success exit. */
    const double scale_down = MATERIAL_SCALE_DOWN / MATERIAL_FAIL;
    check(m, h->animate_keyframe(h, 1.0 - scale_down, scale_down), "failure: scale keyframe");
    set(m, m->disc, RH_PROP_SCALE, 0.0, "failure: disc scale");
    if (!check(m, h->animate_commit(h, material_exit_completed, m), "failure: animate_commit"))
        material_finish_exit(m);
}

/* ABI 1.3: a failed refresh gets its own ending; success, "no more" and
 * kinds newer than this file scale the disc away as before. `kind` is read
 * only when the host's struct holds it. */
static void material_exit_with_result(const rh_instance_t *instance, const rh_refresh_result_t *result,
                                      rh_done_fn done)
{
    if (result != NULL && RH_HAS_FIELD(result, rh_refresh_result_t, kind) &&
        result->kind == RH_RESULT_FAILURE)
        material_exit_failure(material_from(instance), done);
    else
        material_exit(instance, done);
}

static void material_reset(const rh_instance_t *instance)
{
    material_t *m = material_from(instance);
    check(m, m->host->layer_remove_animations(m->host, m->ring), "reset: ring animations");
    material_stop_spin(m);
    material_rest(m);
}

static const char *const material_tags[] = { "spinner", "material", "stroke-trim", "shadow", NULL };
static const char *const material_color_choices[] = { "google", "theme", NULL };
static const rh_param_t material_params[] = {
    { .struct_size = sizeof(rh_param_t), .id = "colors", .label = "Arc colours", .kind = RH_PARAM_CHOICE,
      .choices = material_color_choices, .default_choice = MATERIAL_COLORS_GOOGLE },
    { .struct_size = sizeof(rh_param_t), .id = "stroke", .label = "Arc width", .kind = RH_PARAM_NUMBER,
      .min = MATERIAL_STROKE_MIN, .max = MATERIAL_STROKE_MAX, .default_number = MATERIAL_STROKE },
};

static const rh_style_descriptor_t material_descriptor = {
    .struct_size = sizeof(rh_style_descriptor_t),
    .id = "com.refreshhost.material",
    .name = "Material",
    .version = "1.0.0",
    .vendor = "RefreshHost",
    .description = "Material Design's circular spinner: a trimmed arc grows and shrinks while it turns on a "
                   "shadowed white disc.",
    .tags = material_tags,
    .height = MATERIAL_HEIGHT,
    .cycle_duration = MATERIAL_CYCLE,
    .cycle_delay = 0.0,
    .cycle_curve = RH_CURVE_LINEAR,
    .cycle_spring_damping = 0.8,
    .cycle_spring_velocity = 1.0,
    .presentation = RH_PRESENTATION_SLIDE_DOWN,
    .anchor = RH_ANCHOR_BOTTOM,
    .flags = RH_STYLE_THEMEABLE | RH_STYLE_REDUCED_MOTION | RH_STYLE_FOOTER,
    .param_count = sizeof material_params / sizeof material_params[0],
    .params = material_params,
};

static uint32_t material_style_count(void)
{
    return 1;
}

static const rh_style_descriptor_t *material_style_descriptor(uint32_t index)
{
    return index == 0 ? &material_descriptor : NULL;
}

static const rh_instance_t *material_create(const rh_host_t *host, const char *style_id)
{
    if (host == NULL || style_id == NULL || strcmp(style_id, material_descriptor.id) != 0)
        return NULL;
    material_t *m = calloc(1, sizeof *m);
    if (m == NULL)
        return NULL;
    m->host = host;
    m->instance = (rh_instance_t){
        .struct_size = sizeof(rh_instance_t),
        .plugin_data = m,
        .setup = material_setup,
        .destroy = material_destroy,
        .pull = material_pull,
        .state_changed = material_state_changed,
        .setup_for_cycle = material_setup_for_cycle,
        .cycle = NULL,
        .exit = material_exit,
        .reset = material_reset,
        .tick = NULL,
        .get_extension = NULL,
        .position = NULL,
        .closed = NULL,
        .exit_with_result = material_exit_with_result,
    };
    return &m->instance;
}

static const rh_entry_t material_entry = {
    .abi_version = { RH_ABI_VERSION_MAJOR, RH_ABI_VERSION_MINOR, RH_ABI_VERSION_PATCH },
    .struct_size = sizeof(rh_entry_t),
    .style_count = material_style_count,
    .style_descriptor = material_style_descriptor,
    .create = material_create,
};

RH_EXPORT const rh_entry_t *rh_entry(void)
{
    return &material_entry;
}

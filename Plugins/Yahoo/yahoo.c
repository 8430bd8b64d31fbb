/*
 * yahoo.c - the "Yahoo News Digest" refresh style, as a plain C11 plugin.
 *
 * This file is a complete example of a RefreshHost plugin written in C. It
 * needs nothing but refresh_host.h (and libc/libm): no RefreshHost library,
 * no Swift, no generated code. It shows every part of the contract a style
 * normally touches:
 *
 *   - rh_entry(), the one exported symbol, returning a static rh_entry_t;
 *   - a static style descriptor;
 *   - create()/destroy() allocating and freeing one struct per instance, so
 *     several instances can run at once with no shared mutable state;
 *   - setup() building layers under the host's root layer;
 *   - setup_for_cycle() adding a key-path animation (a full 2*pi turn, which
 *     an animate block could not express);
 *   - exit() running a KEYFRAMES animate block and calling the host's
 *     done() from the block's completion, exactly once;
 *   - exit_with_result() (ABI 1.3) choosing a different ending for a
 *     failed refresh;
 *   - reset() putting every layer back to its post-setup state;
 *   - checking every rh_status_t and reporting failures via host->log.
 *
 * The look: six coloured 9 x 9 dots on a circle of radius 20, in a 90 x 90
 * group centred in a 90 pt header with a #F7F5F5 background. Each 0.9 s
 * cycle turns the group once. The exit (1.0 s) pushes the dots outwards,
 * collapses them into the centre, then blows the purple dot up until it
 * floods the header; the header is then left purple until reset. A failed
 * refresh ends differently (0.9 s): the ring shakes its head while its
 * colours drain to grey, then the dots drop out one after another and fade.
 *
 * Build (the root Makefile uses exactly this line):
 *   cc -std=c11 -O2 -Wall -Wextra -fPIC -fvisibility=hidden -shared \
 *      -I<dir of refresh_host.h> -o libYahooStyle.so yahoo.c -lm
 */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "refresh_host.h"

/* Strict C11 has no M_PI. */
#define YAHOO_PI 3.14159265358979323846

#define YAHOO_HEIGHT 90.0
#define YAHOO_GROUP_SIZE 90.0
#define YAHOO_CENTRE 45.0 /* centre of the group, in the group's own coordinates */
#define YAHOO_DOT_COUNT 6
#define YAHOO_DOT_SIZE 9.0
#define YAHOO_DOT_RADIUS 20.0      /* where the dots sit at rest */
#define YAHOO_EXIT_NEAR_RADIUS 35.0 /* dots 0 and 3 in the first exit keyframe */
#define YAHOO_EXIT_FAR_RADIUS 50.0  /* the other dots in the first exit keyframe */
#define YAHOO_FLOOD_DOT 5           /* the purple dot, drawn last, so on top */
#define YAHOO_CYCLE_DURATION 0.9
#define YAHOO_EXIT_DURATION 1.0
#define YAHOO_FAIL_DURATION 0.9
#define YAHOO_FAIL_SHAKE 0.55  /* fraction of the failure exit the shake takes */
#define YAHOO_FAIL_DRAIN 0.35  /* fraction over which the colours drain */
#define YAHOO_FAIL_DROP 30.0   /* how far each dot falls */
#define YAHOO_FAIL_FALL 0.28   /* fraction one dot's fall takes (the last ends at 0.98) */
#define YAHOO_FAIL_STAGGER 0.03 /* between one dot's fall and the next */

#define RGB(r, g, b) { (r) / 255.0, (g) / 255.0, (b) / 255.0, 1.0 }

static const rh_color_t yahoo_background = RGB(0xF7, 0xF5, 0xF5);
static const rh_color_t yahoo_purple = RGB(0x80, 0x00, 0x80);
/* A failed refresh drains the dots to this warm grey: dead, but still
 * readable on the pale background. */
static const rh_color_t yahoo_grey = RGB(0xA8, 0xA4, 0xA4);

/* The failure shake: the group's x offsets, one per equal step, dying away
 * like a head shaken "no". */
#define YAHOO_SHAKE_STEPS 6
static const double yahoo_shake[YAHOO_SHAKE_STEPS] = { 9.0, -7.0, 5.0, -3.0, 1.5, 0.0 };

/* The dot colours, in order round the circle. They are UIKit's named colours
 * (red, orange, yellow, green, blue, purple), which the original used; green
 * is therefore the pure #00FF00 of UIColor.green. */
static const rh_color_t yahoo_dot_colors[YAHOO_DOT_COUNT] = {
    RGB(0xFF, 0x00, 0x00), /* red */
    RGB(0xFF, 0x80, 0x00), /* orange */
    RGB(0xFF, 0xFF, 0x00), /* yellow */
    RGB(0x00, 0xFF, 0x00), /* green */
    RGB(0x00, 0x00, 0xFF), /* blue */
    RGB(0x80, 0x00, 0x80), /* purple */
};

/* Everything one instance owns. The rh_instance_t handed to the host lives
 * inside it, and its plugin_data points back here. */
typedef struct yahoo {
    rh_instance_t instance;
    const rh_host_t *host;
    rh_layer_t root;
    rh_layer_t group;
    rh_layer_t dots[YAHOO_DOT_COUNT];
    double width;     /* root width at setup, for the centre and the flood scale */
    rh_done_fn done;  /* the pending exit's done(), NULL when none is pending */
} yahoo_t;

static yahoo_t *yahoo_from(const rh_instance_t *instance)
{
    return (yahoo_t *)instance->plugin_data;
}

/* The host already logs a refused call; we add which step of the style it
 * was, so a failure is traceable to this file. Returns true on success. */
static bool check(const yahoo_t *y, rh_status_t status, const char *what)
{
    if (status == RH_OK)
        return true;
    char message[160];
    snprintf(message, sizeof message, "yahoo: %s failed with status %d", what, (int)status);
    y->host->log(y->host, RH_LOG_WARNING, message);
    return false;
}

static void set(const yahoo_t *y, rh_layer_t layer, rh_property_t property, double value,
                const char *what)
{
    check(y, y->host->layer_set(y->host, layer, property, value), what);
}

static void set_fill(const yahoo_t *y, rh_layer_t layer, const rh_color_t *color, const char *what)
{
    check(y, y->host->layer_set_color(y->host, layer, RH_COLOR_FILL, color), what);
}

/* Angle of dot i: the first at pi/2 (straight down, since y grows
 * downward), then every pi/3 clockwise. */
static double dot_angle(int i)
{
    return YAHOO_PI / 2.0 + i * (YAHOO_PI / 3.0);
}

/* Moves dot i to `radius` from the group's centre, along its own angle. */
static void place_dot(const yahoo_t *y, int i, double radius, const char *what)
{
    double a = dot_angle(i);
    set(y, y->dots[i], RH_PROP_POSITION_X, YAHOO_CENTRE + radius * cos(a), what);
    set(y, y->dots[i], RH_PROP_POSITION_Y, YAHOO_CENTRE + radius * sin(a), what);
}

/* The scale at which a YAHOO_DOT_SIZE circle centred on the group covers
 * the whole header: its radius must reach the farthest corner, at
 * hypot(width/2, height/2) from the centre. 10% more hides antialiasing at
 * the corners. Clamped to the host's accepted range. */
static double flood_scale(const yahoo_t *y)
{
    double half_diagonal = hypot(y->width / 2.0, YAHOO_HEIGHT / 2.0);
    double scale = 1.1 * 2.0 * half_diagonal / YAHOO_DOT_SIZE;
    return scale > 1e4 ? 1e4 : scale;
}

/* ---------------------------------------------------------------------- */
/* Instance callbacks                                                       */
/* ---------------------------------------------------------------------- */

static bool yahoo_setup(const rh_instance_t *instance, rh_layer_t root)
{
    yahoo_t *y = yahoo_from(instance);
    const rh_host_t *h = y->host;
    y->root = root;

    if (!check(y, h->layer_get(h, root, RH_PROP_WIDTH, &y->width), "reading the root width"))
        return false;
    set_fill(y, root, &yahoo_background, "setup: root fill");
    /* The exit's flood grows past the header: keep it inside. */
    set(y, root, RH_PROP_CLIPS_TO_BOUNDS, 1.0, "setup: root clips");

    y->group = h->layer_create(h, RH_LAYER_GROUP, root);
    if (y->group == RH_LAYER_NONE) {
        h->log(h, RH_LOG_WARNING, "yahoo: setup: could not create the group layer");
        return false;
    }
    /* Anchor 0.5, 0.5 (set explicitly, though it is the default) so the
     * cycle's rotation turns the group about its centre. */
    set(y, y->group, RH_PROP_WIDTH, YAHOO_GROUP_SIZE, "setup: group width");
    set(y, y->group, RH_PROP_HEIGHT, YAHOO_GROUP_SIZE, "setup: group height");
    set(y, y->group, RH_PROP_ANCHOR_X, 0.5, "setup: group anchor x");
    set(y, y->group, RH_PROP_ANCHOR_Y, 0.5, "setup: group anchor y");
    set(y, y->group, RH_PROP_POSITION_X, y->width / 2.0, "setup: group x");
    set(y, y->group, RH_PROP_POSITION_Y, YAHOO_HEIGHT / 2.0, "setup: group y");

    for (int i = 0; i < YAHOO_DOT_COUNT; i++) {
        y->dots[i] = h->layer_create(h, RH_LAYER_ELLIPSE, y->group);
        if (y->dots[i] == RH_LAYER_NONE) {
            h->log(h, RH_LOG_WARNING, "yahoo: setup: could not create a dot layer");
            return false;
        }
        set(y, y->dots[i], RH_PROP_WIDTH, YAHOO_DOT_SIZE, "setup: dot width");
        set(y, y->dots[i], RH_PROP_HEIGHT, YAHOO_DOT_SIZE, "setup: dot height");
        set_fill(y, y->dots[i], &yahoo_dot_colors[i], "setup: dot colour");
        place_dot(y, i, YAHOO_DOT_RADIUS, "setup: dot position");
    }
    return true;
}

static void yahoo_destroy(const rh_instance_t *instance)
{
    /* The host removes our layers and animations itself, and never calls a
     * completion of ours after this, so freeing the struct is all. */
    free(yahoo_from(instance));
}

static void yahoo_setup_for_cycle(const rh_instance_t *instance)
{
    yahoo_t *y = yahoo_from(instance);
    /* A key-path animation, because an animate block tweens between model
     * values and 0 -> 2*pi would look like no turn at all. The model
     * rotation stays 0, so the next cycle starts from upright. */
    rh_basic_animation_t spin = {
        .struct_size = sizeof spin,
        .property = RH_PROP_ROTATION,
        .from = 0.0,
        .to = 2.0 * YAHOO_PI,
        .duration = YAHOO_CYCLE_DURATION,
        .delay = 0.0,
        .curve = RH_CURVE_LINEAR,
        .repeat_count = 1.0,
        .autoreverse = false,
    };
    check(y, y->host->layer_add_animation(y->host, y->group, &spin, NULL, NULL),
          "setup_for_cycle: group rotation");
}

/* Hands control back to the host. Clears before calling so done() runs
 * exactly once even if we got here twice (a cancelled block followed by a
 * direct call, say). */
static void yahoo_call_done(yahoo_t *y)
{
    rh_done_fn done = y->done;
    y->done = NULL;
    if (done)
        done();
}

/* End of the exit: leave the header flooded purple with the dots hidden,
 * then hand control back to the host. Runs from the block's completion, or
 * directly if the block could not be committed. */
static void yahoo_finish_exit(yahoo_t *y)
{
    set(y, y->group, RH_PROP_OPACITY, 0.0, "exit: group opacity");
    set_fill(y, y->root, &yahoo_purple, "exit: root fill");
    yahoo_call_done(y);
}

static void yahoo_exit_completed(void *user, bool finished)
{
    /* Call done() even when cancelled (finished == false): the host is
     * waiting for it, and the final state is set here regardless. */
    (void)finished;
    yahoo_finish_exit((yahoo_t *)user);
}

static void yahoo_exit(const rh_instance_t *instance, rh_done_fn done)
{
    yahoo_t *y = yahoo_from(instance);
    const rh_host_t *h = y->host;
    y->done = done;

    rh_timing_t timing = {
        .struct_size = sizeof timing,
        .duration = YAHOO_EXIT_DURATION,
        .delay = 0.0,
        .curve = RH_CURVE_KEYFRAMES,
    };
    if (!check(y, h->animate_begin(h, &timing), "exit: animate_begin")) {
        /* No block: skip the animation rather than leave the host waiting. */
        yahoo_finish_exit(y);
        return;
    }

    /* 0.0-0.4 s: dots 0 and 3 (the vertical pair) step out a little, the
     * other four further. */
    check(y, h->animate_keyframe(h, 0.0, 0.4), "exit: keyframe 1");
    for (int i = 0; i < YAHOO_DOT_COUNT; i++) {
        double r = (i == 0 || i == 3) ? YAHOO_EXIT_NEAR_RADIUS : YAHOO_EXIT_FAR_RADIUS;
        place_dot(y, i, r, "exit: dot out");
    }

    /* 0.4-0.7 s: every dot collapses into the centre. */
    check(y, h->animate_keyframe(h, 0.4, 0.3), "exit: keyframe 2");
    for (int i = 0; i < YAHOO_DOT_COUNT; i++)
        place_dot(y, i, 0.0, "exit: dot in");

    /* 0.7-1.0 s: the purple dot, on top of the others, grows over the
     * whole header. */
    check(y, h->animate_keyframe(h, 0.7, 0.3), "exit: keyframe 3");
    set(y, y->dots[YAHOO_FLOOD_DOT], RH_PROP_SCALE, flood_scale(y), "exit: flood scale");

    if (!check(y, h->animate_commit(h, yahoo_exit_completed, y), "exit: animate_commit"))
        yahoo_finish_exit(y); /* the completion will never come */
}

/* End of the failure exit: every dot gone (also when the block was cut
 * short), then done. */
static void yahoo_finish_failure(yahoo_t *y)
{
    for (int i = 0; i < YAHOO_DOT_COUNT; i++)
        set(y, y->dots[i], RH_PROP_OPACITY, 0.0, "failure: dot opacity");
    yahoo_call_done(y);
}

static void yahoo_failure_completed(void *user, bool finished)
{
    /* As the success exit: done() even when cancelled, the host waits. */
    (void)finished;
    yahoo_finish_failure((yahoo_t *)user);
}

/* The failure ending: no burst and no flood. The ring shakes "no" while its
 * colours drain to grey, then the dots drop out of it one by one and fade. */
static void yahoo_exit_failure(yahoo_t *y, rh_done_fn done)
{
    const rh_host_t *h = y->host;
    y->done = done;

    rh_timing_t timing = {
        .struct_size = sizeof timing,
        .duration = YAHOO_FAIL_DURATION,
        .delay = 0.0,
        .curve = RH_CURVE_KEYFRAMES,
    };
    if (!check(y, h->animate_begin(h, &timing), "failure: animate_begin")) {
        yahoo_finish_failure(y);
        return;
    }

    /* 0.0-0.5 s: the group swings left and right, less each time. Its
     * translation is free: the cycle only ever turns it. */
    const double step = YAHOO_FAIL_SHAKE / YAHOO_SHAKE_STEPS;
    for (int k = 0; k < YAHOO_SHAKE_STEPS; k++) {
        check(y, h->animate_keyframe(h, k * step, step), "failure: shake keyframe");
        set(y, y->group, RH_PROP_TRANSLATION_X, yahoo_shake[k], "failure: shake");
    }

    /* 0.0-0.3 s, over the first swings: the colours drain out. */
    check(y, h->animate_keyframe(h, 0.0, YAHOO_FAIL_DRAIN), "failure: drain keyframe");
    for (int i = 0; i < YAHOO_DOT_COUNT; i++)
        set_fill(y, y->dots[i], &yahoo_grey, "failure: dot grey");

    /* 0.5-0.9 s: the dots fall out of the ring, one after another round it,
     * fading as they go. */
    for (int i = 0; i < YAHOO_DOT_COUNT; i++) {
        check(y, h->animate_keyframe(h, YAHOO_FAIL_SHAKE + i * YAHOO_FAIL_STAGGER, YAHOO_FAIL_FALL),
              "failure: drop keyframe");
        set(y, y->dots[i], RH_PROP_TRANSLATION_Y, YAHOO_FAIL_DROP, "failure: dot drop");
        set(y, y->dots[i], RH_PROP_OPACITY, 0.0, "failure: dot fade");
    }

    if (!check(y, h->animate_commit(h, yahoo_failure_completed, y), "failure: animate_commit"))
        yahoo_finish_failure(y); /* the completion will never come */
}

/* ABI 1.3: a failed refresh gets its own ending; success, "no more" (the
 * content is current, which the flood celebrates as well as success) and
 * kinds newer than this file play the usual exit. `kind` is read only when
 * the host's struct holds it. */
static void yahoo_exit_with_result(const rh_instance_t *instance, const rh_refresh_result_t *result,
                                   rh_done_fn done)
{
    if (result != NULL && RH_HAS_FIELD(result, rh_refresh_result_t, kind) &&
        result->kind == RH_RESULT_FAILURE)
        yahoo_exit_failure(yahoo_from(instance), done);
    else
        yahoo_exit(instance, done);
}

static void yahoo_reset(const rh_instance_t *instance)
{
    yahoo_t *y = yahoo_from(instance);
    /* Plain sets outside any block apply at once and cancel leftover block
     * animations of the same properties. */
    for (int i = 0; i < YAHOO_DOT_COUNT; i++) {
        place_dot(y, i, YAHOO_DOT_RADIUS, "reset: dot position");
        set(y, y->dots[i], RH_PROP_SCALE, 1.0, "reset: dot scale");
        /* What the failure exit changed. */
        set(y, y->dots[i], RH_PROP_TRANSLATION_Y, 0.0, "reset: dot drop");
        set(y, y->dots[i], RH_PROP_OPACITY, 1.0, "reset: dot opacity");
        set_fill(y, y->dots[i], &yahoo_dot_colors[i], "reset: dot colour");
    }
    set(y, y->group, RH_PROP_TRANSLATION_X, 0.0, "reset: group shake");
    set(y, y->group, RH_PROP_OPACITY, 1.0, "reset: group opacity");
    set(y, y->group, RH_PROP_ROTATION, 0.0, "reset: group rotation");
    set_fill(y, y->root, &yahoo_background, "reset: root fill");
    y->done = NULL;
}

/* ---------------------------------------------------------------------- */
/* Descriptor and entry                                                     */
/* ---------------------------------------------------------------------- */

static const char *const yahoo_tags[] = { "dots", "exit-animation", "card", NULL };

static const rh_style_descriptor_t yahoo_descriptor = {
    .struct_size = sizeof(rh_style_descriptor_t),
    .id = "com.refreshhost.yahoo",
    .name = "Yahoo News Digest",
    .version = "1.0.0",
    .vendor = "RefreshHost",
    .description = "Six coloured dots spin in a ring, then burst, collapse and flood the "
                   "header purple when the refresh ends.",
    .tags = yahoo_tags,
    .height = YAHOO_HEIGHT,
    .cycle_duration = YAHOO_CYCLE_DURATION,
    .cycle_delay = 0.0,
    .cycle_curve = RH_CURVE_LINEAR,
    /* Unused with a LINEAR curve; UIKit's defaults keep the values valid. */
    .cycle_spring_damping = 0.8,
    .cycle_spring_velocity = 1.0,
    .presentation = RH_PRESENTATION_SLIDE_DOWN,
    .anchor = RH_ANCHOR_MIDDLE,
};

static uint32_t yahoo_style_count(void)
{
    return 1;
}

static const rh_style_descriptor_t *yahoo_style_descriptor(uint32_t index)
{
    return index == 0 ? &yahoo_descriptor : NULL;
}

static const rh_instance_t *yahoo_create(const rh_host_t *host, const char *style_id)
{
    if (host == NULL || style_id == NULL || strcmp(style_id, yahoo_descriptor.id) != 0)
        return NULL;
    yahoo_t *y = calloc(1, sizeof *y);
    if (y == NULL)
        return NULL;
    y->host = host;
    y->instance = (rh_instance_t){
        .struct_size = sizeof(rh_instance_t),
        .plugin_data = y,
        .setup = yahoo_setup,
        .destroy = yahoo_destroy,
        .pull = NULL, /* nothing happens while pulling */
        .state_changed = NULL,
        .setup_for_cycle = yahoo_setup_for_cycle,
        .cycle = NULL, /* the key-path animation from setup_for_cycle is the cycle */
        .exit = yahoo_exit,
        .reset = yahoo_reset,
        .tick = NULL,
        .get_extension = NULL,
        .position = NULL,
        .closed = NULL,
        .exit_with_result = yahoo_exit_with_result,
    };
    return &y->instance;
}

static const rh_entry_t yahoo_entry = {
    .abi_version = { RH_ABI_VERSION_MAJOR, RH_ABI_VERSION_MINOR, RH_ABI_VERSION_PATCH },
    .struct_size = sizeof(rh_entry_t),
    .init = NULL,
    .deinit = NULL,
    .style_count = yahoo_style_count,
    .style_descriptor = yahoo_style_descriptor,
    .create = yahoo_create,
};

RH_EXPORT const rh_entry_t *rh_entry(void)
{
    return &yahoo_entry;
}

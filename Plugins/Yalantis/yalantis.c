/*
 * yalantis.c - the default refresher of Yalantis' PullToRefresh, as a C11
 * plugin: a grey activity spinner (UIActivityIndicatorView, gray style)
 * centred in a 40 pt transparent header.
 *
 * Yalantis' states map onto the host's lifecycle like this:
 *   releasing(p)  pull(): the spinner scales by p and turns 2*pi*p; a
 *                 progress under 0.1 counts as initial (hidden, scale 0).
 *   loading       entering REFRESHING shows it at full size, and each cycle
 *                 turns it once in 12 steps of 30 degrees, as the real
 *                 indicator does (its spokes jump, they do not glide): the
 *                 cycle is a 1 s KEYFRAMES block of 12 zero-length keyframes.
 *   hide          Yalantis hides with a spring (1 s, damping 0.4, velocity
 *                 0.8). The host closes the header itself (0.25 s, after
 *                 done), so the spring is the exit: the spinner springs up
 *                 out of the header (the root clips), the way the list
 *                 springs up over it in the original; done() then follows.
 *                 A failed refresh (ABI 1.3) does not spring away: the
 *                 stopped spinner turns a muted red, shakes "no" and fades
 *                 out where it is (0.7 s).
 *   initial       reset(): hidden, scale 0, upright, as after setup.
 *
 * The spinner: 12 rounded spokes (2 x 5.5 pt, from radius 4.5 to 10) in a
 * 20 x 20 group, grey #808080 (UIColor.gray); the spoke at 12 o'clock is
 * opaque and the alpha falls by steps counter-clockwise, so the bright head
 * leads as the group turns clockwise.
 *
 * One struct per instance (no globals but constants); exports only rh_entry.
 * Build (the root Makefile uses this line):
 *   cc -std=c11 -O2 -Wall -Wextra -Werror -fPIC -fvisibility=hidden -shared \
 *      -I<dir of refresh_host.h> -o libYalantisStyle.so yalantis.c -lm
 */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "refresh_host.h"

#define YAL_HEIGHT 40.0
#define YAL_CYCLE_DURATION 1.0 /* one turn of the indicator */
#define YAL_SPOKES 12
#define YAL_SIZE 20.0           /* the gray indicator's box */
#define YAL_SPOKE_WIDTH 2.0
#define YAL_SPOKE_LENGTH 5.5
#define YAL_SPOKE_INNER 4.5     /* inner end's distance from the centre */
#define YAL_MIN_ALPHA 0.25      /* the spoke just behind the head */
#define YAL_MIN_PROGRESS 0.1    /* below: Yalantis' initial state */
#define YAL_HIDE_DURATION 1.0
#define YAL_HIDE_DAMPING 0.4
#define YAL_HIDE_VELOCITY 0.8
#define YAL_FAIL_DURATION 0.7
#define YAL_FAIL_SHAKE 0.6      /* fraction of the failure exit the shake takes */
#define YAL_FAIL_TINT 0.2       /* fraction over which the spokes turn red */
#define YAL_FAIL_SHRINK 0.7     /* the spinner's scale as it fades */
#define YAL_SHAKE_STEPS 6

static const rh_color_t yal_grey = { 0.5, 0.5, 0.5, 1.0 };
/* A failed refresh: a muted red, no brighter than the grey. */
static const rh_color_t yal_fail_red = { 0.76, 0.31, 0.29, 1.0 };
/* The failure shake: x offsets, one per equal step, dying away. Small, as
 * the spinner is only 20 pt. */
static const double yal_shake[YAL_SHAKE_STEPS] = { 5.0, -4.0, 3.0, -2.0, 1.0, 0.0 };

typedef struct yalantis {
    rh_instance_t instance;
    const rh_host_t *host;
    rh_layer_t root;
    rh_layer_t spinner;
    rh_layer_t spokes[YAL_SPOKES];
    rh_done_fn done; /* the pending exit's done(), NULL when none is pending */
} yalantis_t;

static yalantis_t *yal_from(const rh_instance_t *instance)
{
    return (yalantis_t *)instance->plugin_data;
}

/* The host already logged the refusal; this names the step that failed. */
static bool yal_check(const yalantis_t *y, rh_status_t status, const char *what)
{
    if (status == RH_OK)
        return true;
    char message[160];
    snprintf(message, sizeof message, "yalantis: %s failed with status %d", what, (int)status);
    y->host->log(y->host, RH_LOG_WARNING, message);
    return false;
}

static void yal_set(const yalantis_t *y, rh_layer_t layer, rh_property_t property, double value,
                    const char *what)
{
    yal_check(y, y->host->layer_set(y->host, layer, property, value), what);
}

/* The spinner as a pull of `progress` leaves it (Yalantis' releasing). */
static void yal_show_progress(const yalantis_t *y, double progress, const char *what)
{
    bool initial = progress < YAL_MIN_PROGRESS;
    yal_set(y, y->spinner, RH_PROP_HIDDEN, initial ? 1.0 : 0.0, what);
    yal_set(y, y->spinner, RH_PROP_SCALE, initial ? 0.0 : progress, what);
    yal_set(y, y->spinner, RH_PROP_ROTATION, initial ? 0.0 : 2.0 * RH_PI * progress, what);
}

static bool yal_setup(const rh_instance_t *instance, rh_layer_t root)
{
    yalantis_t *y = yal_from(instance);
    const rh_host_t *h = y->host;
    y->root = root;

    double width = 0;
    if (!yal_check(y, h->layer_get(h, root, RH_PROP_WIDTH, &width), "setup: reading the root width"))
        return false;
    /* The exit springs the spinner up and out of the header. */
    yal_set(y, root, RH_PROP_CLIPS_TO_BOUNDS, 1.0, "setup: root clips");

    y->spinner = h->layer_create(h, RH_LAYER_GROUP, root);
    if (y->spinner == RH_LAYER_NONE) {
        h->log(h, RH_LOG_WARNING, "yalantis: setup: could not create the spinner");
        return false;
    }
    yal_set(y, y->spinner, RH_PROP_WIDTH, YAL_SIZE, "setup: spinner width");
    yal_set(y, y->spinner, RH_PROP_HEIGHT, YAL_SIZE, "setup: spinner height");
    yal_set(y, y->spinner, RH_PROP_POSITION_X, width / 2.0, "setup: spinner x");
    yal_set(y, y->spinner, RH_PROP_POSITION_Y, YAL_HEIGHT / 2.0, "setup: spinner y");

    const double mid = YAL_SPOKE_INNER + YAL_SPOKE_LENGTH / 2.0; /* spoke centre's radius */
    for (int i = 0; i < YAL_SPOKES; i++) {
        /* Spoke i sits i steps counter-clockwise from 12 o'clock. */
        double angle = -i * (2.0 * RH_PI / YAL_SPOKES);
        rh_layer_t s = h->layer_create(h, RH_LAYER_RECT, y->spinner);
        if (s == RH_LAYER_NONE) {
            h->log(h, RH_LOG_WARNING, "yalantis: setup: could not create a spoke");
            return false;
        }
        y->spokes[i] = s;
        yal_set(y, s, RH_PROP_WIDTH, YAL_SPOKE_WIDTH, "setup: spoke width");
        yal_set(y, s, RH_PROP_HEIGHT, YAL_SPOKE_LENGTH, "setup: spoke length");
        yal_set(y, s, RH_PROP_CORNER_RADIUS, YAL_SPOKE_WIDTH / 2.0, "setup: spoke rounding");
        /* Rotating a vertical spoke by `angle` about its centre, placed on
         * the ray at `angle` from 12 o'clock (y grows downward). */
        yal_set(y, s, RH_PROP_POSITION_X, YAL_SIZE / 2.0 + mid * sin(angle), "setup: spoke x");
        yal_set(y, s, RH_PROP_POSITION_Y, YAL_SIZE / 2.0 - mid * cos(angle), "setup: spoke y");
        yal_set(y, s, RH_PROP_ROTATION, angle, "setup: spoke angle");
        yal_set(y, s, RH_PROP_OPACITY, 1.0 - i * (1.0 - YAL_MIN_ALPHA) / (YAL_SPOKES - 1), "setup: spoke alpha");
        if (!yal_check(y, h->layer_set_color(h, s, RH_COLOR_FILL, &yal_grey), "setup: spoke colour"))
            return false;
    }
    yal_show_progress(y, 0.0, "setup: initial");
    return true;
}

static void yal_destroy(const rh_instance_t *instance)
{
    /* The host removes the layers and never calls our completion after this. */
    free(yal_from(instance));
}

static void yal_pull(const rh_instance_t *instance, double distance, double ratio, double velocity)
{
    (void)distance;
    (void)velocity;
    yal_show_progress(yal_from(instance), ratio, "pull");
}

static void yal_state_changed(const rh_instance_t *instance, rh_state_t old_state, rh_state_t new_state)
{
    (void)old_state;
    /* Loading shows the indicator at full size, also after a programmatic
     * start that no pull preceded (startAnimating un-hides it). */
    if (new_state == RH_STATE_REFRESHING) {
        yalantis_t *y = yal_from(instance);
        yal_set(y, y->spinner, RH_PROP_HIDDEN, 0.0, "loading: show");
        yal_set(y, y->spinner, RH_PROP_SCALE, 1.0, "loading: scale");
    }
}

/* Each turn starts upright (the last one ended on 2*pi, which looks the same). */
static void yal_setup_for_cycle(const rh_instance_t *instance)
{
    yalantis_t *y = yal_from(instance);
    yal_set(y, y->spinner, RH_PROP_ROTATION, 0.0, "setup_for_cycle: upright");
}

/* Inside the host's 1 s KEYFRAMES block: twelve zero-length keyframes, so
 * the spinner holds each step for 1/12 s and then jumps 30 degrees. */
static void yal_cycle(const rh_instance_t *instance)
{
    yalantis_t *y = yal_from(instance);
    const rh_host_t *h = y->host;
    for (int k = 1; k <= YAL_SPOKES; k++) {
        if (!yal_check(y, h->animate_keyframe(h, (double)k / YAL_SPOKES, 0.0), "cycle: keyframe"))
            return;
        yal_set(y, y->spinner, RH_PROP_ROTATION, k * (2.0 * RH_PI / YAL_SPOKES), "cycle: step");
    }
}

static void yal_finish_exit(yalantis_t *y)
{
    /* Cleared before the call, so done() runs once whatever path got here. */
    rh_done_fn done = y->done;
    y->done = NULL;
    if (done)
        done();
}

static void yal_exit_completed(void *user, bool finished)
{
    /* A cancelled spring still ends the exit: the host is waiting. */
    (void)finished;
    yal_finish_exit((yalantis_t *)user);
}

static void yal_exit(const rh_instance_t *instance, rh_done_fn done)
{
    yalantis_t *y = yal_from(instance);
    const rh_host_t *h = y->host;
    y->done = done;
    rh_timing_t spring = {
        .struct_size = sizeof spring,
        .duration = YAL_HIDE_DURATION,
        .delay = 0.0,
        .curve = RH_CURVE_SPRING,
        .spring_damping = YAL_HIDE_DAMPING,
        .spring_velocity = YAL_HIDE_VELOCITY,
    };
    if (!yal_check(y, h->animate_begin(h, &spring), "exit: animate_begin")) {
        yal_finish_exit(y);
        return;
    }
    /* Up by the header's height, past its top edge: out of sight. */
    yal_set(y, y->spinner, RH_PROP_TRANSLATION_Y, -YAL_HEIGHT, "exit: rise");
    if (!yal_check(y, h->animate_commit(h, yal_exit_completed, y), "exit: animate_commit"))
        yal_finish_exit(y);
}

static void yal_set_spokes(const yalantis_t *y, const rh_color_t *color, const char *what)
{
    for (int i = 0; i < YAL_SPOKES; i++)
        yal_check(y, y->host->layer_set_color(y->host, y->spokes[i], RH_COLOR_FILL, color), what);
}

/* The failure ending: the spinner stays where it stopped, turns red, shakes
 * its head and fades out while shrinking a little. One KEYFRAMES block, so
 * its completion is the one place done() comes from. */
static void yal_exit_failure(yalantis_t *y, rh_done_fn done)
{
    const rh_host_t *h = y->host;
    y->done = done;
    rh_timing_t timing = {
        .struct_size = sizeof timing,
        .duration = YAL_FAIL_DURATION,
        .delay = 0.0,
        .curve = RH_CURVE_KEYFRAMES,
    };
    if (!yal_check(y, h->animate_begin(h, &timing), "failure: animate_begin")) {
        yal_finish_exit(y);
        return;
    }
    /* 0-0.14 s: the spokes turn red (their graded alphas stay). */
    yal_check(y, h->animate_keyframe(h, 0.0, YAL_FAIL_TINT), "failure: tint keyframe");
    yal_set_spokes(y, &yal_fail_red, "failure: spoke colour");
    /* 0-0.42 s: left, right, less each time. */
    const double step = YAL_FAIL_SHAKE / YAL_SHAKE_STEPS;
    for (int k = 0; k < YAL_SHAKE_STEPS; k++) {
        yal_check(y, h->animate_keyframe(h, k * step, step), "failure: shake keyframe");
        yal_set(y, y->spinner, RH_PROP_TRANSLATION_X, yal_shake[k], "failure: shake");
    }
    /* 0.42-0.7 s: it dims away where it is. */
    yal_check(y, h->animate_keyframe(h, YAL_FAIL_SHAKE, 1.0 - YAL_FAIL_SHAKE), "failure: fade keyframe");
    yal_set(y, y->spinner, RH_PROP_OPACITY, 0.0, "failure: fade");
    yal_set(y, y->spinner, RH_PROP_SCALE, YAL_FAIL_SHRINK, "failure: shrink");
    if (!yal_check(y, h->animate_commit(h, yal_exit_completed, y), "failure: animate_commit"))
        yal_finish_exit(y);
}

/* ABI 1.3: a failed refresh gets its own ending; success, "no more" and
 * kinds newer than this file spring away as before. `kind` is read only
 * when the host's struct holds it. */
static void yal_exit_with_result(const rh_instance_t *instance, const rh_refresh_result_t *result,
                                 rh_done_fn done)
{
    if (result != NULL && RH_HAS_FIELD(result, rh_refresh_result_t, kind) &&
        result->kind == RH_RESULT_FAILURE)
        yal_exit_failure(yal_from(instance), done);
    else
        yal_exit(instance, done);
}

/* Back to the state after setup: plain sets cancel what either exit left. */
static void yal_reset(const rh_instance_t *instance)
{
    yalantis_t *y = yal_from(instance);
    yal_set(y, y->spinner, RH_PROP_TRANSLATION_Y, 0.0, "reset: translation");
    yal_set(y, y->spinner, RH_PROP_TRANSLATION_X, 0.0, "reset: shake");
    yal_set(y, y->spinner, RH_PROP_OPACITY, 1.0, "reset: opacity");
    yal_set_spokes(y, &yal_grey, "reset: spoke colour");
    yal_show_progress(y, 0.0, "reset: initial");
    y->done = NULL;
}

static const char *const yal_tags[] = { "spinner", "minimal", NULL };

static const rh_style_descriptor_t yal_descriptor = {
    .struct_size = sizeof(rh_style_descriptor_t),
    .id = "com.refreshhost.yalantis",
    .name = "Yalantis",
    .version = "1.0.0",
    .vendor = "RefreshHost",
    .description = "A grey activity spinner that grows and turns with the pull, spins while "
                   "refreshing and springs away at the end.",
    .tags = yal_tags,
    .height = YAL_HEIGHT,
    .cycle_duration = YAL_CYCLE_DURATION,
    .cycle_delay = 0.0,
    .cycle_curve = RH_CURVE_KEYFRAMES,
    /* Unused without a SPRING curve; UIKit's defaults keep the values valid. */
    .cycle_spring_damping = 0.8,
    .cycle_spring_velocity = 1.0,
    .presentation = RH_PRESENTATION_SLIDE_DOWN,
    .anchor = RH_ANCHOR_TOP,
};

static uint32_t yal_style_count(void)
{
    return 1;
}

static const rh_style_descriptor_t *yal_style_descriptor(uint32_t index)
{
    return index == 0 ? &yal_descriptor : NULL;
}

static const rh_instance_t *yal_create(const rh_host_t *host, const char *style_id)
{
    if (host == NULL || style_id == NULL || strcmp(style_id, yal_descriptor.id) != 0)
        return NULL;
    yalantis_t *y = calloc(1, sizeof *y);
    if (y == NULL)
        return NULL;
    y->host = host;
    y->instance = (rh_instance_t){
        .struct_size = sizeof(rh_instance_t),
        .plugin_data = y,
        .setup = yal_setup,
        .destroy = yal_destroy,
        .pull = yal_pull,
        .state_changed = yal_state_changed,
        .setup_for_cycle = yal_setup_for_cycle,
        .cycle = yal_cycle,
        .exit = yal_exit,
        .reset = yal_reset,
        .tick = NULL,
        .get_extension = NULL,
        .position = NULL,
        .closed = NULL,
        .exit_with_result = yal_exit_with_result,
    };
    return &y->instance;
}

static const rh_entry_t yal_entry = {
    .abi_version = { RH_ABI_VERSION_MAJOR, RH_ABI_VERSION_MINOR, RH_ABI_VERSION_PATCH },
    .struct_size = sizeof(rh_entry_t),
    .init = NULL,
    .deinit = NULL,
    .style_count = yal_style_count,
    .style_descriptor = yal_style_descriptor,
    .create = yal_create,
};

RH_EXPORT const rh_entry_t *rh_entry(void)
{
    return &yal_entry;
}

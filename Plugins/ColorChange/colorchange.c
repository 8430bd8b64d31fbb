/*
 * colorchange.c - JHPullToRefreshKit's "ColorChange" example, as a C11 plugin.
 *
 * The whole style is the header's background colour: each 0.3 s ease-in-out
 * cycle tweens it to the next colour of blue, purple, red, orange, yellow,
 * green, cyan, and round again.
 *
 * The original never set a colour before its first cycle, so the header was
 * clear while pulling and cycle 1 faded in from nothing. Ours sets the first
 * colour at setup: the header is blue while pulling (and at rest), cycle 1
 * tweens blue -> purple, cycle 2 purple -> red, ..., cycle 6 ends on cyan and
 * cycle 7 wraps back to blue. Reset returns to blue and to the start of the
 * list, so every refresh shows the same sequence.
 *
 * A successful refresh has no exit animation (the header closes on the
 * colour it shows); a failed one (ABI 1.3) blinks the header a muted red
 * twice over 0.6 s and closes on that red.
 *
 * One struct per instance (no globals but constants); exports only rh_entry.
 * Build (the root Makefile uses this line):
 *   cc -std=c11 -O2 -Wall -Wextra -Werror -fPIC -fvisibility=hidden -shared \
 *      -I<dir of refresh_host.h> -o libColorChangeStyle.so colorchange.c -lm
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "refresh_host.h"

#define CC_HEIGHT 70.0
#define CC_CYCLE_DURATION 0.3
#define CC_COLOR_COUNT 7
#define CC_FAIL_DURATION 0.6

#define RGB(r, g, b) { (r) / 255.0, (g) / 255.0, (b) / 255.0, 1.0 }

/* JH ColorChange's order, with UIKit's values for the named colours. */
static const rh_color_t cc_colors[CC_COLOR_COUNT] = {
    RGB(0x00, 0x00, 0xFF), /* blue */
    RGB(0x80, 0x00, 0x80), /* purple */
    RGB(0xFF, 0x00, 0x00), /* red */
    RGB(0xFF, 0x80, 0x00), /* orange */
    RGB(0xFF, 0xFF, 0x00), /* yellow */
    RGB(0x00, 0xFF, 0x00), /* green */
    RGB(0x00, 0xFF, 0xFF), /* cyan */
};

/* The failure blink: a muted brick red, unlike the cycle's pure red, and a
 * dark, nearly unlit dip between the two blinks, like a warning light. */
static const rh_color_t cc_fail_red = RGB(0xC2, 0x4A, 0x42);
static const rh_color_t cc_fail_dim = RGB(0x4A, 0x36, 0x34);

typedef struct colorchange {
    rh_instance_t instance;
    const rh_host_t *host;
    rh_layer_t root;
    int shown; /* index of the colour the header shows (its model value) */
    rh_done_fn done; /* the pending failure exit's done(), NULL when none is pending */
} colorchange_t;

static colorchange_t *cc_from(const rh_instance_t *instance)
{
    return (colorchange_t *)instance->plugin_data;
}

/* The host already logged the refusal; this names the step that failed. */
static bool cc_check(const colorchange_t *c, rh_status_t status, const char *what)
{
    if (status == RH_OK)
        return true;
    char message[160];
    snprintf(message, sizeof message, "colorchange: %s failed with status %d", what, (int)status);
    c->host->log(c->host, RH_LOG_WARNING, message);
    return false;
}

static bool cc_show(colorchange_t *c, int index, const char *what)
{
    c->shown = index;
    return cc_check(c, c->host->layer_set_color(c->host, c->root, RH_COLOR_FILL, &cc_colors[index]), what);
}

static bool cc_setup(const rh_instance_t *instance, rh_layer_t root)
{
    colorchange_t *c = cc_from(instance);
    c->root = root;
    return cc_show(c, 0, "setup: root fill");
}

static void cc_destroy(const rh_instance_t *instance)
{
    free(cc_from(instance));
}

/* Inside the host's 0.3 s ease-in-out block: the set tweens. */
static void cc_cycle(const rh_instance_t *instance)
{
    colorchange_t *c = cc_from(instance);
    cc_show(c, (c->shown + 1) % CC_COLOR_COUNT, "cycle: root fill");
}

static void cc_finish_failure(colorchange_t *c)
{
    /* Cleared before the call, so done() runs once whatever path got here. */
    rh_done_fn done = c->done;
    c->done = NULL;
    if (done)
        done();
}

static void cc_failure_completed(void *user, bool finished)
{
    /* A cancelled blink still ends the exit: the host is waiting. */
    (void)finished;
    cc_finish_failure((colorchange_t *)user);
}

/* The colour is the whole style, so the failure is told in colour: the
 * header blinks a muted red twice, like an error light, and stays red while
 * it closes. */
static void cc_exit_failure(colorchange_t *c, rh_done_fn done)
{
    const rh_host_t *h = c->host;
    c->done = done;
    rh_timing_t timing = {
        .struct_size = sizeof timing,
        .duration = CC_FAIL_DURATION,
        .delay = 0.0,
        .curve = RH_CURVE_KEYFRAMES,
    };
    if (!cc_check(c, h->animate_begin(h, &timing), "failure: animate_begin")) {
        cc_finish_failure(c);
        return;
    }
    /* 0-0.15 s red, 0.15-0.27 s down to the dip, 0.27-0.39 s red again,
     * held to the end. */
    const struct { double start, length; const rh_color_t *color; } steps[3] = {
        { 0.0, 0.25, &cc_fail_red },
        { 0.25, 0.2, &cc_fail_dim },
        { 0.45, 0.2, &cc_fail_red },
    };
    for (int i = 0; i < 3; i++) {
        cc_check(c, h->animate_keyframe(h, steps[i].start, steps[i].length), "failure: keyframe");
        cc_check(c, h->layer_set_color(h, c->root, RH_COLOR_FILL, steps[i].color), "failure: root fill");
    }
    if (!cc_check(c, h->animate_commit(h, cc_failure_completed, c), "failure: animate_commit"))
        cc_finish_failure(c); /* the completion will never come */
}

/* ABI 1.3: a failed refresh blinks red. Success, "no more" and kinds newer
 * than this file keep today's ending, which is none: done at once, as the
 * host does for a style without exit(). `kind` is read only when the host's
 * struct holds it. */
static void cc_exit_with_result(const rh_instance_t *instance, const rh_refresh_result_t *result, rh_done_fn done)
{
    colorchange_t *c = cc_from(instance);
    if (result != NULL && RH_HAS_FIELD(result, rh_refresh_result_t, kind) && result->kind == RH_RESULT_FAILURE) {
        cc_exit_failure(c, done);
        return;
    }
    if (done)
        done();
}

/* Outside any block the set applies at once and cancels a cycle's tween
 * (and the failure's blink). */
static void cc_reset(const rh_instance_t *instance)
{
    colorchange_t *c = cc_from(instance);
    cc_show(c, 0, "reset: root fill");
    c->done = NULL;
}

static const char *const cc_tags[] = { "colourful", "minimal", NULL };

static const rh_style_descriptor_t cc_descriptor = {
    .struct_size = sizeof(rh_style_descriptor_t),
    .id = "com.refreshhost.colorchange",
    .name = "Color Change",
    .version = "1.0.0",
    .vendor = "RefreshHost",
    .description = "The header's colour steps through blue, purple, red, orange, yellow, green "
                   "and cyan, one colour per cycle.",
    .tags = cc_tags,
    .height = CC_HEIGHT,
    .cycle_duration = CC_CYCLE_DURATION,
    .cycle_delay = 0.0,
    .cycle_curve = RH_CURVE_EASE_IN_OUT,
    /* Unused without a SPRING curve; UIKit's defaults keep the values valid. */
    .cycle_spring_damping = 0.8,
    .cycle_spring_velocity = 1.0,
    .presentation = RH_PRESENTATION_SLIDE_DOWN,
    .anchor = RH_ANCHOR_TOP,
};

static uint32_t cc_style_count(void)
{
    return 1;
}

static const rh_style_descriptor_t *cc_style_descriptor(uint32_t index)
{
    return index == 0 ? &cc_descriptor : NULL;
}

static const rh_instance_t *cc_create(const rh_host_t *host, const char *style_id)
{
    if (host == NULL || style_id == NULL || strcmp(style_id, cc_descriptor.id) != 0)
        return NULL;
    colorchange_t *c = calloc(1, sizeof *c);
    if (c == NULL)
        return NULL;
    c->host = host;
    c->instance = (rh_instance_t){
        .struct_size = sizeof(rh_instance_t),
        .plugin_data = c,
        .setup = cc_setup,
        .destroy = cc_destroy,
        .pull = NULL, /* the colour does not follow the pull */
        .state_changed = NULL,
        .setup_for_cycle = NULL,
        .cycle = cc_cycle,
        .exit = NULL, /* no exit animation (exit_with_result plays one for a failure) */
        .reset = cc_reset,
        .tick = NULL,
        .get_extension = NULL,
        .position = NULL,
        .closed = NULL,
        .exit_with_result = cc_exit_with_result,
    };
    return &c->instance;
}

static const rh_entry_t cc_entry = {
    .abi_version = { RH_ABI_VERSION_MAJOR, RH_ABI_VERSION_MINOR, RH_ABI_VERSION_PATCH },
    .struct_size = sizeof(rh_entry_t),
    .init = NULL,
    .deinit = NULL,
    .style_count = cc_style_count,
    .style_descriptor = cc_style_descriptor,
    .create = cc_create,
};

RH_EXPORT const rh_entry_t *rh_entry(void)
{
    return &cc_entry;
}

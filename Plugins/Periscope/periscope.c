/*
 * periscope.c - the "Periscope" refresh style, as a plain C11 plugin (ABI 1.1).
 *
 * After Yari D'areglia's "Implementing the Periscope App Pull-to-refresh
 * control" (Think And Build): a #14C2D5 bar with a white bold title. Pulling
 * slides the title down and out while a "Release to Refresh" label, waiting
 * 70 pt above it, slides in and fades up. On release a faintly striped band
 * fades in and slides left forever, one pass of two tiles every 3 s. A
 * failed refresh (ABI 1.3) ends otherwise: the bar turns a muted red while
 * the title shakes "no" and the band fades out (0.7 s).
 *
 * Where the numbers come from (the seed's code, and ../shared/styles.md):
 *   - 70: the seed's stepOffset, the distance the labels travel and the pull
 *     that triggers the loader (`scrollviewOffset >= stepOffset`); so it is
 *     also the style's height. The release label sits 70 above the title.
 *   - 0.5 s: the band's fade-in, `UIView.animateWithDuration(0.5)` (UIKit's
 *     default curve, ease-in-out).
 *   - 3 s and 100 pt: the CABasicAnimation on position.x, `duration = 3`,
 *     `toValue = position.x - 100`, `repeatCount = HUGE`, linear (a basic
 *     animation's default). 100 is the width of the seed's pattern image, two
 *     of our 50 pt tiles. The cycle duration is that 3 s pass.
 *   - The band is twice the bar's width (`rect.size.width * 2`) and starts
 *     at x = 0 (`center.x = bounds.width`).
 *   - Colours, fonts, the 0.3 s exit fade and the tile (50 x 50, one dark
 *     diagonal stripe about 15 wide, alpha 0 at the tile's top rising to 4%
 *     at its bottom) are from styles.md; the seed's tile is a bitmap we do not
 *     copy: it is drawn here with ABI 1.1's layer_set_gradient.
 *   - Presentation BACKGROUND, anchor TOP: in the original the bar stays put
 *     at the top of the screen while the list is pulled away from it, and
 *     the labels move down with the content. The seed never names the
 *     title's text; it is the app's name, "Periscope".
 *
 * Build (the root Makefile uses exactly this line):
 *   cc -std=c11 -O2 -Wall -Wextra -Werror -fPIC -fvisibility=hidden -shared \
 *      -I<dir of refresh_host.h> -o libPeriscopeStyle.so periscope.c -lm
 */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "refresh_host.h"

#define PERISCOPE_HEIGHT 70.0
#define PERISCOPE_STEP 70.0          /* label travel and release label offset (stepOffset) */
#define PERISCOPE_LABEL_HEIGHT 24.0
#define PERISCOPE_TITLE_SIZE 17.0
#define PERISCOPE_RELEASE_SIZE 15.0
#define PERISCOPE_TILE 50.0          /* the stripe pattern repeats every 50 x 50 */
#define PERISCOPE_STRIPE 15.0        /* stripe width, measured along a row */
#define PERISCOPE_STRIPE_ALPHA 0.04  /* stripe darkness at the bottom of a tile */
#define PERISCOPE_SLIDE 100.0        /* two tiles: the pattern looks the same after it */
#define PERISCOPE_SLIDE_DURATION 3.0
#define PERISCOPE_FADE_IN 0.5
#define PERISCOPE_FADE_OUT 0.3
#define PERISCOPE_ROWS 2             /* tile rows needed to cover 70 pt */
#define PERISCOPE_FAIL 0.7           /* the failure ending */
#define PERISCOPE_FAIL_TINT 0.15     /* fractions of it: the bar turns red (quickly:
                                        cyan and red blend through a muddy grey), */
#define PERISCOPE_FAIL_FADE 0.45     /* the band fades, */
#define PERISCOPE_FAIL_SHAKE 0.75    /* the title shakes */
#define PERISCOPE_SHAKE_STEPS 6

static const rh_color_t periscope_bar = { 0x14 / 255.0, 0xC2 / 255.0, 0xD5 / 255.0, 1.0 };
static const rh_color_t periscope_white = { 1.0, 1.0, 1.0, 1.0 };
/* The failed bar: a muted red as flat as the cyan, the white title still
 * readable on it. */
static const rh_color_t periscope_fail = { 0xD0 / 255.0, 0x55 / 255.0, 0x50 / 255.0, 1.0 };
/* The title's x offsets, one per equal step of the shake, dying away. */
static const double periscope_shake[PERISCOPE_SHAKE_STEPS] = { 10.0, -8.0, 6.0, -4.0, 2.0, 0.0 };

/* Black, clear at a tile's top and 4% at its bottom. */
static const rh_gradient_stop_t periscope_stripe_stops[2] = {
    { 0.0, { 0.0, 0.0, 0.0, 0.0 } },
    { 1.0, { 0.0, 0.0, 0.0, PERISCOPE_STRIPE_ALPHA } },
};

/* Everything one instance owns; the rh_instance_t lives inside it. */
typedef struct periscope {
    rh_instance_t instance;
    const rh_host_t *host;
    rh_layer_t root;
    rh_layer_t band;                 /* the sliding group, twice the width */
    rh_layer_t rows[PERISCOPE_ROWS]; /* one PATH per tile row, all its stripes */
    rh_layer_t title;
    rh_layer_t release;
    double width;
    rh_done_fn done;                 /* the pending exit's done(), or NULL */
} periscope_t;

static periscope_t *periscope_from(const rh_instance_t *instance)
{
    return (periscope_t *)instance->plugin_data;
}

/* The host logs a refused call itself; this adds which step it was. */
static bool check(const periscope_t *p, rh_status_t status, const char *what)
{
    if (status == RH_OK)
        return true;
    char message[160];
    snprintf(message, sizeof message, "periscope: %s failed with status %d", what, (int)status);
    p->host->log(p->host, RH_LOG_WARNING, message);
    return false;
}

static void set(const periscope_t *p, rh_layer_t layer, rh_property_t property, double value,
                const char *what)
{
    check(p, p->host->layer_set(p->host, layer, property, value), what);
}

static rh_layer_t make(const periscope_t *p, rh_layer_kind_t kind, rh_layer_t parent, double x, double y,
                       double width, double height)
{
    const rh_host_t *h = p->host;
    rh_layer_t layer = h->layer_create(h, kind, parent);
    if (layer == RH_LAYER_NONE)
        return RH_LAYER_NONE;
    /* Anchor at the top left, so position is the frame's origin. */
    set(p, layer, RH_PROP_ANCHOR_X, 0.0, "setup: anchor x");
    set(p, layer, RH_PROP_ANCHOR_Y, 0.0, "setup: anchor y");
    set(p, layer, RH_PROP_POSITION_X, x, "setup: x");
    set(p, layer, RH_PROP_POSITION_Y, y, "setup: y");
    set(p, layer, RH_PROP_WIDTH, width, "setup: width");
    set(p, layer, RH_PROP_HEIGHT, height, "setup: height");
    return layer;
}

static rh_layer_t make_label(const periscope_t *p, const char *text, double size, double centre_y)
{
    const rh_host_t *h = p->host;
    rh_layer_t label = make(p, RH_LAYER_TEXT, p->root, 0.0, centre_y - PERISCOPE_LABEL_HEIGHT / 2.0,
                            p->width, PERISCOPE_LABEL_HEIGHT);
    if (label == RH_LAYER_NONE)
        return RH_LAYER_NONE;
    check(p, h->layer_set_text(h, label, text), "setup: label text");
    set(p, label, RH_PROP_FONT_SIZE, size, "setup: label size");
    set(p, label, RH_PROP_FONT_WEIGHT, 1.0, "setup: label bold");
    check(p, h->layer_set_color(h, label, RH_COLOR_FILL, &periscope_white), "setup: label colour");
    return label;
}

/* One row of tiles as one path: in every 50 pt tile a stripe running from
 * its bottom left corner to its top right one ("/"), 15 wide along the row.
 * At 45 degrees each stripe meets the next row's and the next tile's, so the
 * rows join into continuous diagonals. The row starts a tile early and ends
 * a tile late so the stripes cross the band's edges whole. */
static bool make_row(periscope_t *p, int row, double band_width)
{
    const rh_host_t *h = p->host;
    double origin = -PERISCOPE_TILE;
    int tiles = (int)ceil((band_width + 2.0 * PERISCOPE_TILE) / PERISCOPE_TILE);
    if (tiles * 5 > RH_PATH_MAX_ELEMENTS)
        tiles = RH_PATH_MAX_ELEMENTS / 5;
    rh_layer_t layer = make(p, RH_LAYER_PATH, p->band, origin, row * PERISCOPE_TILE,
                            tiles * PERISCOPE_TILE, PERISCOPE_TILE);
    if (layer == RH_LAYER_NONE)
        return false;
    p->rows[row] = layer;

    rh_path_element_t *path = calloc((size_t)tiles * 5, sizeof *path);
    if (path == NULL)
        return false;
    for (int i = 0; i < tiles; i++) {
        double x = i * PERISCOPE_TILE, t = PERISCOPE_TILE, s = PERISCOPE_STRIPE;
        rh_path_element_t *e = &path[i * 5];
        e[0] = (rh_path_element_t){ RH_PATH_MOVE_TO, { x, t } };
        e[1] = (rh_path_element_t){ RH_PATH_LINE_TO, { x + s, t } };
        e[2] = (rh_path_element_t){ RH_PATH_LINE_TO, { x + t + s, 0 } };
        e[3] = (rh_path_element_t){ RH_PATH_LINE_TO, { x + t, 0 } };
        e[4] = (rh_path_element_t){ RH_PATH_CLOSE, { 0 } };
    }
    bool ok = check(p, h->layer_set_path(h, layer, path, (size_t)tiles * 5), "setup: stripes");
    free(path);

    /* The gradient spans the row's bounds, one tile tall: each tile's
     * stripe fades from clear at its top to 4% at its bottom. */
    rh_gradient_t gradient = {
        .struct_size = sizeof gradient,
        .start_x = 0.5, .start_y = 0.0, .end_x = 0.5, .end_y = 1.0,
        .stop_count = 2,
        .stops = periscope_stripe_stops,
    };
    return ok && check(p, h->layer_set_gradient(h, layer, &gradient), "setup: stripe gradient");
}

/* The labels at rest: title in the bar, release label 70 above, clear. */
static void labels_at_rest(const periscope_t *p, const char *what)
{
    set(p, p->title, RH_PROP_TRANSLATION_Y, 0.0, what);
    set(p, p->release, RH_PROP_TRANSLATION_Y, 0.0, what);
    set(p, p->release, RH_PROP_OPACITY, 0.0, what);
}

/* ---------------------------------------------------------------------- */
/* Instance callbacks                                                       */
/* ---------------------------------------------------------------------- */

static bool periscope_setup(const rh_instance_t *instance, rh_layer_t root)
{
    periscope_t *p = periscope_from(instance);
    const rh_host_t *h = p->host;
    p->root = root;
    if (!check(p, h->layer_get(h, root, RH_PROP_WIDTH, &p->width), "reading the root width"))
        return false;
    check(p, h->layer_set_color(h, root, RH_COLOR_FILL, &periscope_bar), "setup: bar colour");
    /* The bar is the seed's mask view: labels and band outside it are cut. */
    set(p, root, RH_PROP_CLIPS_TO_BOUNDS, 1.0, "setup: bar clips");

    /* Created first, so drawn under the labels. Hidden (clear) until a
     * refresh starts. */
    double band_width = 2.0 * p->width;
    p->band = make(p, RH_LAYER_GROUP, root, 0.0, 0.0, band_width, PERISCOPE_HEIGHT);
    if (p->band == RH_LAYER_NONE)
        return false;
    set(p, p->band, RH_PROP_CLIPS_TO_BOUNDS, 1.0, "setup: band clips");
    set(p, p->band, RH_PROP_OPACITY, 0.0, "setup: band opacity");
    for (int row = 0; row < PERISCOPE_ROWS; row++)
        if (!make_row(p, row, band_width))
            return false;

    p->title = make_label(p, "Periscope", PERISCOPE_TITLE_SIZE, PERISCOPE_HEIGHT / 2.0);
    p->release = make_label(p, "Release to Refresh", PERISCOPE_RELEASE_SIZE,
                            PERISCOPE_HEIGHT / 2.0 - PERISCOPE_STEP);
    if (p->title == RH_LAYER_NONE || p->release == RH_LAYER_NONE)
        return false;
    labels_at_rest(p, "setup: labels");
    return true;
}

static void periscope_destroy(const rh_instance_t *instance)
{
    /* The host removes our layers and animations, and never calls one of
     * our completions after this. */
    free(periscope_from(instance));
}

/* The seed's scrollViewDidScroll: both labels follow the content down by up
 * to 70 pt, and the release label fades up over the same 70. */
static void periscope_pull(const rh_instance_t *instance, double distance, double ratio, double velocity)
{
    (void)ratio;
    (void)velocity;
    periscope_t *p = periscope_from(instance);
    double offset = distance < PERISCOPE_STEP ? distance : PERISCOPE_STEP;
    set(p, p->title, RH_PROP_TRANSLATION_Y, offset, "pull: title");
    set(p, p->release, RH_PROP_TRANSLATION_Y, offset, "pull: release label");
    set(p, p->release, RH_PROP_OPACITY, offset / PERISCOPE_STEP, "pull: release alpha");
}

/* The seed's startLoaderAnimation, run once when the refresh starts. */
static void start_loader(periscope_t *p)
{
    const rh_host_t *h = p->host;
    /* The band fades in over 0.5 s. In the original the list springs back
     * under the fixed bar at release, so the labels return to rest: do it in
     * the same block. */
    rh_timing_t fade = { .struct_size = sizeof fade, .duration = PERISCOPE_FADE_IN,
                         .curve = RH_CURVE_EASE_IN_OUT };
    if (check(p, h->animate_begin(h, &fade), "refresh: animate_begin")) {
        set(p, p->band, RH_PROP_OPACITY, 1.0, "refresh: band fade in");
        labels_at_rest(p, "refresh: labels");
        check(p, h->animate_commit(h, NULL, NULL), "refresh: animate_commit");
    }
    /* One key-path animation, left -100 every 3 s, repeated forever rather
     * than one per cycle: it keeps sliding through the exit's fade as the
     * original does (it only fades), and a pass that starts again at 0 is
     * seamless because 100 is exactly two tiles, so the pattern at -100 is
     * the pattern at 0. The model translation stays 0. */
    rh_basic_animation_t slide = {
        .struct_size = sizeof slide,
        .property = RH_PROP_TRANSLATION_X,
        .from = 0.0,
        .to = -PERISCOPE_SLIDE,
        .duration = PERISCOPE_SLIDE_DURATION,
        .curve = RH_CURVE_LINEAR,
        .repeat_count = INFINITY,
    };
    check(p, h->layer_add_animation(h, p->band, &slide, NULL, NULL), "refresh: band slide");
}

static void periscope_state_changed(const rh_instance_t *instance, rh_state_t old_state, rh_state_t new_state)
{
    (void)old_state;
    if (new_state == RH_STATE_REFRESHING)
        start_loader(periscope_from(instance));
}

static void periscope_finish_exit(periscope_t *p)
{
    rh_done_fn done = p->done;
    p->done = NULL; /* exactly once, even if we get here twice */
    if (done)
        done();
}

static void periscope_exit_completed(void *user, bool finished)
{
    (void)finished; /* the host waits for done() either way */
    periscope_finish_exit((periscope_t *)user);
}

/* The band fades out over 0.3 s (still sliding), then done. */
static void periscope_exit(const rh_instance_t *instance, rh_done_fn done)
{
    periscope_t *p = periscope_from(instance);
    const rh_host_t *h = p->host;
    p->done = done;
    rh_timing_t fade = { .struct_size = sizeof fade, .duration = PERISCOPE_FADE_OUT,
                         .curve = RH_CURVE_EASE_IN_OUT };
    if (!check(p, h->animate_begin(h, &fade), "exit: animate_begin")) {
        periscope_finish_exit(p);
        return;
    }
    set(p, p->band, RH_PROP_OPACITY, 0.0, "exit: band fade out");
    if (!check(p, h->animate_commit(h, periscope_exit_completed, p), "exit: animate_commit"))
        periscope_finish_exit(p);
}

/* The failure ending, one KEYFRAMES block: the bar turns red, the band
 * fades as it does on success (still sliding), and the title shakes its
 * head. The bar stays red while the header closes; reset brings the cyan
 * back. */
static void periscope_exit_failure(periscope_t *p, rh_done_fn done)
{
    const rh_host_t *h = p->host;
    p->done = done;
    rh_timing_t timing = { .struct_size = sizeof timing, .duration = PERISCOPE_FAIL,
                           .curve = RH_CURVE_KEYFRAMES };
    if (!check(p, h->animate_begin(h, &timing), "failure: animate_begin")) {
        periscope_finish_exit(p);
        return;
    }
    /* 0-0.1 s: the bar turns red. */
    check(p, h->animate_keyframe(h, 0.0, PERISCOPE_FAIL_TINT), "failure: tint keyframe");
    check(p, h->layer_set_color(h, p->root, RH_COLOR_FILL, &periscope_fail), "failure: bar colour");
    /* 0-0.32 s: the stripes fade. */
    check(p, h->animate_keyframe(h, 0.0, PERISCOPE_FAIL_FADE), "failure: fade keyframe");
    set(p, p->band, RH_PROP_OPACITY, 0.0, "failure: band fade out");
    /* 0-0.53 s: the title swings left and right, less each time. */
    const double step = PERISCOPE_FAIL_SHAKE / PERISCOPE_SHAKE_STEPS;
    for (int k = 0; k < PERISCOPE_SHAKE_STEPS; k++) {
        check(p, h->animate_keyframe(h, k * step, step), "failure: shake keyframe");
        set(p, p->title, RH_PROP_TRANSLATION_X, periscope_shake[k], "failure: title shake");
    }
    if (!check(p, h->animate_commit(h, periscope_exit_completed, p), "failure: animate_commit"))
        periscope_finish_exit(p);
}

/* ABI 1.3: a failed refresh gets its own ending; success, "no more" and
 * kinds newer than this file fade the band as before. `kind` is read only
 * when the host's struct holds it. */
static void periscope_exit_with_result(const rh_instance_t *instance, const rh_refresh_result_t *result,
                                       rh_done_fn done)
{
    if (result != NULL && RH_HAS_FIELD(result, rh_refresh_result_t, kind) &&
        result->kind == RH_RESULT_FAILURE)
        periscope_exit_failure(periscope_from(instance), done);
    else
        periscope_exit(instance, done);
}

/* Back to the state after setup: band clear, still and in place, labels at
 * rest, the bar cyan. Plain sets outside a block apply at once. */
static void periscope_reset(const rh_instance_t *instance)
{
    periscope_t *p = periscope_from(instance);
    check(p, p->host->layer_remove_animations(p->host, p->band), "reset: band animations");
    set(p, p->band, RH_PROP_TRANSLATION_X, 0.0, "reset: band translation");
    set(p, p->band, RH_PROP_OPACITY, 0.0, "reset: band opacity");
    labels_at_rest(p, "reset: labels");
    /* What the failure ending changed. */
    set(p, p->title, RH_PROP_TRANSLATION_X, 0.0, "reset: title shake");
    check(p, p->host->layer_set_color(p->host, p->root, RH_COLOR_FILL, &periscope_bar), "reset: bar colour");
    p->done = NULL;
}

/* ---------------------------------------------------------------------- */
/* Descriptor and entry                                                     */
/* ---------------------------------------------------------------------- */

static const char *const periscope_tags[] = { "stripes", "gradient", "labels", NULL };

static const rh_style_descriptor_t periscope_descriptor = {
    .struct_size = sizeof(rh_style_descriptor_t),
    .id = "com.refreshhost.periscope",
    .name = "Periscope",
    .version = "1.0.0",
    .vendor = "RefreshHost",
    .description = "The title slides away as \"Release to Refresh\" slides in; a faintly striped "
                   "band fades in and slides left while refreshing.",
    .tags = periscope_tags,
    .height = PERISCOPE_HEIGHT,
    .cycle_duration = PERISCOPE_SLIDE_DURATION,
    .cycle_delay = 0.0,
    .cycle_curve = RH_CURVE_LINEAR,
    .cycle_spring_damping = 0.8, /* unused with LINEAR; UIKit's defaults */
    .cycle_spring_velocity = 1.0,
    .presentation = RH_PRESENTATION_BACKGROUND,
    .anchor = RH_ANCHOR_TOP,
};

static uint32_t periscope_style_count(void)
{
    return 1;
}

static const rh_style_descriptor_t *periscope_style_descriptor(uint32_t index)
{
    return index == 0 ? &periscope_descriptor : NULL;
}

static const rh_instance_t *periscope_create(const rh_host_t *host, const char *style_id)
{
    if (host == NULL || style_id == NULL || strcmp(style_id, periscope_descriptor.id) != 0)
        return NULL;
    periscope_t *p = calloc(1, sizeof *p);
    if (p == NULL)
        return NULL;
    p->host = host;
    p->instance = (rh_instance_t){
        .struct_size = sizeof(rh_instance_t),
        .plugin_data = p,
        .setup = periscope_setup,
        .destroy = periscope_destroy,
        .pull = periscope_pull,
        .state_changed = periscope_state_changed,
        .setup_for_cycle = NULL, /* the slide runs on its own, across cycles */
        .cycle = NULL,
        .exit = periscope_exit,
        .reset = periscope_reset,
        .tick = NULL,
        .get_extension = NULL,
        .position = NULL,
        .closed = NULL,
        .exit_with_result = periscope_exit_with_result,
    };
    return &p->instance;
}

static const rh_entry_t periscope_entry = {
    /* 1.1: the stripes need layer_set_gradient. */
    .abi_version = { RH_ABI_VERSION_MAJOR, RH_ABI_VERSION_MINOR, RH_ABI_VERSION_PATCH },
    .struct_size = sizeof(rh_entry_t),
    .init = NULL,
    .deinit = NULL,
    .style_count = periscope_style_count,
    .style_descriptor = periscope_style_descriptor,
    .create = periscope_create,
};

RH_EXPORT const rh_entry_t *rh_entry(void)
{
    return &periscope_entry;
}

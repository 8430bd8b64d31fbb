/*
 * storehouse.c - the "StoreHouse" refresh style, as a plain C11 plugin (ABI 1.2).
 *
 * After CBStoreHouseRefreshControl (Suyu Zhang, iOS) and its Android port,
 * SmartRefreshLayout's StoreHouseHeader: a word made of straight line
 * segments. Pulling draws the segments one after another; while refreshing a
 * bright flash runs along the dimmed word, segment by segment; at the end
 * the segments scatter and fade. A failed refresh (ABI 1.3) ends otherwise:
 * the word lights up a muted red, shakes "no", and its segments drop out of
 * the bar one after another (0.9 s).
 *
 * Where the numbers come from:
 *   - The pull: segment i of n starts at (1 - 0.7) / n * i of the pull and
 *     takes 0.7 of it (internalAnimationFactor 0.7, both originals).
 *   - The flash: each segment jumps to alpha 1 and fades to 0.4 (kbarDarkAlpha
 *     / mToAlpha 0.4) in 0.4 s (mLoadingAniItemDuration 400 ms); the flashes
 *     start one after another across the word in 1 s (mLoadingAniSegDuration
 *     1000 ms), which is the cycle. CB's own figures are slower (0.8 s a
 *     flash, 0.1 s between segments).
 *   - White lines, 2 pt (CB lineWidth 2), on a dark bar (our choice: the
 *     originals are transparent over whatever the app puts behind them);
 *     height 80 (CB dropHeight 80).
 *   - The exit: segments fly off by up to 150 pt sideways (CB's
 *     horizontalRandomness 150) and up to 80 pt up, turn up to half a turn
 *     and fade, as CB's disappearing bars do, in 0.6 s (CB ties it to the
 *     1.2 s scroll back; our header closes after done). Deterministic
 *     "randomness" (a hash of the segment's index), so every run draws the
 *     same frames.
 *   - The letters are ours: each on a 12 x 18 grid, drawn in straight strokes
 *     as CB's point lists are.
 *   - The failure ending is ours too, the success exit turned over: the
 *     segments fall down instead of flying up, whole instead of crumbling,
 *     with the same kind of fixed "randomness".
 *
 * How it moves without rebuilding a path: one PATH layer per segment, built
 * in setup. The pull draws RH_PROP_STROKE_END (the segment draws itself from
 * its first point) and the opacity: on a host with rh.timeline/1 (ABI 1.5)
 * those are two animations per segment on a timeline the pull ratio drives,
 * prepared in setup (and again at each reset), so a pull frame costs no call
 * at all; the refresh releases the timeline and the word is set dimmed as
 * before. Without the extension, pull() sets both per segment, 2 x 48 calls a
 * frame (as it did before 1.5). Each cycle adds one keyframe animation of
 * the opacity per segment (its flash, placed in the cycle by key times); the
 * exit is an animate block of translations, rotations and opacity, and so is
 * the failure ending (a KEYFRAMES one).
 *
 * Build (the root Makefile uses exactly this line):
 *   cc -std=c11 -O2 -Wall -Wextra -Werror -fPIC -fvisibility=hidden -shared \
 *      -I<dir of refresh_host.h> -o libStoreHouseStyle.so storehouse.c -lm
 */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "refresh_host.h"
#include "refresh_host_ext.h"

#define SH_HEIGHT 80.0
#define SH_CYCLE 1.0           /* mLoadingAniSegDuration */
#define SH_FLASH 0.4           /* mLoadingAniItemDuration, as a fraction of the 1 s cycle */
#define SH_DARK 0.4            /* kbarDarkAlpha */
#define SH_FACTOR 0.7          /* internalAnimationFactor */
#define SH_LINE_WIDTH 2.0
#define SH_SCALE 1.2           /* grid units to points: letters 14.4 x 21.6 */
#define SH_CELL 12.0           /* letter width in grid units */
#define SH_GAP 7.0             /* between letters, grid units */
#define SH_LETTER_HEIGHT 18.0
#define SH_EXIT 0.6
#define SH_SCATTER_X 150.0     /* horizontalRandomness */
#define SH_SCATTER_Y 80.0      /* dropHeight */
#define SH_MAX_SEGMENTS 64
#define SH_EXIT_DASH 2.0       /* the exit breaks each segment into 2 pt dashes... */
#define SH_EXIT_MARCH 8.0      /* ...that march this far along it as it scatters */
#define SH_FAIL 0.9            /* the failure ending */
#define SH_FAIL_LIGHT 0.2      /* fractions of it: the word lights up red, */
#define SH_FAIL_SHAKE 0.5      /* shakes, */
#define SH_FAIL_FALL 0.34      /* and each segment falls for this long, */
#define SH_FAIL_SPREAD 0.14    /* starting up to this much after the shake */
#define SH_FAIL_DROP 40.0      /* a segment falls 40 to 70 pt: out of the bar */
#define SH_FAIL_TURN 0.25      /* and turns up to a quarter turn */
#define SH_SHAKE_STEPS 6

static const char sh_word[] = "STOREHOUSE";
static const rh_color_t sh_background = { 0x33 / 255.0, 0x33 / 255.0, 0x33 / 255.0, 1.0 };
static const rh_color_t sh_white = { 1.0, 1.0, 1.0, 1.0 };
static const rh_color_t sh_clear = { 0.0, 0.0, 0.0, 0.0 };
/* A failed refresh: a muted red, bright enough on the dark bar. */
static const rh_color_t sh_fail_red = { 0xE0 / 255.0, 0x68 / 255.0, 0x5C / 255.0, 1.0 };
/* The word's x offsets, one per equal step of the shake, dying away. */
static const double sh_shake[SH_SHAKE_STEPS] = { 8.0, -6.0, 4.5, -3.0, 1.5, 0.0 };

/* One stroke of a letter, x1 y1 -> x2 y2 on the 12 x 18 grid, drawn from
 * its first point. */
typedef struct sh_stroke {
    double x1, y1, x2, y2;
} sh_stroke_t;

typedef struct sh_glyph {
    char letter;
    int count;
    sh_stroke_t strokes[5];
} sh_glyph_t;

static const sh_glyph_t sh_glyphs[] = {
    { 'S', 5, { { 12, 0, 0, 0 }, { 0, 0, 0, 9 }, { 0, 9, 12, 9 }, { 12, 9, 12, 18 }, { 12, 18, 0, 18 } } },
    { 'T', 2, { { 0, 0, 12, 0 }, { 6, 0, 6, 18 } } },
    { 'O', 4, { { 0, 0, 12, 0 }, { 12, 0, 12, 18 }, { 12, 18, 0, 18 }, { 0, 18, 0, 0 } } },
    { 'R', 5, { { 0, 18, 0, 0 }, { 0, 0, 12, 0 }, { 12, 0, 12, 9 }, { 12, 9, 0, 9 }, { 5, 9, 12, 18 } } },
    { 'E', 4, { { 12, 0, 0, 0 }, { 0, 0, 0, 18 }, { 0, 18, 12, 18 }, { 0, 9, 9, 9 } } },
    { 'H', 3, { { 0, 0, 0, 18 }, { 12, 0, 12, 18 }, { 0, 9, 12, 9 } } },
    { 'U', 3, { { 0, 0, 0, 18 }, { 0, 18, 12, 18 }, { 12, 18, 12, 0 } } },
};

typedef struct storehouse {
    rh_instance_t instance;
    const rh_host_t *host;
    rh_layer_t root;
    rh_layer_t word;
    int count;
    rh_layer_t segments[SH_MAX_SEGMENTS];
    bool has_keyframes;
    bool first_cycle;   /* no flash carries over into the first cycle */
    const rh_timeline_ext_t *timeline; /* 1.5: rh.timeline/1, or NULL */
    rh_timeline_t pulled; /* the pull-ratio timeline that draws the word, while it is prepared */
    rh_done_fn done;
} storehouse_t;

static storehouse_t *sh_from(const rh_instance_t *instance)
{
    return (storehouse_t *)instance->plugin_data;
}

static bool check(const storehouse_t *s, rh_status_t status, const char *what)
{
    if (status >= RH_OK)
        return true;
    char message[160];
    snprintf(message, sizeof message, "storehouse: %s failed with status %d", what, (int)status);
    s->host->log(s->host, RH_LOG_WARNING, message);
    return false;
}

static void set(const storehouse_t *s, rh_layer_t layer, rh_property_t property, double value, const char *what)
{
    check(s, s->host->layer_set(s->host, layer, property, value), what);
}

static const sh_glyph_t *glyph(char letter)
{
    for (size_t i = 0; i < sizeof sh_glyphs / sizeof sh_glyphs[0]; i++)
        if (sh_glyphs[i].letter == letter)
            return &sh_glyphs[i];
    return NULL;
}

/* A fixed pseudo-random number in [-1, 1] for segment i and channel k. */
static double scatter(int i, int k)
{
    uint32_t x = (uint32_t)(i * 7919 + k * 104729 + 12345);
    x ^= x >> 16;
    x *= 0x7FEB352Du;
    x ^= x >> 15;
    x *= 0x846CA68Bu;
    x ^= x >> 16;
    return (double)(x % 20001u) / 10000.0 - 1.0;
}

/* One segment: a PATH layer whose bounds hug the stroke, anchored at its
 * middle (so the exit turns it about its middle), holding one line. */
static bool make_segment(storehouse_t *s, const sh_stroke_t *k, double origin_x)
{
    const rh_host_t *h = s->host;
    double x1 = origin_x + k->x1 * SH_SCALE, y1 = k->y1 * SH_SCALE;
    double x2 = origin_x + k->x2 * SH_SCALE, y2 = k->y2 * SH_SCALE;
    double left = fmin(x1, x2), top = fmin(y1, y2);
    double w = fabs(x2 - x1), hgt = fabs(y2 - y1);
    rh_layer_t seg = h->layer_create(h, RH_LAYER_PATH, s->word);
    if (seg == RH_LAYER_NONE)
        return false;
    set(s, seg, RH_PROP_WIDTH, w, "setup: segment width");
    set(s, seg, RH_PROP_HEIGHT, hgt, "setup: segment height");
    set(s, seg, RH_PROP_POSITION_X, left + w / 2.0, "setup: segment x");
    set(s, seg, RH_PROP_POSITION_Y, top + hgt / 2.0, "setup: segment y");
    rh_path_element_t line[2] = {
        { RH_PATH_MOVE_TO, { x1 - left, y1 - top, 0, 0, 0, 0 } },
        { RH_PATH_LINE_TO, { x2 - left, y2 - top, 0, 0, 0, 0 } },
    };
    if (!check(s, h->layer_set_path(h, seg, line, 2), "setup: segment path"))
        return false;
    check(s, h->layer_set_color(h, seg, RH_COLOR_FILL, &sh_clear), "setup: segment fill");
    check(s, h->layer_set_color(h, seg, RH_COLOR_STROKE, &sh_white), "setup: segment stroke");
    set(s, seg, RH_PROP_LINE_WIDTH, SH_LINE_WIDTH, "setup: segment line width");
    set(s, seg, RH_PROP_LINE_CAP, RH_LINE_CAP_ROUND, "setup: segment caps");
    s->segments[s->count++] = seg;
    return true;
}

/* After setup and after reset: nothing drawn yet, nothing scattered, white,
 * the word in place. */
static void sh_rest(storehouse_t *s)
{
    set(s, s->word, RH_PROP_TRANSLATION_X, 0.0, "rest: word x");
    for (int i = 0; i < s->count; i++) {
        check(s, s->host->layer_set_color(s->host, s->segments[i], RH_COLOR_STROKE, &sh_white), "rest: white");
        set(s, s->segments[i], RH_PROP_STROKE_END, 0.0, "rest: stroke end");
        set(s, s->segments[i], RH_PROP_OPACITY, 0.0, "rest: opacity");
        set(s, s->segments[i], RH_PROP_TRANSLATION_X, 0.0, "rest: x");
        set(s, s->segments[i], RH_PROP_TRANSLATION_Y, 0.0, "rest: y");
        set(s, s->segments[i], RH_PROP_ROTATION, 0.0, "rest: rotation");
        set(s, s->segments[i], RH_PROP_DASH_PHASE, 0.0, "rest: dash phase");
        check(s, s->host->layer_set_dash(s->host, s->segments[i], NULL, 0), "rest: solid stroke");
    }
    s->done = NULL;
}

static void sh_prepare_pull(storehouse_t *s);

static bool sh_setup(const rh_instance_t *instance, rh_layer_t root)
{
    storehouse_t *s = sh_from(instance);
    const rh_host_t *h = s->host;
    s->root = root;
    double width = 0.0;
    if (!check(s, h->layer_get(h, root, RH_PROP_WIDTH, &width), "reading the root width"))
        return false;
    s->has_keyframes = RH_HAS_FIELD(h, rh_host_t, layer_add_keyframe_animation) &&
                       h->layer_add_keyframe_animation != NULL;
    if (!s->has_keyframes)
        h->log(h, RH_LOG_WARNING, "storehouse: the host has no layer_add_keyframe_animation; the word will "
                                  "not shimmer");
    check(s, h->layer_set_color(h, root, RH_COLOR_FILL, &sh_background), "setup: background");
    set(s, root, RH_PROP_CLIPS_TO_BOUNDS, 1.0, "setup: root clips");

    int letters = (int)strlen(sh_word);
    double word_w = (letters * SH_CELL + (letters - 1) * SH_GAP) * SH_SCALE;
    double word_h = SH_LETTER_HEIGHT * SH_SCALE;
    s->word = h->layer_create(h, RH_LAYER_GROUP, root);
    if (s->word == RH_LAYER_NONE)
        return false;
    set(s, s->word, RH_PROP_WIDTH, word_w, "setup: word width");
    set(s, s->word, RH_PROP_HEIGHT, word_h, "setup: word height");
    set(s, s->word, RH_PROP_POSITION_X, width / 2.0, "setup: word x");
    set(s, s->word, RH_PROP_POSITION_Y, SH_HEIGHT / 2.0, "setup: word y");
    for (int l = 0; l < letters; l++) {
        const sh_glyph_t *g = glyph(sh_word[l]);
        for (int k = 0; g && k < g->count && s->count < SH_MAX_SEGMENTS; k++)
            if (!make_segment(s, &g->strokes[k], l * (SH_CELL + SH_GAP) * SH_SCALE))
                return false;
    }
    sh_rest(s);
    s->timeline = h->get_extension(h, RH_EXT_TIMELINE);
    sh_prepare_pull(s);
    return true;
}

static void sh_destroy(const rh_instance_t *instance)
{
    free(sh_from(instance));
}

/* Segment i's share of the pull, as in CB's BarItem: it starts at
 * (1 - 0.7) / n * i and runs for 0.7 of the pull. */
static double segment_progress(const storehouse_t *s, int i, double ratio)
{
    double start = (1.0 - SH_FACTOR) / s->count * i;
    double p = (ratio - start) / SH_FACTOR;
    return p < 0.0 ? 0.0 : p > 1.0 ? 1.0 : p;
}

/* The pull's drawing, prepared once: on a pull-ratio timeline, segment i's
 * stroke end and opacity go 0 -> 1 linearly while the ratio goes from its
 * start to start + 0.7 (segment_progress as animations: the delay is the
 * start, and past its end an animation on a timeline holds 1). Any refusal
 * releases the timeline, and pull() draws instead. */
static void sh_prepare_pull(storehouse_t *s)
{
    const rh_host_t *h = s->host;
    if (s->timeline == NULL || s->pulled != RH_TIMELINE_NONE ||
        !check(s, s->timeline->create(h, RH_TIMELINE_PULL_RATIO, &s->pulled), "pull timeline"))
        return;
    rh_basic_animation_t a = {
        .struct_size = sizeof a, .from = 0.0, .to = 1.0, .duration = SH_FACTOR, .curve = RH_CURVE_LINEAR,
    };
    bool ok = true;
    for (int i = 0; i < s->count && ok; i++) {
        a.delay = (1.0 - SH_FACTOR) / s->count * i;
        a.property = RH_PROP_STROKE_END;
        ok = check(s, s->timeline->layer_add_animation(h, s->pulled, s->segments[i], &a), "pull timeline: stroke end");
        a.property = RH_PROP_OPACITY;
        ok = ok && check(s, s->timeline->layer_add_animation(h, s->pulled, s->segments[i], &a), "pull timeline: opacity");
    }
    if (!ok) {
        check(s, s->timeline->release(h, s->pulled), "pull timeline: release");
        s->pulled = RH_TIMELINE_NONE;
    }
}

static void sh_pull(const rh_instance_t *instance, double distance, double ratio, double velocity)
{
    storehouse_t *s = sh_from(instance);
    (void)distance;
    (void)velocity;
    if (s->pulled != RH_TIMELINE_NONE)
        return; /* the timeline draws it */
    for (int i = 0; i < s->count; i++) {
        double p = segment_progress(s, i, ratio);
        set(s, s->segments[i], RH_PROP_STROKE_END, p, "pull: stroke end");
        set(s, s->segments[i], RH_PROP_OPACITY, p, "pull: opacity");
    }
}

static void sh_state_changed(const rh_instance_t *instance, rh_state_t old_state, rh_state_t new_state)
{
    storehouse_t *s = sh_from(instance);
    (void)old_state;
    if (new_state != RH_STATE_REFRESHING)
        return;
    s->first_cycle = true;
    /* The pull's drawing stops: the word is the refresh's now. */
    if (s->pulled != RH_TIMELINE_NONE) {
        check(s, s->timeline->release(s->host, s->pulled), "refresh: release the pull timeline");
        s->pulled = RH_TIMELINE_NONE;
    }
    /* The whole word, dimmed: the flashes light it segment by segment. */
    for (int i = 0; i < s->count; i++) {
        set(s, s->segments[i], RH_PROP_STROKE_END, 1.0, "refresh: stroke end");
        set(s, s->segments[i], RH_PROP_OPACITY, SH_DARK, "refresh: opacity");
    }
}

/* One cycle: segment i flashes at i / n of it, up to 1 at once and down to
 * 0.4 over the next 0.4 of the cycle. A flash that runs past the cycle's
 * end finishes at the start of the next, so its key times wrap round (in
 * the first cycle there is no flash to finish). The host's linear block is
 * open, but nothing tweens in it: the flashes are keyframe animations over
 * exactly the cycle, so the next cycle's replace them seamlessly. */
static void sh_cycle(const rh_instance_t *instance)
{
    storehouse_t *s = sh_from(instance);
    bool first = s->first_cycle;
    s->first_cycle = false;
    if (!s->has_keyframes)
        return;
    for (int i = 0; i < s->count; i++) {
        double at = (double)i / s->count, end = at + SH_FLASH;
        double times[5], values[5];
        if (end <= 1.0) {
            double t[5] = { 0.0, at, at, end, 1.0 };
            double v[5] = { SH_DARK, SH_DARK, 1.0, SH_DARK, SH_DARK };
            memcpy(times, t, sizeof t);
            memcpy(values, v, sizeof v);
        } else {
            /* Where the flash stands when the cycle ends (and the next begins). */
            double carried = 1.0 - (1.0 - SH_DARK) * (1.0 - at) / SH_FLASH;
            double t[5] = { 0.0, end - 1.0, at, at, 1.0 };
            double v[5] = { first ? SH_DARK : carried, SH_DARK, SH_DARK, 1.0, carried };
            memcpy(times, t, sizeof t);
            memcpy(values, v, sizeof v);
        }
        rh_keyframe_animation_t a = {
            .struct_size = sizeof a, .kind = RH_VALUE_NUMBER, .property = RH_PROP_OPACITY, .count = 5,
            .key_times = times, .numbers = values, .duration = SH_CYCLE, .repeat_count = 1.0,
        };
        check(s, s->host->layer_add_keyframe_animation(s->host, s->segments[i], &a, NULL, NULL),
              "cycle: flash keyframes");
    }
}

static void sh_finish_exit(storehouse_t *s)
{
    rh_done_fn done = s->done;
    s->done = NULL;
    if (done)
        done();
}

static void sh_exit_completed(void *user, bool finished)
{
    (void)finished;
    sh_finish_exit((storehouse_t *)user);
}

static void sh_exit(const rh_instance_t *instance, rh_done_fn done)
{
    storehouse_t *s = sh_from(instance);
    const rh_host_t *h = s->host;
    s->done = done;
    rh_timing_t timing = { .struct_size = sizeof timing, .duration = SH_EXIT, .curve = RH_CURVE_EASE_IN };
    if (!check(s, h->animate_begin(h, &timing), "exit: animate_begin")) {
        sh_finish_exit(s);
        return;
    }
    /* The segments crumble as they fly: each stroke breaks into dashes (set at
     * once; a dash pattern does not tween) whose phase marches with the block. */
    const double dashes[2] = { SH_EXIT_DASH, SH_EXIT_DASH };
    for (int i = 0; i < s->count; i++) {
        check(s, h->layer_set_dash(h, s->segments[i], dashes, 2), "exit: dashes");
        set(s, s->segments[i], RH_PROP_DASH_PHASE, SH_EXIT_MARCH, "exit: dash phase");
        set(s, s->segments[i], RH_PROP_TRANSLATION_X, scatter(i, 0) * SH_SCATTER_X, "exit: x");
        set(s, s->segments[i], RH_PROP_TRANSLATION_Y, -fabs(scatter(i, 1)) * SH_SCATTER_Y, "exit: y");
        set(s, s->segments[i], RH_PROP_ROTATION, scatter(i, 2) * RH_PI, "exit: rotation");
        set(s, s->segments[i], RH_PROP_OPACITY, 0.0, "exit: opacity");
    }
    if (!check(s, h->animate_commit(h, sh_exit_completed, s), "exit: animate_commit"))
        sh_finish_exit(s);
}

/* The failure ending, one KEYFRAMES block: the dim word lights up red all at
 * once and shakes its head; then the segments fall out of the bar, each at
 * its own moment, speed and tilt, and fade. */
static void sh_exit_failure(storehouse_t *s, rh_done_fn done)
{
    const rh_host_t *h = s->host;
    s->done = done;
    rh_timing_t timing = { .struct_size = sizeof timing, .duration = SH_FAIL, .curve = RH_CURVE_KEYFRAMES };
    if (!check(s, h->animate_begin(h, &timing), "failure: animate_begin")) {
        sh_finish_exit(s);
        return;
    }
    /* 0-0.18 s: red, at full strength (the cycles leave it at 0.4). */
    check(s, h->animate_keyframe(h, 0.0, SH_FAIL_LIGHT), "failure: light keyframe");
    for (int i = 0; i < s->count; i++) {
        check(s, h->layer_set_color(h, s->segments[i], RH_COLOR_STROKE, &sh_fail_red), "failure: red");
        set(s, s->segments[i], RH_PROP_OPACITY, 1.0, "failure: light up");
    }
    /* 0-0.45 s: the whole word swings left and right, less each time. */
    const double step = SH_FAIL_SHAKE / SH_SHAKE_STEPS;
    for (int k = 0; k < SH_SHAKE_STEPS; k++) {
        check(s, h->animate_keyframe(h, k * step, step), "failure: shake keyframe");
        set(s, s->word, RH_PROP_TRANSLATION_X, sh_shake[k], "failure: shake");
    }
    /* 0.45-0.88 s: the segments drop, tilt and fade. Channels 3-5 of the
     * hash, so the fall is not the success scatter's pattern. */
    for (int i = 0; i < s->count; i++) {
        double start = SH_FAIL_SHAKE + fabs(scatter(i, 3)) * SH_FAIL_SPREAD;
        check(s, h->animate_keyframe(h, start, SH_FAIL_FALL), "failure: fall keyframe");
        set(s, s->segments[i], RH_PROP_TRANSLATION_Y, SH_FAIL_DROP * (1.0 + 0.75 * fabs(scatter(i, 4))),
            "failure: fall");
        set(s, s->segments[i], RH_PROP_ROTATION, scatter(i, 5) * SH_FAIL_TURN * 2.0 * RH_PI, "failure: tilt");
        set(s, s->segments[i], RH_PROP_OPACITY, 0.0, "failure: fade");
    }
    if (!check(s, h->animate_commit(h, sh_exit_completed, s), "failure: animate_commit"))
        sh_finish_exit(s);
}

/* ABI 1.3: a failed refresh gets its own ending; success, "no more" and
 * kinds newer than this file scatter as before. `kind` is read only when
 * the host's struct holds it. */
static void sh_exit_with_result(const rh_instance_t *instance, const rh_refresh_result_t *result, rh_done_fn done)
{
    if (result != NULL && RH_HAS_FIELD(result, rh_refresh_result_t, kind) && result->kind == RH_RESULT_FAILURE)
        sh_exit_failure(sh_from(instance), done);
    else
        sh_exit(instance, done);
}

static void sh_reset(const rh_instance_t *instance)
{
    storehouse_t *s = sh_from(instance);
    sh_rest(s);
    sh_prepare_pull(s);
}

static const char *const sh_tags[] = { "line-art", "word", "stroke-trim", "dashes", "dark", NULL };

static const rh_style_descriptor_t sh_descriptor = {
    .struct_size = sizeof(rh_style_descriptor_t),
    .id = "com.refreshhost.storehouse",
    .name = "StoreHouse",
    .version = "1.0.0",
    .vendor = "RefreshHost",
    .description = "STOREHOUSE in line segments that draw themselves as you pull, shimmer while refreshing "
                   "and scatter at the end.",
    .tags = sh_tags,
    .height = SH_HEIGHT,
    .cycle_duration = SH_CYCLE,
    .cycle_delay = 0.0,
    .cycle_curve = RH_CURVE_LINEAR,
    .cycle_spring_damping = 0.8,
    .cycle_spring_velocity = 1.0,
    .presentation = RH_PRESENTATION_BACKGROUND,
    .anchor = RH_ANCHOR_MIDDLE,
};

static uint32_t sh_style_count(void)
{
    return 1;
}

static const rh_style_descriptor_t *sh_style_descriptor(uint32_t index)
{
    return index == 0 ? &sh_descriptor : NULL;
}

static const rh_instance_t *sh_create(const rh_host_t *host, const char *style_id)
{
    if (host == NULL || style_id == NULL || strcmp(style_id, sh_descriptor.id) != 0)
        return NULL;
    storehouse_t *s = calloc(1, sizeof *s);
    if (s == NULL)
        return NULL;
    s->host = host;
    s->instance = (rh_instance_t){
        .struct_size = sizeof(rh_instance_t),
        .plugin_data = s,
        .setup = sh_setup,
        .destroy = sh_destroy,
        .pull = sh_pull,
        .state_changed = sh_state_changed,
        .setup_for_cycle = NULL, /* the flashes start from the word's dim model */
        .cycle = sh_cycle,
        .exit = sh_exit,
        .reset = sh_reset,
        .tick = NULL,
        .get_extension = NULL,
        .position = NULL,
        .closed = NULL,
        .exit_with_result = sh_exit_with_result,
    };
    return &s->instance;
}

static const rh_entry_t sh_entry = {
    .abi_version = { RH_ABI_VERSION_MAJOR, RH_ABI_VERSION_MINOR, RH_ABI_VERSION_PATCH },
    .struct_size = sizeof(rh_entry_t),
    .style_count = sh_style_count,
    .style_descriptor = sh_style_descriptor,
    .create = sh_create,
};

RH_EXPORT const rh_entry_t *rh_entry(void)
{
    return &sh_entry;
}

/*
 * lottie_instance.c - see lottie_instance.h.
 *
 * Frames are drawn when they are shown, one of two ways, chosen at setup:
 * - as shapes (lottie_tree.h): rlottie's render tree of the frame mapped
 *   onto host layers, drawn by the host; when every frame's tree holds only
 *   what the layers draw. Sharp at any scale, paths in an SVG, and about a
 *   third of the cost of pixels through the whole host (make bench).
 * - as pixels: rlottie renders the frame at the layer's exact pixel size, it
 *   is turned into straight RGBA and handed to the host as the one image the
 *   instance holds; the image it replaces is released. For files with what
 *   the tree leaves out (images, gradient strokes, other mask and matte
 *   modes), or refreshHost.drawing "pixels".
 * Either way memory is one frame whatever the animation's length and every
 * frame of the animation is shown. A frame that is shown again is drawn
 * again: kept frames would make memory grow with each new frame a refresh
 * happens to show, and validate's soak (rightly) fails a style whose memory
 * grows.
 *
 * Which frame: the pull picks it while it scrubs (show_frame as it moves).
 * A timed segment (armed, the loop, an ending) remembers the host time it
 * started; its frame is its first + floor(elapsed x fr), held on its last
 * frame once it is over, and tick() shows it. Only the host's clock is
 * read, never the wall clock: a virtual-time run gives the same frames
 * every time.
 */
#define _POSIX_C_SOURCE 200809L /* strdup */

#include "lottie_instance.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lottie_file.h"
#include "lottie_tree.h"

/* No timed segment: the pull picks the frame (or nothing moves). */
#define PLAYING_NONE (-1)

typedef struct lottie_instance {
    rh_instance_t instance;
    const rh_host_t *host;
    lottie_source_t source; /* copies of the strings, for messages */
    lottie_file_t file;
    Lottie_Animation *animation;

    rh_layer_t root, layer;
    uint32_t pixel_width, pixel_height;
    uint32_t *pixels; /* one frame: rlottie's ARGB32, then our RGBA in place; NULL while drawn as shapes */

    /* Frames drawn as shapes on the host's layers (lottie_tree.h), or NULL
     * when drawn as rlottie's pixels in `layer`. */
    lottie_tree_t *tree;
    long checked_end; /* frames before it had their trees checked at setup */

    /* The frame on screen and its image, the only image the instance holds
     * (-1 and RH_IMAGE_NONE before the first). */
    long shown_frame;
    rh_image_t shown_image;
    /* The last frame the host refused an image for: not asked again while
     * it is the frame wanted, so a full host is not asked every tick. */
    long refused_frame;
    bool logged_refusal; /* one log line for refused images */

    rh_state_t state;
    double ratio;           /* the pull, 0..1 */
    int playing;            /* the timed lottie_role_t playing, or PLAYING_NONE */
    double playing_start;   /* host time it started */
    double playing_seconds; /* how long it plays: the segment's length, the cycle's for the loop */

    rh_done_fn done;       /* the exit's completion, until it is called */
    rh_timer_t exit_timer; /* calls `done` at the end of the ending */
} lottie_instance_t;

static lottie_instance_t *from(const rh_instance_t *instance)
{
    return (lottie_instance_t *)instance->plugin_data;
}

static void say(lottie_instance_t *li, rh_log_level_t level, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

/* One log line, naming the file (the host adds the style's id). */
static void say(lottie_instance_t *li, rh_log_level_t level, const char *format, ...)
{
    char line[RH_REASON_MAX + 128];
    int n = snprintf(line, sizeof line, "%s: ", li->source.file_name ? li->source.file_name : "lottie");
    va_list args;
    va_start(args, format);
    if (n > 0 && (size_t)n < sizeof line)
        vsnprintf(line + n, sizeof line - (size_t)n, format, args);
    va_end(args);
    li->host->log(li->host, level, line);
}

static bool check(lottie_instance_t *li, rh_status_t status, const char *what)
{
    if (status >= RH_OK)
        return true;
    say(li, RH_LOG_WARNING, "%s failed with status %d", what, (int)status);
    return false;
}

/* ---- frames -------------------------------------------------------------- */

/* rlottie's premultiplied ARGB32 (0xAARRGGBB in a native uint32) to the
 * host's straight RGBA bytes, in place: pixel i's four bytes are read
 * before they are written. */
static void to_straight_rgba(uint32_t *pixels, size_t count)
{
    uint8_t *out = (uint8_t *)pixels;
    for (size_t i = 0; i < count; i++) {
        uint32_t p = pixels[i];
        uint32_t a = p >> 24, r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF;
        if (a == 0) {
            r = g = b = 0; /* fully transparent: no colour to keep */
        } else if (a < 255) {
            /* Rounded, and clamped: a premultiplied channel above alpha
             * is rlottie rounding, not a brighter colour. */
            r = (r * 255 + a / 2) / a;
            g = (g * 255 + a / 2) / a;
            b = (b * 255 + a / 2) / a;
            r = r > 255 ? 255 : r;
            g = g > 255 ? 255 : g;
            b = b > 255 ? 255 : b;
        }
        out[4 * i + 0] = (uint8_t)r;
        out[4 * i + 1] = (uint8_t)g;
        out[4 * i + 2] = (uint8_t)b;
        out[4 * i + 3] = (uint8_t)a;
    }
}

/* rlottie's render tree of `frame`, at the composition's size. */
static const LOTLayerNode *tree_of(lottie_instance_t *li, long frame)
{
    long relative = frame - li->file.rlottie_start;
    return lottie_animation_render_tree(li->animation, relative > 0 ? (size_t)relative : 0,
                                        (size_t)li->file.width, (size_t)li->file.height);
}

/* Turns to rlottie's pixels for good: the shapes are hidden and the image
 * layer's frame buffer made. */
static void turn_to_pixels(lottie_instance_t *li)
{
    lottie_tree_set_hidden(li->tree, true);
    lottie_tree_destroy(li->tree);
    li->tree = NULL;
    if (li->pixels == NULL)
        li->pixels = malloc((size_t)li->pixel_width * li->pixel_height * 4);
}

/* Shows `frame` as shapes; false (and turned to pixels) when the host's
 * layers cannot draw it. Only a frame setup did not check (past the first
 * WALK_ELEMENTS' worth) is checked here: rlottie's tree for a frame is the
 * same every time. */
static bool show_shapes(lottie_instance_t *li, long frame)
{
    const LOTLayerNode *root = tree_of(li, frame);
    char why[160] = "no render tree";
    size_t elements = 0;
    if (root == NULL || (frame >= li->checked_end && lottie_tree_refuses(root, &elements, why, sizeof why))) {
        say(li, RH_LOG_INFO, "frame %ld has %s, which the host's layers do not draw: drawn as pixels from now on",
            frame, why);
        turn_to_pixels(li);
        return false;
    }
    if (!lottie_tree_show(li->tree, root, li->file.effects, (double)frame) && !li->logged_refusal) {
        li->logged_refusal = true;
        say(li, RH_LOG_WARNING, "the host refused part of frame %ld's shapes; what it took is shown", frame);
    }
    li->shown_frame = frame;
    return true;
}

/* Puts `frame` on screen: every frame shown goes through here. Renders it
 * unless it is the frame already shown, swaps the layer's image, then
 * releases the old one (the host keeps its pixels only while a layer
 * shows them). If the host refuses the new image the old frame stays. */
static void show_frame(lottie_instance_t *li, long frame)
{
    if (frame < li->file.first_frame)
        frame = li->file.first_frame;
    if (frame >= li->file.end_frame)
        frame = li->file.end_frame - 1;
    if (frame == li->shown_frame || frame == li->refused_frame)
        return;
    if (li->tree != NULL && show_shapes(li, frame))
        return;
    if (li->pixels == NULL)
        return;
    const rh_host_t *h = li->host;
    size_t count = (size_t)li->pixel_width * li->pixel_height;

    memset(li->pixels, 0, count * 4);
    /* rlottie counts frames from its own start frame. */
    long relative = frame - li->file.rlottie_start;
    lottie_animation_render(li->animation, relative > 0 ? (size_t)relative : 0, li->pixels, li->pixel_width,
                            li->pixel_height, (size_t)li->pixel_width * 4);
    to_straight_rgba(li->pixels, count);
    rh_image_pixels_t px = {
        .struct_size = sizeof px, .width = li->pixel_width, .height = li->pixel_height,
        .stride = (size_t)li->pixel_width * 4, .rgba = (const uint8_t *)li->pixels,
    };
    rh_image_t image = RH_IMAGE_NONE;
    rh_status_t status = h->image_create(h, &px, &image);
    if (status >= RH_OK && image != RH_IMAGE_NONE) {
        status = h->layer_set_image(h, li->layer, image);
        if (status < RH_OK) {
            h->image_release(h, image);
            image = RH_IMAGE_NONE;
        }
    }
    if (status < RH_OK || image == RH_IMAGE_NONE) {
        li->refused_frame = frame;
        if (!li->logged_refusal) {
            li->logged_refusal = true;
            say(li, RH_LOG_WARNING, "the host refused the image of frame %ld (status %d); the frame before it stays "
                                    "on screen", frame, (int)status);
        }
        return;
    }
    if (li->shown_image != RH_IMAGE_NONE)
        check(li, h->image_release(h, li->shown_image), "image_release");
    li->shown_image = image;
    li->shown_frame = frame;
    li->refused_frame = -1;
}

/* The pull's frame for `ratio`: its first frame at 0, its last at 1. */
static long pull_frame(const lottie_instance_t *li, double ratio)
{
    const lottie_segment_t *seg = &li->file.segments[LOTTIE_PULL];
    if (!(ratio > 0))
        ratio = 0; /* NaN too */
    if (ratio > 1)
        ratio = 1;
    return seg->start + lround(ratio * (double)(seg->count - 1));
}

/* The playing segment's frame at host time `time`: frame i shows from
 * i / count of its length on, the last one once it is over. */
static long segment_frame(const lottie_instance_t *li, double time)
{
    const lottie_segment_t *seg = &li->file.segments[li->playing];
    double elapsed = time - li->playing_start;
    double index = 0;
    /* A boundary computed as start + i / fr may land a hair before i in
     * floating point: it belongs to frame i (as the host's own clock). */
    if (elapsed > 0 && li->playing_seconds > 0)
        index = floor(elapsed * (double)seg->count / li->playing_seconds + 1e-9);
    if (!(index < (double)seg->count))
        index = (double)(seg->count - 1); /* over: hold the last frame; NaN too */
    return seg->start + (long)index;
}

/* Starts a timed segment now, lasting `seconds`, and shows its first frame
 * at once (the frame's tick may come before or after this call). */
static void play(lottie_instance_t *li, lottie_role_t role, double seconds)
{
    double now = li->host->now(li->host);
    li->playing = (int)role;
    li->playing_start = isfinite(now) ? now : 0;
    li->playing_seconds = seconds;
    show_frame(li, segment_frame(li, li->playing_start));
}

static double segment_seconds(const lottie_instance_t *li, lottie_role_t role)
{
    return (double)li->file.segments[role].count / li->file.frame_rate;
}

/* Whether the pull picks the frame now: before a refresh, and while armed
 * only when there is no "armed" segment playing. */
static bool scrubbing(const lottie_instance_t *li)
{
    return li->state == RH_STATE_IDLE || li->state == RH_STATE_PULLING ||
           (li->state == RH_STATE_ARMED && !li->file.segments[LOTTIE_ARMED].present);
}

static void scrub(lottie_instance_t *li, double ratio)
{
    if (!isfinite(ratio))
        return;
    li->ratio = ratio < 0 ? 0 : ratio > 1 ? 1 : ratio;
    if (scrubbing(li))
        show_frame(li, pull_frame(li, li->ratio));
}

/* Drops a pending exit: its timer, and `done` (the host stopped waiting). */
static void drop_exit(lottie_instance_t *li)
{
    if (li->exit_timer != RH_TIMER_NONE) {
        /* The cancelled callback still comes, with finished = false. */
        check(li, li->host->timer_cancel(li->host, li->exit_timer), "timer_cancel");
        li->exit_timer = RH_TIMER_NONE;
    }
    li->done = NULL;
}

/* Shapes on the host's layers when they draw every frame of the file (crisp
 * at any scale, real paths in an SVG, and cheaper: see make bench), else
 * rlottie's pixels. Every frame's render tree is read once here, so a
 * refresh never changes from one to the other halfway. Reading a tree costs
 * about what drawing its frame does, so a heavy file is read only for its
 * first WALK_ELEMENTS path elements' worth of frames (the same frames on
 * every machine) and setup stays well within the host's budget for one
 * call; a later frame the layers cannot draw turns the style to pixels
 * when it is shown (show_shapes). The reason for pixels goes to the debug
 * log: both look the same on screen. */
#define WALK_ELEMENTS 200000
static void choose_drawing(lottie_instance_t *li, double x, double y, double scale)
{
    if (li->file.pixels_only)
        return;
    if (li->file.shapes_refusal[0] != '\0') {
        say(li, RH_LOG_DEBUG, "drawn as pixels: %s, which rlottie's shapes leave out", li->file.shapes_refusal);
        return;
    }
    char why[160] = "";
    size_t elements = 0;
    long frame = li->file.first_frame;
    for (; frame < li->file.end_frame && elements < WALK_ELEMENTS; frame++) {
        if (lottie_tree_refuses(tree_of(li, frame), &elements, why, sizeof why)) {
            say(li, RH_LOG_DEBUG, "drawn as pixels: frame %ld has %s, which the host's layers do not draw", frame,
                why);
            return;
        }
    }
    li->checked_end = frame;
    li->tree = lottie_tree_create(li->host, li->root, x, y, li->file.width, li->file.height, scale);
}

/* ---- the instance's functions -------------------------------------------- */

static bool lottie_setup(const rh_instance_t *instance, rh_layer_t root)
{
    lottie_instance_t *li = from(instance);
    const rh_host_t *h = li->host;
    li->root = root;
    double width = 0, height = 0;
    if (!check(li, h->layer_get(h, root, RH_PROP_WIDTH, &width), "reading the root's width") ||
        !check(li, h->layer_get(h, root, RH_PROP_HEIGHT, &height), "reading the root's height"))
        return false;
    if (!(width > 0 && height > 0)) {
        say(li, RH_LOG_ERROR, "the root is %g x %g points: nothing to draw in", width, height);
        return false;
    }
    /* As large as fits the header's height, aspect kept; narrower if the
     * root is not wide enough. */
    double aw = li->file.width, ah = li->file.height;
    double s = height / ah;
    if (aw * s > width)
        s = width / aw;
    double lw = aw * s, lh = ah * s;
    double scale = 1.0;
    if (RH_HAS_FIELD(h, rh_host_t, pixel_scale) && h->pixel_scale != NULL)
        scale = h->pixel_scale(h);
    if (!(scale > 0 && isfinite(scale)))
        scale = 1.0;
    double pw = round(lw * scale), ph = round(lh * scale);
    /* Past the host's largest image side, shrink both sides alike. */
    double over = fmax(pw, ph) / RH_IMAGE_MAX_SIDE;
    if (over > 1) {
        pw = floor(pw / over);
        ph = floor(ph / over);
    }
    /* The frame on screen and the next one are held together while they
     * swap: two must fit the host's image limit, or a huge header could
     * never change frame. Shrink both sides alike past that. */
    double most = (double)(RH_IMAGE_MAX_BYTES / 2u / 4u);
    if (pw * ph > most) {
        double k = sqrt(most / (pw * ph));
        pw = floor(pw * k);
        ph = floor(ph * k);
    }
    li->pixel_width = (uint32_t)(pw < 1 ? 1 : pw);
    li->pixel_height = (uint32_t)(ph < 1 ? 1 : ph);

    li->layer = h->layer_create(h, RH_LAYER_IMAGE, root);
    if (li->layer == RH_LAYER_NONE) {
        say(li, RH_LOG_ERROR, "could not create the image layer");
        return false;
    }
    check(li, h->layer_set(h, li->layer, RH_PROP_WIDTH, lw), "setup: width");
    check(li, h->layer_set(h, li->layer, RH_PROP_HEIGHT, lh), "setup: height");
    check(li, h->layer_set(h, li->layer, RH_PROP_POSITION_X, width / 2), "setup: x");
    check(li, h->layer_set(h, li->layer, RH_PROP_POSITION_Y, height / 2), "setup: y");
    /* The frames are rendered at the layer's pixel size: stretching is
     * exact, and only rounding is left to it. */
    check(li, h->layer_set(h, li->layer, RH_PROP_CONTENTS_GRAVITY, RH_GRAVITY_RESIZE), "setup: gravity");

    choose_drawing(li, width / 2 - lw / 2, height / 2 - lh / 2, lw / aw);
    if (li->tree == NULL) {
        li->pixels = malloc((size_t)li->pixel_width * li->pixel_height * 4);
        if (li->pixels == NULL)
            return false;
    }
    li->state = RH_STATE_IDLE;
    li->ratio = 0;
    li->playing = PLAYING_NONE;
    /* Only the frame shown now; the others are drawn when they are shown. */
    show_frame(li, pull_frame(li, 0));
    return true;
}

static void lottie_destroy(const rh_instance_t *instance)
{
    lottie_instance_t *li = from(instance);
    const rh_host_t *h = li->host;
    /* The host drops timers and images at destroy anyway; handing them back
     * keeps the instance's accounting its own. No `done` after this: the
     * host calls no callback of a destroyed instance, and the timer is
     * cancelled. */
    if (li->exit_timer != RH_TIMER_NONE)
        h->timer_cancel(h, li->exit_timer);
    if (li->shown_image != RH_IMAGE_NONE)
        h->image_release(h, li->shown_image);
    lottie_tree_destroy(li->tree);
    if (li->animation != NULL)
        lottie_animation_destroy(li->animation);
    free(li->pixels);
    lottie_file_release(&li->file);
    free(li->source.path);
    free(li->source.file_name);
    free(li);
}

static void lottie_pull(const rh_instance_t *instance, double distance, double ratio, double velocity)
{
    (void)distance;
    (void)velocity;
    scrub(from(instance), ratio);
}

/* ABI 1.3: called in every state; the pull picks the frame only while
 * scrubbing() says so. ratio is distance over the trigger distance, above 1
 * past it, which shows the pull's last frame. */
static void lottie_position(const rh_instance_t *instance, const rh_pull_t *pull)
{
    if (pull != NULL && RH_HAS_FIELD(pull, rh_pull_t, ratio))
        scrub(from(instance), pull->ratio);
}

static void lottie_state_changed(const rh_instance_t *instance, rh_state_t old_state, rh_state_t new_state)
{
    (void)old_state;
    lottie_instance_t *li = from(instance);
    li->state = new_state;
    if (new_state == RH_STATE_ARMED && li->file.segments[LOTTIE_ARMED].present) {
        play(li, LOTTIE_ARMED, segment_seconds(li, LOTTIE_ARMED));
    } else if (scrubbing(li) && li->playing != PLAYING_NONE) {
        /* Back below the trigger: the pull picks the frame again. */
        li->playing = PLAYING_NONE;
        show_frame(li, pull_frame(li, li->ratio));
    }
}

/* One pass of the loop per cycle: the host calls cycle once per cycle, and
 * the cycle lasts the loop (its descriptor's cycle_duration). */
static void lottie_cycle(const rh_instance_t *instance)
{
    lottie_instance_t *li = from(instance);
    play(li, LOTTIE_LOOP, li->file.cycle_duration);
}

static void exit_finished(void *user, bool finished)
{
    lottie_instance_t *li = user;
    /* Cancelled (finished false) only by our reset or destroy, which
     * dropped `done` already; a newer exit may have set its own since. */
    if (!finished)
        return;
    li->exit_timer = RH_TIMER_NONE;
    rh_done_fn done = li->done;
    li->done = NULL;
    if (done != NULL)
        done();
}

static void run_ending(lottie_instance_t *li, lottie_role_t role, rh_done_fn done)
{
    drop_exit(li);
    if (!li->file.segments[role].present) {
        /* No ending: done at once; the loop holds its last frame. */
        if (done != NULL)
            done();
        return;
    }
    double seconds = segment_seconds(li, role);
    play(li, role, seconds);
    li->done = done;
    rh_timer_t timer = RH_TIMER_NONE;
    if (!check(li, li->host->timer_schedule(li->host, seconds, exit_finished, li, &timer), "timer_schedule") ||
        timer == RH_TIMER_NONE) {
        /* No timer to wait on: rather done now than the host's deadline. */
        li->done = NULL;
        if (done != NULL)
            done();
        return;
    }
    li->exit_timer = timer;
}

static void lottie_exit(const rh_instance_t *instance, rh_done_fn done)
{
    run_ending(from(instance), LOTTIE_EXIT, done);
}

static void lottie_exit_with_result(const rh_instance_t *instance, const rh_refresh_result_t *result,
                                    rh_done_fn done)
{
    lottie_instance_t *li = from(instance);
    lottie_role_t role = LOTTIE_EXIT;
    if (result != NULL && RH_HAS_FIELD(result, rh_refresh_result_t, kind)) {
        if (result->kind == RH_RESULT_SUCCESS && li->file.segments[LOTTIE_SUCCESS].present)
            role = LOTTIE_SUCCESS;
        else if (result->kind == RH_RESULT_FAILURE && li->file.segments[LOTTIE_FAILURE].present)
            role = LOTTIE_FAILURE;
    }
    run_ending(li, role, done);
}

static void lottie_reset(const rh_instance_t *instance)
{
    lottie_instance_t *li = from(instance);
    drop_exit(li); /* the host stopped waiting for it, if it still runs */
    li->playing = PLAYING_NONE;
    li->ratio = 0;
    show_frame(li, pull_frame(li, 0));
}

static void lottie_closed(const rh_instance_t *instance)
{
    lottie_instance_t *li = from(instance);
    li->playing = PLAYING_NONE;
    li->ratio = 0;
    show_frame(li, pull_frame(li, 0));
}

/* The playing segment's frame at the host's time; nothing to do while the
 * frame stays the same (a held last frame, a 30 fps file at 60 Hz). */
static void lottie_tick(const rh_instance_t *instance, double time, double dt)
{
    (void)dt;
    lottie_instance_t *li = from(instance);
    if (li->playing != PLAYING_NONE && isfinite(time))
        show_frame(li, segment_frame(li, time));
}

const rh_instance_t *lottie_instance_create(const rh_host_t *host, const lottie_source_t *source)
{
    lottie_instance_t *li = calloc(1, sizeof *li);
    if (li == NULL)
        return NULL;
    li->host = host;
    li->source.path = strdup(source->path);
    li->source.file_name = strdup(source->file_name);
    if (li->source.path == NULL || li->source.file_name == NULL) {
        free(li->source.path);
        free(li->source.file_name);
        free(li);
        return NULL;
    }
    char error[RH_REASON_MAX];
    /* The file may have changed since the scan: read and check it again. */
    if (!lottie_file_load(source, &li->file, &li->animation, error, sizeof error)) {
        host->log(host, RH_LOG_ERROR, error);
        free(li->source.path);
        free(li->source.file_name);
        free(li);
        return NULL;
    }
    li->shown_frame = -1;
    li->shown_image = RH_IMAGE_NONE;
    li->refused_frame = -1;
    li->playing = PLAYING_NONE;
    li->exit_timer = RH_TIMER_NONE;
    li->instance = (rh_instance_t){
        .struct_size = sizeof(rh_instance_t),
        .plugin_data = li,
        .setup = lottie_setup,
        .destroy = lottie_destroy,
        .pull = lottie_pull,
        .state_changed = lottie_state_changed,
        .setup_for_cycle = NULL,
        .cycle = lottie_cycle,
        .exit = lottie_exit,
        .reset = lottie_reset,
        .tick = lottie_tick,
        .get_extension = NULL,
        .position = lottie_position,
        .closed = lottie_closed,
        .exit_with_result = lottie_exit_with_result,
    };
    return &li->instance;
}

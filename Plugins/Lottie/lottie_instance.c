/*
 * lottie_instance.c - see lottie_instance.h.
 *
 * Frames: each frame the instance shows is rendered by rlottie once, at the
 * layer's exact pixel size, turned into straight RGBA and handed to the host
 * as an image it keeps for the instance's life. Timed segments are image
 * sequences the host steps on its own clock; the plugin only picks the pull
 * frame, as the pull moves.
 *
 * When it renders: the in-frame callbacks (pull, state changes, cycles)
 * have a 16 ms budget, and a loop may need dozens of frames at once. So
 * setup renders ahead (up to LOTTIE_SETUP_RENDER_SECONDS), tick() goes on
 * with what is left, about a millisecond (at least one frame) per frame,
 * and a segment needed before that is done is finished on the spot. What is shown never
 * depends on how far ahead this got, only when the work is done.
 *
 * Memory: a segment that would not fit LOTTIE_IMAGE_BUDGET uses every k-th
 * frame (each shown k times as long), the same k for all segments.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */

#include "lottie_instance.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lottie_file.h"

/* Image bytes one instance holds at most: the host's limit. (Past 16 MiB
 * the validator warns, budgets.images; a 60 fps animation kept under that
 * at 2x or 3x would play at a fraction of its frames.) */
#define LOTTIE_IMAGE_BUDGET RH_IMAGE_MAX_BYTES
/* Work budgets for rendering ahead. Setup runs once per instance, before
 * anything moves, with 2 s of the host's budget (the validator warns past
 * 100 ms): most animations are rendered there whole, so the frames that
 * follow have nothing to do. tick runs every frame (the validator warns
 * past 1 ms and fails past 16.7 ms; rlottie's raster threads make a frame
 * slower on a busy machine): only what setup left. At least one frame is
 * rendered per call either way. */
#define LOTTIE_SETUP_RENDER_SECONDS 0.5
#define LOTTIE_TICK_RENDER_SECONDS 0.0008

typedef struct {
    long *frames; /* frame numbers to show, in order */
    uint32_t count;
} samples_t;

typedef struct lottie_instance {
    rh_instance_t instance;
    const rh_host_t *host;
    lottie_source_t source; /* copies of the strings, for messages */
    lottie_file_t file;
    Lottie_Animation *animation;

    rh_layer_t root, layer;
    uint32_t pixel_width, pixel_height;
    uint32_t *pixels; /* one frame: rlottie's ARGB32, then our RGBA in place */

    long frame_total;     /* end_frame - first_frame */
    rh_image_t *images;   /* per frame, RH_IMAGE_NONE until rendered */
    unsigned char *broken;/* per frame: the host refused its image; not retried */
    samples_t samples[LOTTIE_SEGMENT_COUNT];
    rh_image_t *sequence; /* scratch for a sequence's handles */

    long *ahead; /* frames to render ahead, in the order they are needed */
    size_t ahead_count, ahead_next;

    rh_state_t state;
    double ratio;      /* the pull, 0..1 */
    long shown;        /* the frame shown by layer_set_image; -1 during a sequence */
    rh_done_fn done;   /* the exit's completion, until it is called */
    bool logged_limit; /* one log line for refused images */
} lottie_instance_t;

static lottie_instance_t *from(const rh_instance_t *instance)
{
    return (lottie_instance_t *)instance->plugin_data;
}

static double seconds_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
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

/* The image of `frame`, rendered now if it was not yet; RH_IMAGE_NONE if
 * the host refused it. */
static rh_image_t frame_image(lottie_instance_t *li, long frame)
{
    long slot = frame - li->file.first_frame;
    if (slot < 0 || slot >= li->frame_total)
        return RH_IMAGE_NONE;
    if (li->images[slot] != RH_IMAGE_NONE || li->broken[slot])
        return li->images[slot];
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
    rh_status_t status = li->host->image_create(li->host, &px, &image);
    if (status < RH_OK || image == RH_IMAGE_NONE) {
        li->broken[slot] = 1;
        if (!li->logged_limit) {
            li->logged_limit = true;
            say(li, RH_LOG_WARNING, "the host refused the image of frame %ld (status %d); frames it refuses are "
                                      "left out", frame, (int)status);
        }
        return RH_IMAGE_NONE;
    }
    li->images[slot] = image;
    return image;
}

/* Renders frames ahead, in the order they will be needed, until `seconds`
 * of work are spent (at least one frame). */
static void render_ahead(lottie_instance_t *li, double seconds)
{
    if (li->ahead_next >= li->ahead_count)
        return;
    double start = seconds_now();
    do {
        long frame = li->ahead[li->ahead_next++];
        frame_image(li, frame);
    } while (li->ahead_next < li->ahead_count && seconds_now() - start < seconds);
}

/* ---- planning ------------------------------------------------------------ */

/* Frames of a segment sampled every `stride`: a loop keeps even spacing
 * over its cycle; the others keep their first and last frame (the pull's
 * ends, an ending's final pose). */
static bool make_samples(lottie_instance_t *li, lottie_role_t role, long stride)
{
    const lottie_segment_t *seg = &li->file.segments[role];
    samples_t *s = &li->samples[role];
    if (!seg->present)
        return true;
    long n = (seg->count + stride - 1) / stride;
    if (n < 1)
        n = 1;
    s->frames = malloc((size_t)n * sizeof *s->frames);
    if (s->frames == NULL)
        return false;
    s->count = (uint32_t)n;
    for (long i = 0; i < n; i++) {
        long offset;
        if (role == LOTTIE_LOOP)
            offset = (long)((double)i * (double)seg->count / (double)n);
        else if (n == 1)
            offset = role == LOTTIE_PULL ? 0 : seg->count - 1;
        else
            offset = lround((double)i * (double)(seg->count - 1) / (double)(n - 1));
        s->frames[i] = seg->start + offset;
    }
    return true;
}

/* The smallest stride k that keeps every segment within a sequence's
 * RH_IMAGE_SEQUENCE_MAX frames and all of them within the byte budget
 * (counted as if no two segments shared a frame). */
static long plan_stride(const lottie_instance_t *li)
{
    uint64_t frame_bytes = (uint64_t)li->pixel_width * li->pixel_height * 4u;
    uint64_t fit = LOTTIE_IMAGE_BUDGET / (frame_bytes ? frame_bytes : 1);
    long longest = 1, total = 0;
    int present = 0;
    for (int r = 0; r < LOTTIE_SEGMENT_COUNT; r++) {
        const lottie_segment_t *seg = &li->file.segments[r];
        if (!seg->present)
            continue;
        present++;
        total += seg->count;
        if (seg->count > longest)
            longest = seg->count;
    }
    if (fit < (uint64_t)present)
        return longest; /* one frame each is all there is room for */
    long k = (long)(((uint64_t)total + fit - 1) / fit);
    if (k < 1)
        k = 1;
    for (; k < longest; k++) {
        uint64_t frames = 0;
        bool short_enough = true;
        for (int r = 0; r < LOTTIE_SEGMENT_COUNT; r++) {
            const lottie_segment_t *seg = &li->file.segments[r];
            if (!seg->present)
                continue;
            uint64_t n = (uint64_t)((seg->count + k - 1) / k);
            frames += n;
            short_enough = short_enough && n <= RH_IMAGE_SEQUENCE_MAX;
        }
        if (short_enough && frames <= fit)
            break;
    }
    return k;
}

/* ---- showing ------------------------------------------------------------- */

static void show_frame(lottie_instance_t *li, long frame, bool force)
{
    if (!force && li->shown == frame)
        return;
    rh_image_t image = frame_image(li, frame);
    if (image == RH_IMAGE_NONE)
        return;
    if (check(li, li->host->layer_set_image(li->host, li->layer, image), "layer_set_image"))
        li->shown = frame;
}

static long pull_frame(const lottie_instance_t *li, double ratio)
{
    const samples_t *s = &li->samples[LOTTIE_PULL];
    if (!(ratio > 0))
        ratio = 0; /* NaN too */
    if (ratio > 1)
        ratio = 1;
    long index = lround(ratio * (double)(s->count - 1));
    return s->frames[index];
}

/* Plays a segment once through a host image sequence; `completion` (may be
 * NULL) as layer_set_image_sequence's. False when nothing could be shown. */
static bool play(lottie_instance_t *li, lottie_role_t role, double duration, rh_completion_fn completion)
{
    const samples_t *s = &li->samples[role];
    uint32_t n = 0;
    rh_image_t last = RH_IMAGE_NONE;
    for (uint32_t i = 0; i < s->count; i++) {
        rh_image_t image = frame_image(li, s->frames[i]);
        /* A frame the host refused shows the one before it. */
        if (image != RH_IMAGE_NONE)
            last = image;
        if (last != RH_IMAGE_NONE)
            li->sequence[n++] = last;
    }
    if (n == 0)
        return false;
    rh_image_sequence_t sequence = {
        .struct_size = sizeof sequence, .count = n, .frames = li->sequence,
        .frame_duration = duration / (double)n, .delay = 0.0, .repeat_count = 1.0,
    };
    if (sequence.frame_duration < RH_MIN_DURATION)
        sequence.frame_duration = RH_MIN_DURATION;
    li->shown = -1;
    return check(li, li->host->layer_set_image_sequence(li->host, li->layer, &sequence, completion, li),
                 "layer_set_image_sequence");
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
        show_frame(li, pull_frame(li, li->ratio), false);
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

    size_t pixel_count = (size_t)li->pixel_width * li->pixel_height;
    li->pixels = malloc(pixel_count * 4);
    li->frame_total = li->file.end_frame - li->file.first_frame;
    li->images = calloc((size_t)li->frame_total, sizeof *li->images);
    li->broken = calloc((size_t)li->frame_total, 1);
    li->sequence = malloc(RH_IMAGE_SEQUENCE_MAX * sizeof *li->sequence);
    if (li->pixels == NULL || li->images == NULL || li->broken == NULL || li->sequence == NULL)
        return false;
    long stride = plan_stride(li);
    size_t ahead = 0;
    for (int r = 0; r < LOTTIE_SEGMENT_COUNT; r++) {
        if (!make_samples(li, (lottie_role_t)r, stride))
            return false;
        ahead += li->samples[r].count;
    }
    if (stride > 1)
        say(li, RH_LOG_INFO, "frames of %ux%u pixels: 1 frame in %ld is shown, to stay within %u MiB of images",
            li->pixel_width, li->pixel_height, stride, LOTTIE_IMAGE_BUDGET / (1024u * 1024u));
    li->ahead = malloc((ahead ? ahead : 1) * sizeof *li->ahead);
    if (li->ahead == NULL)
        return false;
    /* Segments that start all at once first: the loop (a refresh may start
     * right away), armed, the endings; the pull last, since it needs one
     * new frame at a time and renders it on the spot if need be. */
    static const lottie_role_t order[LOTTIE_SEGMENT_COUNT] = {
        LOTTIE_LOOP, LOTTIE_ARMED, LOTTIE_EXIT, LOTTIE_SUCCESS, LOTTIE_FAILURE, LOTTIE_PULL,
    };
    for (int r = 0; r < LOTTIE_SEGMENT_COUNT; r++)
        for (uint32_t i = 0; i < li->samples[order[r]].count; i++)
            li->ahead[li->ahead_count++] = li->samples[order[r]].frames[i];

    li->state = RH_STATE_IDLE;
    li->ratio = 0;
    li->shown = -1;
    show_frame(li, pull_frame(li, 0), true);
    render_ahead(li, LOTTIE_SETUP_RENDER_SECONDS);
    return true;
}

static void lottie_destroy(const rh_instance_t *instance)
{
    lottie_instance_t *li = from(instance);
    /* No host service here: the host releases the layer and the images
     * itself, and a call during destroy is a misuse it reports. */
    if (li->animation != NULL)
        lottie_animation_destroy(li->animation);
    for (int r = 0; r < LOTTIE_SEGMENT_COUNT; r++)
        free(li->samples[r].frames);
    free(li->pixels);
    free(li->images);
    free(li->broken);
    free(li->sequence);
    free(li->ahead);
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
    lottie_instance_t *li = from(instance);
    li->state = new_state;
    if (new_state == RH_STATE_ARMED && li->file.segments[LOTTIE_ARMED].present) {
        play(li, LOTTIE_ARMED, segment_seconds(li, LOTTIE_ARMED), NULL);
    } else if (new_state == RH_STATE_PULLING && old_state == RH_STATE_ARMED) {
        /* Back below the trigger: the pull picks the frame again. */
        show_frame(li, pull_frame(li, li->ratio), true);
    }
}

/* One pass of the loop per cycle; the host's block times the cycle, the
 * sequence spans it exactly. */
static void lottie_setup_for_cycle(const rh_instance_t *instance)
{
    lottie_instance_t *li = from(instance);
    play(li, LOTTIE_LOOP, li->file.cycle_duration, NULL);
}

static void exit_finished(void *user, bool finished)
{
    lottie_instance_t *li = user;
    /* Cancelled (finished false) only by our own reset, after the host
     * stopped waiting: reset dropped `done` then, and the cancellation may
     * arrive after a newer exit has set its own. */
    if (!finished)
        return;
    rh_done_fn done = li->done;
    li->done = NULL;
    if (done != NULL)
        done();
}

static void run_ending(lottie_instance_t *li, lottie_role_t role, rh_done_fn done)
{
    li->done = NULL;
    if (!li->file.segments[role].present) {
        if (done != NULL)
            done(); /* no ending: done at once */
        return;
    }
    li->done = done;
    if (!play(li, role, segment_seconds(li, role), exit_finished)) {
        li->done = NULL;
        if (done != NULL)
            done();
    }
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
    li->ratio = 0;
    show_frame(li, pull_frame(li, 0), true);
    li->done = NULL;
}

static void lottie_closed(const rh_instance_t *instance)
{
    lottie_instance_t *li = from(instance);
    li->ratio = 0;
    show_frame(li, pull_frame(li, 0), false);
}

static void lottie_tick(const rh_instance_t *instance, double time, double dt)
{
    (void)time;
    (void)dt;
    render_ahead(from(instance), LOTTIE_TICK_RENDER_SECONDS);
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
    li->shown = -1;
    li->instance = (rh_instance_t){
        .struct_size = sizeof(rh_instance_t),
        .plugin_data = li,
        .setup = lottie_setup,
        .destroy = lottie_destroy,
        .pull = lottie_pull,
        .state_changed = lottie_state_changed,
        .setup_for_cycle = lottie_setup_for_cycle,
        .cycle = NULL,
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

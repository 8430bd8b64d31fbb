/*
 * sequence_instance.c - a running frame-sequence style: one IMAGE layer
 * and the host's images.
 *
 * Every frame is decoded once, in setup (the host times setup, and a
 * callback per frame must stay far under a millisecond), and handed to the
 * host with image_create; the decoded buffers are freed at once. From then
 * on the style only picks images: layer_set_image for the pull's scrubbed
 * frame, layer_set_image_sequence for what plays on the host's clock (the
 * arming, each refresh cycle, the ending, an animated idle). Nothing runs
 * per frame.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frame_sequence.h"

/* One state's frames as the host holds them. */
typedef struct track {
    bool present;
    uint32_t image_count;
    rh_image_t *images; /* one per distinct frame */
    uint32_t step_count;
    rh_image_t *steps;  /* the sequence: images repeated by their ticks */
    double step_duration;
} track_t;

/* What the layer shows, so that a callback that changes nothing makes no
 * host call (and a looping idle is not restarted by every position). */
typedef enum showing {
    SHOW_NOTHING,
    SHOW_REST,  /* idle, or the pull's first frame */
    SHOW_SCRUB, /* a pull frame, chosen by the ratio */
    SHOW_ARMED,
    SHOW_REFRESH,
    SHOW_EXIT
} showing_t;

typedef struct fs_instance {
    rh_instance_t instance;
    const rh_host_t *host;
    const fs_style_t *style;
    rh_layer_t layer;
    track_t tracks[FS_STATE_COUNT];
    const track_t *scrub; /* pulling, or refreshing when there is no pulling */
    rh_state_t state;
    showing_t showing;
    uint32_t scrub_step;
    double ratio;         /* the last pull ratio, for a pull back from armed */
    rh_done_fn done;      /* the exit's, until it is called */
} fs_instance_t;

static fs_instance_t *from(const rh_instance_t *instance)
{
    return (fs_instance_t *)instance->plugin_data;
}

static void logf_(const fs_instance_t *m, rh_log_level_t level, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

static void logf_(const fs_instance_t *m, rh_log_level_t level, const char *format, ...)
{
    char line[RH_REASON_MAX + 128];
    va_list args;
    va_start(args, format);
    vsnprintf(line, sizeof line, format, args);
    va_end(args);
    char *clean = fs_clean_text(line, sizeof line - 1);
    m->host->log(m->host, level, clean ? clean : line);
    free(clean);
}

static bool check(const fs_instance_t *m, rh_status_t status, const char *what)
{
    if (status >= RH_OK)
        return true;
    logf_(m, RH_LOG_WARNING, "%s: %s failed with status %d", m->style->folder, what, (int)status);
    return false;
}

/* ------------------------------------------------------------------------ */
/* Decoding, once                                                            */
/* ------------------------------------------------------------------------ */

typedef struct sink {
    fs_instance_t *m;
    track_t *track;
    rh_status_t status;
} sink_t;

static bool take_frame(void *user, uint32_t index, const uint8_t *rgba, size_t stride)
{
    sink_t *s = user;
    const rh_host_t *h = s->m->host;
    if (index >= s->track->image_count)
        return false;
    rh_image_pixels_t pixels = {
        .struct_size = sizeof pixels,
        .width = s->m->style->width,
        .height = s->m->style->height,
        .stride = stride,
        .rgba = rgba,
    };
    rh_image_t image = RH_IMAGE_NONE;
    s->status = h->image_create(h, &pixels, &image);
    if (s->status < RH_OK)
        return false;
    s->track->images[index] = image;
    return true;
}

/* Decodes one state's frames into host images. */
static bool decode_track(fs_instance_t *m, const fs_sequence_t *seq, track_t *track)
{
    const fs_style_t *style = m->style;
    track->image_count = seq->frame_count;
    track->images = calloc(seq->frame_count, sizeof(rh_image_t));
    track->steps = calloc(seq->step_count, sizeof(rh_image_t));
    if (track->images == NULL || track->steps == NULL) {
        logf_(m, RH_LOG_ERROR, "%s: out of memory for %s", style->folder, seq->label);
        return false;
    }
    sink_t sink = { .m = m, .track = track, .status = RH_OK };
    char why[FS_ERROR_MAX];
    const char *file = seq->label;
    char frame_label[FS_ERROR_MAX];
    bool ok = true;
    if (seq->kind == FS_SOURCE_PNG_FOLDER) {
        for (uint32_t i = 0; ok && i < seq->frame_count; i++) {
            const char *slash = strrchr(seq->frame_paths[i], '/');
            fs_format(frame_label, sizeof frame_label, "%s%s", seq->label, slash ? slash + 1 : seq->frame_paths[i]);
            file = frame_label;
            fs_bytes_t bytes;
            ok = fs_read_file(style->root, seq->frame_paths[i], 0, &bytes, why, sizeof why) &&
                 fs_png_decode(&bytes, style->width, style->height, take_frame, &sink, i, why, sizeof why);
            fs_bytes_free(&bytes);
        }
    } else {
        fs_bytes_t bytes;
        ok = fs_read_file(style->root, seq->path, 0, &bytes, why, sizeof why);
        if (ok && seq->kind == FS_SOURCE_PNG)
            ok = fs_png_decode(&bytes, style->width, style->height, take_frame, &sink, 0, why, sizeof why);
        else if (ok && seq->kind == FS_SOURCE_GIF)
            ok = fs_gif_decode(&bytes, style->width, style->height, seq->frame_count, take_frame, &sink, why,
                               sizeof why);
        else if (ok)
            ok = fs_webp_decode(&bytes, style->width, style->height, seq->frame_count, take_frame, &sink, why,
                                sizeof why);
        fs_bytes_free(&bytes);
    }
    if (!ok) {
        if (sink.status < RH_OK)
            logf_(m, RH_LOG_ERROR, "%s: %s: image_create refused a frame (status %d)", style->folder, file,
                  (int)sink.status);
        else
            logf_(m, RH_LOG_ERROR, "%s: %s: %s", style->folder, file, why);
        return false;
    }
    uint32_t k = 0;
    for (uint32_t i = 0; i < seq->frame_count; i++)
        for (uint32_t t = 0; t < seq->ticks[i] && k < seq->step_count; t++)
            track->steps[k++] = track->images[i];
    track->step_count = k;
    track->step_duration = seq->step_duration;
    track->present = k > 0;
    return track->present;
}

/* ------------------------------------------------------------------------ */
/* Showing                                                                   */
/* ------------------------------------------------------------------------ */

static void show_image(fs_instance_t *m, rh_image_t image, showing_t what)
{
    check(m, m->host->layer_set_image(m->host, m->layer, image), "layer_set_image");
    m->showing = what;
}

/* Plays a track on the host's clock: `repeat` passes (INFINITY loops). */
static bool play(fs_instance_t *m, const track_t *t, double repeat, rh_completion_fn completion, showing_t what)
{
    rh_image_sequence_t sequence = {
        .struct_size = sizeof sequence,
        .count = t->step_count,
        .frames = t->steps,
        .frame_duration = t->step_duration,
        .delay = 0.0,
        .repeat_count = repeat,
    };
    m->showing = what;
    return check(m, m->host->layer_set_image_sequence(m->host, m->layer, &sequence, completion, m),
                 "layer_set_image_sequence");
}

/* At rest: idle's first frame, idle looping if it moves, or, with no idle,
 * the first frame the pull shows. */
static void show_rest(fs_instance_t *m)
{
    if (m->showing == SHOW_REST)
        return;
    const track_t *idle = &m->tracks[FS_IDLE];
    if (idle->present && idle->step_count > 1)
        play(m, idle, INFINITY, NULL, SHOW_REST);
    else
        show_image(m, idle->present ? idle->steps[0] : m->scrub->steps[0], SHOW_REST);
}

/* The pull's frame: ratio 0 the first, 1 the last, each frame an equal
 * share of the pull (MJRefresh: index = percent x count). */
static void scrub(fs_instance_t *m, double ratio)
{
    const track_t *t = m->scrub;
    double r = isfinite(ratio) ? fmin(fmax(ratio, 0.0), 1.0) : 0.0;
    uint32_t step = (uint32_t)floor(r * t->step_count);
    if (step >= t->step_count)
        step = t->step_count - 1;
    if (m->showing == SHOW_SCRUB && step == m->scrub_step)
        return;
    m->scrub_step = step;
    show_image(m, t->steps[step], SHOW_SCRUB);
}

static void on_pull(fs_instance_t *m, double distance, double ratio)
{
    m->ratio = ratio;
    switch (m->state) {
    case RH_STATE_PULLING:
        scrub(m, ratio);
        break;
    case RH_STATE_ARMED:
        /* The arming plays once and holds its last frame. */
        if (!m->tracks[FS_ARMED].present)
            scrub(m, ratio);
        break;
    case RH_STATE_IDLE:
        if (distance > 0.0)
            scrub(m, ratio);
        else
            show_rest(m);
        break;
    default:
        break; /* refreshing, exiting, closing: the sequences own the layer */
    }
}

static void finish_exit(fs_instance_t *m)
{
    rh_done_fn done = m->done;
    m->done = NULL;
    if (done != NULL)
        done();
}

static void exit_played(void *user, bool finished)
{
    (void)finished; /* the host waits for done either way */
    finish_exit(user);
}

/* ------------------------------------------------------------------------ */
/* Callbacks                                                                 */
/* ------------------------------------------------------------------------ */

static bool fs_setup(const rh_instance_t *instance, rh_layer_t root)
{
    fs_instance_t *m = from(instance);
    const rh_host_t *h = m->host;
    const fs_style_t *style = m->style;
    if (!RH_HAS_FIELD(h, rh_host_t, layer_set_image_sequence) || h->image_create == NULL ||
        h->layer_set_image_sequence == NULL) {
        logf_(m, RH_LOG_ERROR, "%s: the host has no image services (ABI 1.2)", style->folder);
        return false;
    }
    for (int s = 0; s < FS_STATE_COUNT; s++)
        if (style->seq[s].kind != FS_SOURCE_NONE && !decode_track(m, &style->seq[s], &m->tracks[s]))
            return false;
    m->scrub = m->tracks[FS_PULLING].present ? &m->tracks[FS_PULLING] : &m->tracks[FS_REFRESHING];

    double width = 0.0, height = 0.0;
    if (!check(m, h->layer_get(h, root, RH_PROP_WIDTH, &width), "reading the root's width") ||
        !check(m, h->layer_get(h, root, RH_PROP_HEIGHT, &height), "reading the root's height"))
        return false;
    /* The frames at their point size, shrunk (never grown) to fit the
     * header; gravity keeps the aspect if the host rounds. */
    double w = style->width / style->scale, hgt = style->height / style->scale;
    double fit = 1.0;
    if (hgt > height && hgt > 0.0)
        fit = height / hgt;
    if (w * fit > width && w > 0.0)
        fit = width / w;
    m->layer = h->layer_create(h, RH_LAYER_IMAGE, root);
    if (m->layer == RH_LAYER_NONE) {
        logf_(m, RH_LOG_ERROR, "%s: layer_create refused the image layer", style->folder);
        return false;
    }
    bool ok = check(m, h->layer_set(h, m->layer, RH_PROP_WIDTH, w * fit), "setup: width") &&
              check(m, h->layer_set(h, m->layer, RH_PROP_HEIGHT, hgt * fit), "setup: height") &&
              check(m, h->layer_set(h, m->layer, RH_PROP_POSITION_X, width / 2.0), "setup: x") &&
              check(m, h->layer_set(h, m->layer, RH_PROP_POSITION_Y, height / 2.0), "setup: y") &&
              check(m, h->layer_set(h, m->layer, RH_PROP_CONTENTS_GRAVITY, RH_GRAVITY_RESIZE_ASPECT),
                    "setup: gravity");
    if (!ok)
        return false;
    m->state = RH_STATE_IDLE;
    m->showing = SHOW_NOTHING;
    show_rest(m);
    return true;
}

static void fs_destroy(const rh_instance_t *instance)
{
    fs_instance_t *m = from(instance);
    for (int s = 0; s < FS_STATE_COUNT; s++) {
        track_t *t = &m->tracks[s];
        for (uint32_t i = 0; t->images != NULL && i < t->image_count; i++)
            if (t->images[i] != RH_IMAGE_NONE)
                m->host->image_release(m->host, t->images[i]);
        free(t->images);
        free(t->steps);
    }
    free(m);
}

static void fs_pull(const rh_instance_t *instance, double distance, double ratio, double velocity)
{
    (void)velocity;
    on_pull(from(instance), distance, ratio);
}

/* 1.3: called instead of pull, in every phase; only a finger's drag and
 * the return from a pull that did not refresh scrub. */
static void fs_position(const rh_instance_t *instance, const rh_pull_t *pull)
{
    if (pull == NULL || !RH_HAS_FIELD(pull, rh_pull_t, ratio))
        return;
    if (pull->phase == RH_PULL_DRAGGING || pull->phase == RH_PULL_RETURNING)
        on_pull(from(instance), pull->distance, pull->ratio);
}

static void fs_state_changed(const rh_instance_t *instance, rh_state_t old_state, rh_state_t new_state)
{
    fs_instance_t *m = from(instance);
    m->state = new_state;
    switch (new_state) {
    case RH_STATE_ARMED:
        if (m->tracks[FS_ARMED].present)
            play(m, &m->tracks[FS_ARMED], 1.0, NULL, SHOW_ARMED);
        break;
    case RH_STATE_PULLING:
        if (old_state == RH_STATE_ARMED && m->showing == SHOW_ARMED)
            scrub(m, m->ratio);
        break;
    case RH_STATE_IDLE:
    case RH_STATE_NO_MORE: /* a footer with nothing more rests */
        show_rest(m);
        break;
    default:
        break;
    }
}

/* One pass of refreshing per cycle: the cycle lasts exactly as long. */
static void fs_cycle(const rh_instance_t *instance)
{
    fs_instance_t *m = from(instance);
    play(m, &m->tracks[FS_REFRESHING], 1.0, NULL, SHOW_REFRESH);
}

static void play_ending(fs_instance_t *m, fs_state_id_t which, rh_done_fn done)
{
    const track_t *t = &m->tracks[which];
    if (!t->present)
        t = &m->tracks[FS_EXIT];
    m->done = done;
    if (!t->present || !play(m, t, 1.0, exit_played, SHOW_EXIT))
        finish_exit(m); /* no ending: done at once */
}

static void fs_exit(const rh_instance_t *instance, rh_done_fn done)
{
    play_ending(from(instance), FS_EXIT, done);
}

static void fs_exit_with_result(const rh_instance_t *instance, const rh_refresh_result_t *result, rh_done_fn done)
{
    fs_state_id_t which = FS_EXIT;
    if (result != NULL && RH_HAS_FIELD(result, rh_refresh_result_t, kind)) {
        if (result->kind == RH_RESULT_SUCCESS)
            which = FS_SUCCESS;
        else if (result->kind == RH_RESULT_FAILURE)
            which = FS_FAILURE;
    }
    play_ending(from(instance), which, done);
}

static void fs_reset(const rh_instance_t *instance)
{
    fs_instance_t *m = from(instance);
    /* An ending still playing past the host's deadline must not call done
     * late when rest replaces it. */
    m->done = NULL;
    show_rest(m);
}

static void fs_closed(const rh_instance_t *instance)
{
    fs_instance_t *m = from(instance);
    m->done = NULL;
    show_rest(m);
}

const rh_instance_t *fs_instance_create(const rh_host_t *host, const fs_style_t *style)
{
    fs_instance_t *m = calloc(1, sizeof *m);
    if (m == NULL)
        return NULL;
    m->host = host;
    m->style = style;
    m->instance = (rh_instance_t){
        .struct_size = sizeof(rh_instance_t),
        .plugin_data = m,
        .setup = fs_setup,
        .destroy = fs_destroy,
        .pull = fs_pull,
        .state_changed = fs_state_changed,
        .setup_for_cycle = NULL,
        .cycle = fs_cycle,
        .exit = fs_exit,
        .reset = fs_reset,
        .tick = NULL,
        .get_extension = NULL,
        .position = fs_position,
        .closed = fs_closed,
        .exit_with_result = fs_exit_with_result,
    };
    return &m->instance;
}

/*
 * sequence_states.c - a style folder's states, once it is known to hold
 * some: style.ini, each state's headers (every frame of a PNG folder, a
 * whole GIF or WebP), one size for all, the timing, the limits, and the
 * descriptor.
 */
#define _XOPEN_SOURCE 700

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sequence_scan.h"

#define INI_MAX_BYTES (64u * 1024u)

static const char *const style_tags[] = { "frames", NULL };

static int compare_natural(const void *a, const void *b)
{
    return fs_natural_compare(*(char *const *)a, *(char *const *)b);
}

/* A PNG folder: its frames in natural order, each IHDR read. */
static bool probe_png_folder(scan_t *scan, fs_style_t *style, fs_sequence_t *seq, fs_probe_t *probe, char *err,
                             size_t n)
{
    fs_add_path(&scan->folders, seq->path);
    name_list_t all;
    if (!fs_list_names(seq->path, &all)) {
        fs_format(err, n, "%s cannot be listed (%s)", seq->label, strerror(errno));
        return false;
    }
    name_list_t pngs = { .names = malloc((all.count ? all.count : 1) * sizeof(char *)), .count = 0 };
    if (pngs.names == NULL) {
        fs_names_free(&all);
        fs_format(err, n, "out of memory");
        return false;
    }
    for (size_t i = 0; i < all.count; i++) {
        if (fs_ends_with_ci(all.names[i], ".png")) {
            pngs.names[pngs.count++] = all.names[i];
            all.names[i] = NULL;
        }
    }
    fs_names_free(&all);
    bool ok = false;
    if (pngs.count == 0) {
        fs_format(err, n, "%s holds no PNG frames", seq->label);
        goto done;
    }
    if (pngs.count > RH_IMAGE_SEQUENCE_MAX) {
        fs_format(err, n, "%s holds %s%zu frames; at most %d", seq->label, pngs.count >= MAX_LISTED ? "over " : "",
                  pngs.count, RH_IMAGE_SEQUENCE_MAX);
        goto done;
    }
    qsort(pngs.names, pngs.count, sizeof(char *), compare_natural);
    seq->frame_paths = calloc(pngs.count, sizeof(char *));
    if (seq->frame_paths == NULL) {
        fs_format(err, n, "out of memory");
        goto done;
    }
    for (size_t i = 0; i < pngs.count; i++) {
        char *path = rhc_join(seq->path, pngs.names[i]);
        char real[PATH_MAX], why[FS_ERROR_MAX];
        fs_bytes_t head = { 0 };
        fs_probe_t frame;
        bool read = path != NULL && fs_resolve_inside(style->root, path, real, why, sizeof why) &&
                    fs_read_resolved(real, FS_PNG_HEADER_BYTES, &head, why, sizeof why);
        free(path);
        if (!read) {
            fs_format(err, n, "%s%s %s", seq->label, pngs.names[i], why);
            goto done;
        }
        fs_add_path(&scan->files, real);
        bool png = fs_png_probe(&head, &frame, why, sizeof why);
        fs_bytes_free(&head);
        if (!png) {
            fs_format(err, n, "%s%s: %s", seq->label, pngs.names[i], why);
            goto done;
        }
        if (i == 0) {
            *probe = frame;
        } else if (frame.width != probe->width || frame.height != probe->height) {
            fs_format(err, n, "%s: frame %zu (%s) is %u×%u, frame 0 is %u×%u", seq->label, i, pngs.names[i],
                      frame.width, frame.height, probe->width, probe->height);
            goto done;
        }
        seq->frame_paths[i] = fs_strdup(real);
        if (seq->frame_paths[i] == NULL) {
            fs_format(err, n, "out of memory");
            goto done;
        }
        seq->frame_count = (uint32_t)(i + 1);
    }
    probe->frame_count = (uint32_t)pngs.count;
    ok = fs_time_even(seq, seq->frame_count, scan->fps);
    if (!ok)
        fs_format(err, n, "out of memory");
done:
    fs_names_free(&pngs);
    return ok;
}

/* One file: .png (IHDR only), .gif or .webp (the whole file, to count
 * frames and read delays). */
static bool probe_file(scan_t *scan, fs_style_t *style, fs_sequence_t *seq, fs_probe_t *probe, char *err,
                       size_t n)
{
    char why[FS_ERROR_MAX], real[PATH_MAX];
    fs_bytes_t bytes = { 0 };
    size_t prefix = seq->kind == FS_SOURCE_PNG ? FS_PNG_HEADER_BYTES : 0;
    if (!fs_resolve_inside(style->root, seq->path, real, why, sizeof why) ||
        !fs_read_resolved(real, prefix, &bytes, why, sizeof why)) {
        fs_format(err, n, "%s %s", seq->label, why);
        return false;
    }
    fs_add_path(&scan->files, real);
    /* Setup reads what the scan read (and checks the root again). */
    char *resolved = fs_strdup(real);
    if (resolved != NULL) {
        free(seq->path);
        seq->path = resolved;
    }
    bool ok = seq->kind == FS_SOURCE_PNG   ? fs_png_probe(&bytes, probe, why, sizeof why)
              : seq->kind == FS_SOURCE_GIF ? fs_gif_probe(&bytes, probe, why, sizeof why)
                                           : fs_webp_probe(&bytes, probe, why, sizeof why);
    fs_bytes_free(&bytes);
    if (!ok) {
        fs_format(err, n, "%s: %s", seq->label, why);
        return false;
    }
    seq->frame_count = probe->frame_count;
    /* A file with one frame is a still: one frame at the style's fps, like
     * a PNG, whatever delay it carries. */
    if (probe->frame_count == 1 || probe->delays_ms == NULL)
        ok = fs_time_even(seq, seq->frame_count, scan->fps);
    else
        ok = fs_time_delays(seq, probe->delays_ms, probe->frame_count);
    free(probe->delays_ms);
    probe->delays_ms = NULL;
    if (!ok)
        fs_format(err, n, "out of memory");
    return ok;
}

static bool read_ini(fs_style_t *style, const char *path, fs_ini_t *ini, path_list_t *files, char *err, size_t n)
{
    char why[FS_ERROR_MAX], real[PATH_MAX];
    fs_bytes_t bytes = { 0 };
    if (!fs_resolve_inside(style->root, path, real, why, sizeof why) ||
        !fs_read_resolved(real, 0, &bytes, why, sizeof why)) {
        fs_format(err, n, "style.ini %s", why);
        return false;
    }
    fs_add_path(files, real);
    if (bytes.size > INI_MAX_BYTES) {
        fs_format(err, n, "style.ini is over %u KiB", INI_MAX_BYTES >> 10);
        fs_bytes_free(&bytes);
        return false;
    }
    bool ok = fs_ini_parse((const char *)bytes.data, bytes.size, ini, err, n);
    fs_bytes_free(&bytes);
    return ok;
}

static void fill_descriptor(fs_style_t *style, double height)
{
    const fs_sequence_t *refreshing = &style->seq[FS_REFRESHING];
    double cycle = refreshing->step_count * refreshing->step_duration;
    /* Descriptor strings are UTF-8; a path that is not (a folder named in
     * another encoding) leaves the style without one. */
    const char *source = rhc_is_utf8(style->dir, strlen(style->dir)) ? style->dir : NULL;
    /* MJRefresh's header: it rides down with the content (rhc_descriptor),
     * its picture right above the list. */
    style->descriptor = rhc_descriptor(&style->strings, style_tags, height,
                                       cycle < RH_MIN_CYCLE_DURATION ? RH_MIN_CYCLE_DURATION : cycle,
                                       RH_ANCHOR_BOTTOM, source);
}

/* Everything after the folder is known to hold sequences: style.ini, each
 * state's headers, sizes, timing, limits, the descriptor. Returns false
 * with err set on the first problem. */
bool fs_scan_states(scan_t *scan, fs_style_t *style, const char *ini_path, char *err, size_t n)
{
    fs_ini_t ini;
    memset(&ini, 0, sizeof ini);
    if (ini_path != NULL && !read_ini(style, ini_path, &ini, &scan->files, err, n))
        return false;
    scan->fps = ini.fps > 0 ? ini.fps : FS_DEFAULT_FPS;
    scan->scale = ini.scale > 0 ? ini.scale : FS_DEFAULT_SCALE;
    style->scale = scan->scale;
    bool ok = false;
    const fs_sequence_t *first = NULL;
    uint64_t bytes = 0;
    for (int s = 0; s < FS_STATE_COUNT; s++) {
        fs_sequence_t *seq = &style->seq[s];
        if (seq->kind == FS_SOURCE_NONE)
            continue;
        fs_probe_t probe = { 0 };
        bool probed = seq->kind == FS_SOURCE_PNG_FOLDER ? probe_png_folder(scan, style, seq, &probe, err, n)
                                                        : probe_file(scan, style, seq, &probe, err, n);
        if (!probed)
            goto done;
        if (first == NULL) {
            first = seq;
            style->width = probe.width;
            style->height = probe.height;
        } else if (probe.width != style->width || probe.height != style->height) {
            fs_format(err, n, "%s is %u×%u, %s is %u×%u; every frame of a style has one size", seq->label,
                      probe.width, probe.height, first->label, style->width, style->height);
            goto done;
        }
        if (seq->step_count > RH_IMAGE_SEQUENCE_MAX) {
            fs_format(err, n, "%s has %u frames; at most %d", seq->label, seq->step_count, RH_IMAGE_SEQUENCE_MAX);
            goto done;
        }
        bytes += (uint64_t)seq->frame_count * style->width * style->height * 4u;
    }
    if (bytes > RH_IMAGE_MAX_BYTES) {
        fs_format(err, n, "its frames need %.0f MiB decoded; at most %u MiB (fewer or smaller frames)",
                  ceil(bytes / 1048576.0), RH_IMAGE_MAX_BYTES >> 20);
        goto done;
    }
    const fs_sequence_t *refreshing = &style->seq[FS_REFRESHING];
    double cycle = refreshing->step_count * refreshing->step_duration;
    if (cycle > 60.0) {
        fs_format(err, n, "%s lasts %.1f s; a cycle may last at most 60 s", refreshing->label, cycle);
        goto done;
    }
    /* Default height: the frames at their point size, at most 120 pt (the
     * picture is shrunk to fit), and over the host's 1 pt minimum. */
    double height = ini.height > 0 ? ini.height : fmin(style->height / style->scale, FS_MAX_DEFAULT_HEIGHT);
    if (height < 2.0)
        height = 2.0;
    /* The id a folder gets without style.ini, as the Lottie plugin makes its own. */
    rhc_style_strings_t *mine = &style->strings;
    const rhc_style_strings_t *set = &ini.strings;
    mine->id = set->id ? fs_strdup(set->id) : rhc_id_from_name("frames.", style->folder, "style");
    mine->name = set->name ? fs_strdup(set->name) : fs_clean_text(style->folder, 64);
    mine->version = fs_strdup(set->version ? set->version : "1.0.0");
    mine->vendor = set->vendor ? fs_strdup(set->vendor) : NULL;
    if (set->description) {
        mine->description = fs_strdup(set->description);
    } else {
        char text[600];
        fs_format(text, sizeof text, "Frame sequence from %s", style->folder);
        mine->description = fs_clean_text(text, 512);
    }
    if (mine->id == NULL || mine->name == NULL || mine->version == NULL || mine->description == NULL ||
        (set->vendor && mine->vendor == NULL)) {
        fs_format(err, n, "out of memory");
        goto done;
    }
    fill_descriptor(style, height);
    ok = true;
done:
    fs_ini_free(&ini);
    return ok;
}

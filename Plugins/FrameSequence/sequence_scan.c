/*
 * sequence_scan.c - finds frame-sequence style folders in the two roots and
 * reads what their descriptors need, headers only.
 *
 * Roots: the library's own folder (bundled styles in <own>/styles/) and the
 * user's data folder ($XDG_DATA_HOME/refresh-host/styles, or
 * ~/.local/share/refresh-host/styles). A style is a folder one level down
 * that holds at least one state sequence; others (a Lottie style's folder
 * with its .json, say) are skipped without a word.
 *
 * Confinement: every file is read through fs_read_file, which resolves it
 * and refuses anything whose real path leaves the root, so a link in a
 * style folder cannot make the plugin read the rest of the disk. Only
 * regular files are read, with open/fstat/read, and no file over 32 MiB.
 */
#define _XOPEN_SOURCE 700

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "frame_sequence.h"

#define INI_MAX_BYTES (64u * 1024u)
#define MAX_LISTED 4096 /* entries looked at per folder: more is not a style folder */

static const char *const style_tags[] = { "frames", NULL };

/* ------------------------------------------------------------------------ */
/* Reading inside a root                                                     */
/* ------------------------------------------------------------------------ */

static bool inside(const char *root, const char *path)
{
    size_t n = strlen(root);
    if (n == 1 && root[0] == '/')
        return path[0] == '/';
    return strncmp(path, root, n) == 0 && (path[n] == '/' || path[n] == '\0');
}

/* Resolves `path` into `real` (PATH_MAX bytes) and checks it stays inside
 * `root`. */
static bool resolve_inside(const char *root, const char *path, char *real, char *err, size_t n)
{
    if (realpath(path, real) == NULL) {
        struct stat st;
        if (errno == ENOENT && lstat(path, &st) == 0 && S_ISLNK(st.st_mode))
            fs_format(err, n, "is a link to nothing");
        else
            fs_format(err, n, "cannot be opened (%s)", strerror(errno));
        return false;
    }
    if (!inside(root, real)) {
        fs_format(err, n, "is a link that leaves %s; styles are read only from inside it", root);
        return false;
    }
    return true;
}

static bool read_resolved(const char *real, size_t prefix, fs_bytes_t *out, char *err, size_t n)
{
    /* O_NOFOLLOW: the path is resolved, so a link here was put there since;
     * O_NONBLOCK: a FIFO must not hang the scan before fstat refuses it. */
    int fd = open(real, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY);
    if (fd < 0) {
        fs_format(err, n, "cannot be opened (%s)", strerror(errno));
        return false;
    }
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        fs_format(err, n, "is not a regular file");
        close(fd);
        return false;
    }
    if ((uint64_t)st.st_size > FS_MAX_FILE_BYTES) {
        fs_format(err, n, "is %.1f MiB; a file may have at most %u MiB", st.st_size / 1048576.0,
                  FS_MAX_FILE_BYTES >> 20);
        close(fd);
        return false;
    }
    size_t want = (size_t)st.st_size;
    if (prefix > 0 && prefix < want)
        want = prefix;
    uint8_t *data = malloc(want ? want : 1);
    if (data == NULL) {
        fs_format(err, n, "out of memory");
        close(fd);
        return false;
    }
    size_t got = 0;
    while (got < want) {
        ssize_t r = read(fd, data + got, want - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            fs_format(err, n, "cannot be read (%s)", strerror(errno));
            free(data);
            close(fd);
            return false;
        }
        if (r == 0)
            break; /* it shrank: what is there is what the probes judge */
        got += (size_t)r;
    }
    close(fd);
    out->data = data;
    out->size = got;
    return true;
}

bool fs_read_file(const char *root, const char *path, size_t prefix, fs_bytes_t *out, char *err, size_t n)
{
    char real[PATH_MAX];
    out->data = NULL;
    out->size = 0;
    return resolve_inside(root, path, real, err, n) && read_resolved(real, prefix, out, err, n);
}

void fs_bytes_free(fs_bytes_t *bytes)
{
    free(bytes->data);
    bytes->data = NULL;
    bytes->size = 0;
}

/* ------------------------------------------------------------------------ */
/* data_paths: folders first (they notice added and removed styles and      */
/* frames), then files, so the host's 1024 keep what matters most.          */
/* ------------------------------------------------------------------------ */

typedef struct path_list {
    char **items;
    uint32_t count, capacity;
} path_list_t;

typedef struct scan {
    fs_catalog_t *catalog;
    path_list_t folders, files;
    double fps, scale; /* of the style being scanned */
} scan_t;

static void add_path(path_list_t *list, const char *path)
{
    if (list->count >= RH_DATA_PATHS_MAX || strlen(path) > 4096)
        return;
    for (uint32_t i = 0; i < list->count; i++)
        if (strcmp(list->items[i], path) == 0)
            return;
    if (list->count == list->capacity) {
        uint32_t capacity = list->capacity ? list->capacity * 2 : 32;
        char **grown = realloc(list->items, capacity * sizeof *grown);
        if (grown == NULL)
            return;
        list->items = grown;
        list->capacity = capacity;
    }
    char *copy = fs_strdup(path);
    if (copy != NULL)
        list->items[list->count++] = copy;
}

/* ------------------------------------------------------------------------ */
/* Listing folders                                                           */
/* ------------------------------------------------------------------------ */

typedef struct name_list {
    char **names;
    size_t count;
} name_list_t;

static void names_free(name_list_t *list)
{
    for (size_t i = 0; i < list->count; i++)
        free(list->names[i]);
    free(list->names);
    list->names = NULL;
    list->count = 0;
}

/* The names in `dir`, hidden ones (leading '.') left out, at most
 * MAX_LISTED. False when the folder cannot be opened. */
static bool list_names(const char *dir, name_list_t *out)
{
    out->names = NULL;
    out->count = 0;
    DIR *d = opendir(dir);
    if (d == NULL)
        return false;
    size_t capacity = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL && out->count < MAX_LISTED) {
        if (e->d_name[0] == '.')
            continue;
        if (out->count == capacity) {
            capacity = capacity ? capacity * 2 : 32;
            char **grown = realloc(out->names, capacity * sizeof *grown);
            if (grown == NULL)
                break;
            out->names = grown;
        }
        char *copy = fs_strdup(e->d_name);
        if (copy == NULL)
            break;
        out->names[out->count++] = copy;
    }
    closedir(d);
    return true;
}

static int compare_bytes(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int compare_natural(const void *a, const void *b)
{
    return fs_natural_compare(*(char *const *)a, *(char *const *)b);
}

/* ------------------------------------------------------------------------ */
/* One style folder                                                          */
/* ------------------------------------------------------------------------ */

static int state_for(const char *stem, size_t length)
{
    for (int s = 0; s < FS_STATE_COUNT; s++) {
        const char *name = fs_state_names[s];
        if (strlen(name) != length)
            continue;
        bool same = true;
        for (size_t i = 0; i < length && same; i++) {
            char c = stem[i];
            if (c >= 'A' && c <= 'Z')
                c = (char)(c - 'A' + 'a');
            same = c == name[i];
        }
        if (same)
            return s;
    }
    return -1;
}

/* Image formats a designer might export that the plugin does not read:
 * named, so that "refreshing.jpg" is an error and not a silent skip. */
static bool unsupported_image(const char *ext)
{
    static const char *const exts[] = { "jpg", "jpeg", "bmp", "tif", "tiff", "avif", "heic", "heif",
                                        "apng", "svg", "mp4", "mov", "webm", "jxl", NULL };
    for (int i = 0; exts[i]; i++)
        if (strcasecmp(ext, exts[i]) == 0)
            return true;
    return false;
}

static void set_error(fs_style_t *style, const char *problem)
{
    if (style->error != NULL)
        return; /* the first problem is the one to fix first */
    char line[RH_REASON_MAX];
    fs_format(line, sizeof line, "%s: %s", style->folder, problem);
    style->error = fs_clean_text(line, RH_REASON_MAX - 1);
}

static const char *kind_label(fs_source_kind_t kind)
{
    switch (kind) {
    case FS_SOURCE_PNG_FOLDER: return "/";
    case FS_SOURCE_PNG: return ".png";
    case FS_SOURCE_GIF: return ".gif";
    case FS_SOURCE_WEBP: return ".webp";
    default: return "";
    }
}

/* A PNG folder: its frames in natural order, each IHDR read. */
static bool probe_png_folder(scan_t *scan, fs_style_t *style, fs_sequence_t *seq, fs_probe_t *probe, char *err,
                             size_t n)
{
    add_path(&scan->folders, seq->path);
    name_list_t all;
    if (!list_names(seq->path, &all)) {
        fs_format(err, n, "%s cannot be listed (%s)", seq->label, strerror(errno));
        return false;
    }
    name_list_t pngs = { .names = malloc((all.count ? all.count : 1) * sizeof(char *)), .count = 0 };
    if (pngs.names == NULL) {
        names_free(&all);
        fs_format(err, n, "out of memory");
        return false;
    }
    for (size_t i = 0; i < all.count; i++) {
        if (fs_ends_with_ci(all.names[i], ".png")) {
            pngs.names[pngs.count++] = all.names[i];
            all.names[i] = NULL;
        }
    }
    names_free(&all);
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
        bool read = path != NULL && resolve_inside(style->root, path, real, why, sizeof why) &&
                    read_resolved(real, FS_PNG_HEADER_BYTES, &head, why, sizeof why);
        free(path);
        if (!read) {
            fs_format(err, n, "%s%s %s", seq->label, pngs.names[i], why);
            goto done;
        }
        add_path(&scan->files, real);
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
    names_free(&pngs);
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
    if (!resolve_inside(style->root, seq->path, real, why, sizeof why) ||
        !read_resolved(real, prefix, &bytes, why, sizeof why)) {
        fs_format(err, n, "%s %s", seq->label, why);
        return false;
    }
    add_path(&scan->files, real);
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
    if (!resolve_inside(style->root, path, real, why, sizeof why) || !read_resolved(real, 0, &bytes, why, sizeof why)) {
        fs_format(err, n, "style.ini %s", why);
        return false;
    }
    add_path(files, real);
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
static bool scan_states(scan_t *scan, fs_style_t *style, const char *ini_path, char *err, size_t n)
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

typedef enum { NOT_A_STYLE, A_STYLE } found_t;

/* Looks at one folder of a root. Fills *style when the folder holds state
 * sequences (with an error when they are broken). */
static found_t scan_folder(scan_t *scan, const char *root, const char *path, const char *name, fs_style_t *style)
{
    memset(style, 0, sizeof *style);
    char real[PATH_MAX], why[FS_ERROR_MAX];
    style->root = root;
    style->folder = fs_strdup(name);
    if (style->folder == NULL)
        return NOT_A_STYLE;
    if (!resolve_inside(root, path, real, why, sizeof why)) {
        /* A folder linked in from elsewhere may be anybody's style, but it
         * is ours to say why it is not read. */
        style->dir = fs_strdup(path);
        char problem[FS_ERROR_MAX + 32];
        fs_format(problem, sizeof problem, "the folder %s", why);
        set_error(style, problem);
        return A_STYLE;
    }
    /* Listed even when it turns out to hold no sequences: a state added to
     * it later makes it a style, and the cache must notice. */
    add_path(&scan->folders, real);
    name_list_t entries;
    if (!list_names(real, &entries)) {
        free(style->folder);
        style->folder = NULL;
        return NOT_A_STYLE;
    }
    /* Sorted, so that which problem is named first does not depend on the
     * file system's order. */
    if (entries.count > 0)
        qsort(entries.names, entries.count, sizeof(char *), compare_bytes);
    char *ini_path = NULL;
    char problem[FS_ERROR_MAX] = "";
    bool any = false;
    for (size_t i = 0; i < entries.count; i++) {
        const char *entry = entries.names[i];
        const char *dot = strrchr(entry, '.');
        size_t stem = dot ? (size_t)(dot - entry) : strlen(entry);
        const char *ext = dot ? dot + 1 : "";
        char *full = rhc_join(real, entry);
        if (full == NULL)
            continue;
        if (strcmp(entry, "style.ini") == 0) {
            free(ini_path);
            ini_path = full;
            continue;
        }
        int s = state_for(entry, stem);
        struct stat st;
        bool is_dir = stat(full, &st) == 0 && S_ISDIR(st.st_mode);
        fs_source_kind_t kind = FS_SOURCE_NONE;
        if (s >= 0) {
            if (is_dir && dot == NULL)
                kind = FS_SOURCE_PNG_FOLDER;
            else if (!is_dir && fs_ends_with_ci(entry, ".png"))
                kind = FS_SOURCE_PNG;
            else if (!is_dir && fs_ends_with_ci(entry, ".gif"))
                kind = FS_SOURCE_GIF;
            else if (!is_dir && fs_ends_with_ci(entry, ".webp"))
                kind = FS_SOURCE_WEBP;
            else if (dot != NULL && unsupported_image(ext)) {
                any = true;
                if (problem[0] == '\0')
                    fs_format(problem, sizeof problem,
                              "%s: .%s is not read; use a folder of PNG frames, a .png, a .gif or a .webp", entry,
                              ext);
            }
        }
        if (kind == FS_SOURCE_NONE) {
            free(full);
            continue;
        }
        any = true;
        fs_sequence_t *seq = &style->seq[s];
        char label[FS_ERROR_MAX];
        fs_format(label, sizeof label, "%s%s", fs_state_names[s], kind_label(kind));
        if (seq->kind != FS_SOURCE_NONE) {
            if (problem[0] == '\0')
                fs_format(problem, sizeof problem, "both %s and %s; keep one", seq->label, label);
            free(full);
            continue;
        }
        seq->label = fs_strdup(label);
        if (seq->label == NULL) {
            free(full);
            continue;
        }
        seq->kind = kind;
        seq->path = full;
        /* A state folder must stay inside the root too (its frames are
         * checked one by one as they are read). */
        if (kind == FS_SOURCE_PNG_FOLDER) {
            char folder_real[PATH_MAX];
            if (!resolve_inside(root, full, folder_real, why, sizeof why)) {
                if (problem[0] == '\0')
                    fs_format(problem, sizeof problem, "%s %s", label, why);
            } else {
                free(seq->path);
                seq->path = fs_strdup(folder_real);
            }
        }
    }
    names_free(&entries);
    if (!any) {
        free(ini_path);
        for (int s = 0; s < FS_STATE_COUNT; s++) {
            free(style->seq[s].label);
            free(style->seq[s].path);
        }
        free(style->folder);
        memset(style, 0, sizeof *style);
        return NOT_A_STYLE;
    }
    style->dir = fs_strdup(real);
    if (problem[0] == '\0' && style->seq[FS_REFRESHING].kind == FS_SOURCE_NONE)
        fs_format(problem, sizeof problem,
                  "no refreshing (a refreshing/ folder of PNG frames, refreshing.gif, refreshing.webp or "
                  "refreshing.png)");
    if (problem[0] == '\0')
        scan_states(scan, style, ini_path, problem, sizeof problem);
    if (problem[0] != '\0')
        set_error(style, problem);
    free(ini_path);
    return A_STYLE;
}

/* ------------------------------------------------------------------------ */
/* The catalog                                                               */
/* ------------------------------------------------------------------------ */

typedef struct candidate {
    char *path;
    char *name;
    const char *root;
} candidate_t;

static int compare_candidates(const void *a, const void *b)
{
    return strcmp(((const candidate_t *)a)->path, ((const candidate_t *)b)->path);
}

/* Adds the folders in `search` (inside `root`) to the candidates. */
static void collect(const char *search, const char *root, candidate_t **list, size_t *count, size_t *capacity)
{
    name_list_t names;
    if (!list_names(search, &names))
        return;
    for (size_t i = 0; i < names.count; i++) {
        char *path = rhc_join(search, names.names[i]);
        struct stat st;
        if (path == NULL || stat(path, &st) != 0 || !S_ISDIR(st.st_mode)) {
            free(path);
            continue;
        }
        if (*count == *capacity) {
            *capacity = *capacity ? *capacity * 2 : 32;
            candidate_t *grown = realloc(*list, *capacity * sizeof *grown);
            if (grown == NULL) {
                free(path);
                break;
            }
            *list = grown;
        }
        (*list)[(*count)++] = (candidate_t){ .path = path, .name = names.names[i], .root = root };
        names.names[i] = NULL;
    }
    names_free(&names);
}

/* $XDG_DATA_HOME/refresh-host/styles when XDG_DATA_HOME is absolute (the
 * XDG rule: a relative one is ignored), else ~/.local/share/... */
static char *data_root(void)
{
    const char *xdg = getenv("XDG_DATA_HOME");
    char path[PATH_MAX];
    if (xdg != NULL && xdg[0] == '/')
        fs_format(path, sizeof path, "%s/refresh-host/styles", xdg);
    else if (getenv("HOME") != NULL && getenv("HOME")[0] == '/')
        fs_format(path, sizeof path, "%s/.local/share/refresh-host/styles", getenv("HOME"));
    else
        return NULL;
    return fs_strdup(path);
}

static void finish_paths(scan_t *scan)
{
    fs_catalog_t *c = scan->catalog;
    uint32_t total = scan->folders.count + scan->files.count;
    if (total > RH_DATA_PATHS_MAX)
        total = RH_DATA_PATHS_MAX;
    c->data_paths = calloc(total + 1u, sizeof(char *));
    uint32_t k = 0;
    for (uint32_t i = 0; i < scan->folders.count; i++) {
        if (c->data_paths != NULL && k < total)
            c->data_paths[k++] = scan->folders.items[i];
        else
            free(scan->folders.items[i]);
    }
    for (uint32_t i = 0; i < scan->files.count; i++) {
        if (c->data_paths != NULL && k < total)
            c->data_paths[k++] = scan->files.items[i];
        else
            free(scan->files.items[i]);
    }
    c->data_path_count = k;
    free(scan->folders.items);
    free(scan->files.items);
}

fs_catalog_t *fs_scan(const char *own_dir)
{
    fs_catalog_t *c = calloc(1, sizeof *c);
    if (c == NULL)
        return NULL;
    scan_t scan = { .catalog = c };
    char real[PATH_MAX];
    candidate_t *candidates = NULL;
    size_t count = 0, capacity = 0;

    /* Bundled: <own>/styles, confined to the library's own folder. */
    char *bundled = own_dir ? rhc_join(own_dir, "styles") : NULL;
    char *data = data_root();
    if (bundled != NULL)
        add_path(&scan.folders, bundled);
    if (data != NULL)
        add_path(&scan.folders, data);
    if (own_dir != NULL && realpath(own_dir, real) != NULL)
        c->roots[0] = fs_strdup(real);
    if (c->roots[0] != NULL && bundled != NULL && realpath(bundled, real) != NULL && inside(c->roots[0], real))
        collect(real, c->roots[0], &candidates, &count, &capacity);
    /* The data folder is its own root; when it is the bundled folder
     * itself (an odd set-up), it is scanned once. */
    if (data != NULL && realpath(data, real) != NULL) {
        char bundled_real[PATH_MAX];
        bool same = bundled != NULL && realpath(bundled, bundled_real) != NULL && strcmp(bundled_real, real) == 0;
        if (!same) {
            c->roots[1] = fs_strdup(real);
            if (c->roots[1] != NULL)
                collect(c->roots[1], c->roots[1], &candidates, &count, &capacity);
        }
    }
    if (count > 0)
        qsort(candidates, count, sizeof *candidates, compare_candidates);

    c->styles = calloc(FS_MAX_STYLES, sizeof *c->styles);
    for (size_t i = 0; i < count; i++) {
        if (c->styles != NULL && c->count < FS_MAX_STYLES &&
            scan_folder(&scan, candidates[i].root, candidates[i].path, candidates[i].name, &c->styles[c->count]) ==
                A_STYLE)
            c->count++;
        free(candidates[i].path);
        free(candidates[i].name);
    }
    free(candidates);

    /* create() finds a style by id: a second style with an id already
     * taken could never run. */
    for (uint32_t i = 0; i < c->count; i++) {
        fs_style_t *later = &c->styles[i];
        if (later->error != NULL)
            continue;
        for (uint32_t j = 0; j < i; j++) {
            const fs_style_t *earlier = &c->styles[j];
            if (earlier->error == NULL && strcmp(earlier->strings.id, later->strings.id) == 0) {
                char problem[FS_ERROR_MAX];
                fs_format(problem, sizeof problem, "id %s is taken by %s", later->strings.id, earlier->dir);
                set_error(later, problem);
                break;
            }
        }
    }
    if (c->count == 0) {
        char line[RH_REASON_MAX];
        fs_format(line, sizeof line, "no frame-sequence styles in %s or %s", bundled ? bundled : "(no plugin folder)",
                  data ? data : "(no data folder: HOME is not set)");
        c->empty_error = fs_clean_text(line, RH_REASON_MAX - 1);
    }
    free(bundled);
    free(data);
    finish_paths(&scan);
    return c;
}

static void free_sequence(fs_sequence_t *seq)
{
    free(seq->label);
    free(seq->path);
    if (seq->frame_paths != NULL)
        for (uint32_t i = 0; i < seq->frame_count; i++)
            free(seq->frame_paths[i]);
    free(seq->frame_paths);
    free(seq->ticks);
}

void fs_catalog_free(fs_catalog_t *c)
{
    if (c == NULL)
        return;
    for (uint32_t i = 0; i < c->count; i++) {
        fs_style_t *s = &c->styles[i];
        for (int k = 0; k < FS_STATE_COUNT; k++)
            free_sequence(&s->seq[k]);
        free(s->folder);
        free(s->dir);
        free(s->error);
        rhc_style_strings_free(&s->strings);
    }
    free(c->styles);
    free(c->empty_error);
    for (uint32_t i = 0; i < c->data_path_count; i++)
        free((char *)c->data_paths[i]);
    free(c->data_paths);
    free(c->roots[0]);
    free(c->roots[1]);
    free(c);
}

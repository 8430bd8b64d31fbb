/*
 * lottie_style.c - the Lottie adapter's entry (ABI 1.4): one style per
 * designer's Lottie file (After Effects + Bodymovin, LottieFiles), drawn by
 * rlottie. docs/designers.md is the designers' side of the contract.
 *
 * The files: see lottie_scan.h (where, confinement). Each file is read,
 * parsed and checked once per process, the first time the host asks about
 * the styles; a file that fails a check is a style whose
 * style_descriptor() is NULL and whose style_error() says why, in one line
 * that starts with the file's name. The scan's results (descriptors,
 * errors, data_paths) stay as they are until deinit: the host sees a
 * changed file through data_paths and its descriptor cache, and loads the
 * library again.
 *
 * Build (the root Makefile uses exactly this line):
 *   cc -std=c11 -O2 -Wall -Wextra -Werror -fPIC -fvisibility=hidden -shared \
 *      -I<dir of refresh_host.h> -IPlugins -o libLottieStyle.so Plugins/Lottie/NAME.c... \
 *      Plugins/adapter_common.c -lrlottie -lm
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lottie_file.h"
#include "lottie_instance.h"
#include "lottie_scan.h"
#include "refresh_host.h"
#include "refresh_host_ext.h"

typedef struct {
    const lottie_source_t *source;
    bool ok;
    lottie_file_t file;
    rh_style_descriptor_t descriptor;
    char error[RH_REASON_MAX];
    /* "lottie", then one RH_TAG_UNSUPPORTED tag per note, NULL. */
    char *tag_text[LOTTIE_MAX_NOTES + 1];
    const char *tags[LOTTIE_MAX_NOTES + 3];
} lottie_style_t;

/* Library-level state: written by the scan, read-only afterwards. The host
 * calls the entry on one thread. */
static struct {
    char *own_folder;
    char *data_folder;
    bool scanned;
    lottie_scan_t scan;
    lottie_style_t *styles;
    size_t count;
    /* With no file at all, one style that only explains (style_count must
     * be at least 1, and the library stays loaded so data_paths can notice
     * a file being added). */
    char nothing[RH_REASON_MAX];
} lib;

/* A tag of its own for one note: the host lists these apart from the
 * tags, as what the style does not draw (refresh_host_ext.h,
 * RH_TAG_UNSUPPORTED). */
static char *note_tag(const char *line)
{
    size_t size = strlen(RH_TAG_UNSUPPORTED) + strlen(line) + 1;
    char *tag = malloc(size);
    if (tag != NULL)
        snprintf(tag, size, "%s%s", RH_TAG_UNSUPPORTED, line);
    return tag;
}

static void fill_descriptor(lottie_style_t *s)
{
    const lottie_file_t *f = &s->file;
    size_t n = 0, texts = 0;
    s->tags[n++] = "lottie";
    for (size_t i = 0; i < f->notes.count; i++)
        if ((s->tag_text[texts] = note_tag(f->notes.lines[i])) != NULL)
            s->tags[n++] = s->tag_text[texts++];
    if (f->notes.left_out > 0) {
        char more[64];
        snprintf(more, sizeof more, "and %zu more", f->notes.left_out);
        if ((s->tag_text[texts] = note_tag(more)) != NULL)
            s->tags[n++] = s->tag_text[texts++];
    }
    s->tags[n] = NULL;
    s->descriptor = rhc_descriptor(&f->strings, s->tags, f->style_height, f->cycle_duration, RH_ANCHOR_TOP,
                                   s->source->path);
}

static void ensure_scanned(void)
{
    if (lib.scanned)
        return;
    lib.scanned = true;
    if (lib.data_folder == NULL)
        lib.data_folder = lottie_data_folder();
    if (!lottie_scan(getenv(LOTTIE_DESIGNS_VARIABLE), lib.own_folder, lib.data_folder, &lib.scan))
        snprintf(lib.nothing, sizeof lib.nothing, "lottie: out of memory while looking for Lottie files");
    lib.count = lib.scan.count;
    lib.styles = lib.count ? calloc(lib.count, sizeof *lib.styles) : NULL;
    if (lib.count > 0 && lib.styles == NULL) {
        lib.count = 0;
        snprintf(lib.nothing, sizeof lib.nothing, "lottie: out of memory while reading the Lottie files");
    }
    for (size_t i = 0; i < lib.count; i++) {
        lottie_style_t *s = &lib.styles[i];
        s->source = &lib.scan.sources[i];
        s->ok = lottie_file_load(s->source, &s->file, NULL, s->error, sizeof s->error);
        if (!s->ok)
            continue;
        /* create() finds a style by id: the first file keeps it. */
        for (size_t j = 0; j < i; j++) {
            if (lib.styles[j].ok && strcmp(lib.styles[j].file.strings.id, s->file.strings.id) == 0) {
                snprintf(s->error, sizeof s->error, "%s: the id \"%s\" is already used by %s", s->source->file_name,
                         s->file.strings.id, lib.styles[j].source->path);
                lottie_file_release(&s->file);
                s->ok = false;
                break;
            }
        }
        if (s->ok)
            fill_descriptor(s);
    }
    if (lib.count == 0 && lib.nothing[0] == '\0')
        snprintf(lib.nothing, sizeof lib.nothing,
                 "no Lottie files: put NAME.json in %s (see docs/designers.md)",
                 lib.data_folder ? lib.data_folder : "~/.local/share/refresh-host/styles");
}

static bool lottie_init(const char *library_path)
{
    /* The folder of the .so, as the kernel sees it: bundled files sit
     * beside the real file, not beside a link to it. */
    char *folder = rhc_real_folder(library_path);
    if (folder == NULL)
        return true; /* no own folder; the data folder still counts */
    free(lib.own_folder);
    lib.own_folder = folder;
    return true;
}

static void lottie_deinit(void)
{
    for (size_t i = 0; i < lib.count; i++) {
        if (lib.styles[i].ok)
            lottie_file_release(&lib.styles[i].file);
        for (size_t t = 0; t <= LOTTIE_MAX_NOTES; t++)
            free(lib.styles[i].tag_text[t]);
    }
    free(lib.styles);
    lottie_scan_free(&lib.scan);
    free(lib.own_folder);
    free(lib.data_folder);
    memset(&lib, 0, sizeof lib);
}

static uint32_t lottie_style_count(void)
{
    ensure_scanned();
    return lib.count > 0 ? (uint32_t)lib.count : 1;
}

static const rh_style_descriptor_t *lottie_style_descriptor(uint32_t index)
{
    ensure_scanned();
    if (index >= lib.count || !lib.styles[index].ok)
        return NULL;
    return &lib.styles[index].descriptor;
}

static const char *lottie_style_error(uint32_t index)
{
    ensure_scanned();
    if (lib.count == 0)
        return index == 0 ? lib.nothing : NULL;
    if (index >= lib.count || lib.styles[index].ok)
        return NULL;
    return lib.styles[index].error;
}

static const char *const *lottie_data_paths(void)
{
    ensure_scanned();
    return lib.scan.path_count > 0 ? (const char *const *)lib.scan.paths : NULL;
}

static const rh_instance_t *lottie_create(const rh_host_t *host, const char *style_id)
{
    if (host == NULL || style_id == NULL)
        return NULL;
    ensure_scanned();
    for (size_t i = 0; i < lib.count; i++)
        if (lib.styles[i].ok && strcmp(lib.styles[i].file.strings.id, style_id) == 0)
            return lottie_instance_create(host, lib.styles[i].source);
    return NULL;
}

static const rh_entry_t lottie_entry = {
    .abi_version = { RH_ABI_VERSION_MAJOR, RH_ABI_VERSION_MINOR, RH_ABI_VERSION_PATCH },
    .struct_size = sizeof(rh_entry_t),
    .init = lottie_init,
    .deinit = lottie_deinit,
    .style_count = lottie_style_count,
    .style_descriptor = lottie_style_descriptor,
    .create = lottie_create,
    .style_error = lottie_style_error,
    .data_paths = lottie_data_paths,
};

RH_EXPORT const rh_entry_t *rh_entry(void)
{
    return &lottie_entry;
}

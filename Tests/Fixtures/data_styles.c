/*
 * data_styles.c - RefreshHost test fixture: styles made from data files (ABI 1.4).
 *
 * One style per `*.style` file in the folder that holds the library: the
 * file's stem names it (test.data.<stem>), and its first line is the
 * header's height. A file whose first line is not a height in (1, 1000]
 * gets a NULL descriptor and a style_error line naming the file; the other
 * styles load. data_paths lists the folder and every file read, so a file
 * added, changed or removed is seen by the next command through the
 * registry cache. Each style's source is its file.
 *
 * Built with one of these, it breaks a 1.4 rule instead:
 *   -DERROR_GARBAGE  style_error returns 2000 bytes: control characters, a
 *                    bad UTF-8 byte, and far past RH_REASON_MAX.
 *   -DERROR_CRASH    style_error dereferences NULL.
 *   -DPATHS_GARBAGE  data_paths returns 3000 entries: relative paths, an
 *                    over-long one, a control character, then real ones.
 *   -DPATHS_HANG     data_paths never returns.
 *   -DSOURCE_BAD     every descriptor's source is a relative path.
 */
#include "refresh_host.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_STYLES 64

typedef struct {
    char id[160];
    char name[128];
    char path[1024];
    char error[256];
    rh_style_descriptor_t descriptor;
    bool ok;
} data_style_t;

static char folder[900];
static data_style_t styles[MAX_STYLES];
static uint32_t style_total;
static const char *paths[MAX_STYLES + 2];

static int by_name(const void *a, const void *b) { return strcmp(a, b); }

static void read_style(data_style_t *s, const char *file, const char *stem)
{
    snprintf(s->path, sizeof s->path, "%s/%s", folder, file);
    snprintf(s->id, sizeof s->id, "test.data.%s", stem);
    snprintf(s->name, sizeof s->name, "Data %s", stem);
    FILE *f = fopen(s->path, "r");
    double height = 0;
    char extra;
    char line[128] = "";
    if (f) {
        if (!fgets(line, sizeof line, f)) line[0] = 0;
        fclose(f);
    }
    if (sscanf(line, "%lf %c", &height, &extra) != 1 || !(height > 1 && height <= 1000)) {
        line[strcspn(line, "\n")] = 0;
        snprintf(s->error, sizeof s->error, "%s: line 1: \"%.40s\" is not a height from 1 to 1000", file, line);
        return;
    }
    s->descriptor = (rh_style_descriptor_t){
        .struct_size = sizeof(rh_style_descriptor_t),
        .id = s->id,
        .name = s->name,
        .version = "1.0.0",
        .height = height,
        .cycle_duration = 0.5,
        .cycle_curve = RH_CURVE_LINEAR,
#ifdef SOURCE_BAD
        .source = "relative/file.style",
#else
        .source = s->path,
#endif
    };
    s->ok = true;
}

static bool data_init(const char *library_path)
{
    const char *slash = strrchr(library_path, '/');
    size_t n = slash ? (size_t)(slash - library_path) : 0;
    if (n == 0 || n >= sizeof folder) return false;
    memcpy(folder, library_path, n);
    folder[n] = 0;
    DIR *dir = opendir(folder);
    if (!dir) return false;
    static char names[MAX_STYLES][100];
    size_t count = 0;
    struct dirent *e;
    while ((e = readdir(dir)) && count < MAX_STYLES) {
        size_t len = strlen(e->d_name);
        if (len > 6 && len < 100 && strcmp(e->d_name + len - 6, ".style") == 0) memcpy(names[count++], e->d_name, len + 1);
    }
    closedir(dir);
    qsort(names, count, sizeof names[0], by_name);
    paths[0] = folder;
    for (size_t i = 0; i < count; i++) {
        char stem[100];
        snprintf(stem, sizeof stem, "%.*s", (int)(strlen(names[i]) - 6), names[i]);
        read_style(&styles[i], names[i], stem);
        paths[i + 1] = styles[i].path;
    }
    paths[count + 1] = NULL;
    style_total = (uint32_t)count;
    return true;
}

/* At least one style, as the ABI asks: an empty folder offers a placeholder. */
static uint32_t data_count(void) { return style_total ? style_total : 1; }

static const rh_style_descriptor_t *data_descriptor(uint32_t index)
{
    if (index >= style_total || !styles[index].ok) return NULL;
    return &styles[index].descriptor;
}

static const char *data_error(uint32_t index)
{
#if defined(ERROR_GARBAGE)
    static char garbage[2001];
    (void)index;
    for (int i = 0; i < 2000; i++) garbage[i] = (char)("bad\n\t\x1b[31m\xff style "[i % 16]);
    garbage[2000] = 0;
    return garbage;
#elif defined(ERROR_CRASH)
    volatile const char *volatile p = NULL;
    (void)index;
    return (const char *)(uintptr_t)*p;
#else
    if (index >= style_total) return "the folder holds no .style file";
    return styles[index].ok ? NULL : styles[index].error;
#endif
}

static const char *const *data_paths(void)
{
#if defined(PATHS_GARBAGE)
    static const char *garbage[3002];
    static char long_path[6000];
    memset(long_path, 'a', sizeof long_path - 1);
    long_path[0] = '/';
    for (int i = 0; i < 3000; i++)
        garbage[i] = i % 3 == 0 ? "relative/path" : i % 3 == 1 ? long_path : "/tmp/\x01control";
    garbage[3000] = paths[0];
    garbage[3001] = NULL;
    return garbage;
#elif defined(PATHS_HANG)
    for (volatile int spin = 1; spin;) {
    }
    return NULL;
#else
    return paths;
#endif
}

static bool data_setup(const rh_instance_t *instance, rh_layer_t root)
{
    const rh_host_t *h = instance->plugin_data;
    rh_layer_t dot = h->layer_create(h, RH_LAYER_ELLIPSE, root);
    h->layer_set(h, dot, RH_PROP_POSITION_X, 40);
    h->layer_set(h, dot, RH_PROP_POSITION_Y, 20);
    h->layer_set(h, dot, RH_PROP_WIDTH, 20);
    h->layer_set(h, dot, RH_PROP_HEIGHT, 20);
    return dot != RH_LAYER_NONE;
}

static void data_destroy(const rh_instance_t *instance) { free((void *)instance); }

static void data_exit(const rh_instance_t *instance, rh_done_fn done)
{
    (void)instance;
    done();
}

static const rh_instance_t *data_create(const rh_host_t *host, const char *style_id)
{
    if (!host || !style_id) return NULL;
    for (uint32_t i = 0; i < style_total; i++) {
        if (!styles[i].ok || strcmp(styles[i].id, style_id) != 0) continue;
        rh_instance_t *instance = calloc(1, sizeof *instance);
        if (!instance) return NULL;
        *instance = (rh_instance_t){
            .struct_size = sizeof(rh_instance_t),
            .plugin_data = (void *)host,
            .setup = data_setup,
            .destroy = data_destroy,
            .exit = data_exit,
        };
        return instance;
    }
    return NULL;
}

RH_EXPORT const rh_entry_t *rh_entry(void)
{
    static const rh_entry_t entry = {
        .abi_version = {RH_ABI_VERSION_MAJOR, RH_ABI_VERSION_MINOR, RH_ABI_VERSION_PATCH},
        .struct_size = sizeof(rh_entry_t),
        .init = data_init,
        .style_count = data_count,
        .style_descriptor = data_descriptor,
        .create = data_create,
        .style_error = data_error,
        .data_paths = data_paths,
    };
    return &entry;
}

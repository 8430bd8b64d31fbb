/*
 * lottie_scan.c - see lottie_scan.h.
 *
 * Confinement: a file is read only through lottie_read_source, which opens
 * it first and then asks the kernel where the open file really is
 * (/proc/self/fd), so a link swapped in between a check and the open cannot
 * lead the read elsewhere. rlottie is never given a path to open: it gets
 * the bytes, and lottie_features.c refuses image assets that are not embedded.
 */
#define _XOPEN_SOURCE 700 /* realpath, strdup, O_CLOEXEC */

#include "lottie_scan.h"

#include "adapter_common.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

/* ---- small helpers ------------------------------------------------------- */

/* snprintf for messages that may be cut short: a path can be long. */
static void say(char *out, size_t size, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vsnprintf(out, size, format, args);
    va_end(args);
}

bool lottie_path_inside(const char *path, const char *root)
{
    size_t n = strlen(root);
    if (strncmp(path, root, n) != 0)
        return false;
    /* "/" is the one root that ends in a slash. */
    return path[n] == '\0' || path[n] == '/' || (n > 0 && root[n - 1] == '/');
}

/* A Lottie file: NAME.json, or a dotLottie archive NAME.lottie. */
static bool is_json_name(const char *name)
{
    size_t n = strlen(name);
    return (n > 5 && strcasecmp(name + n - 5, ".json") == 0) || (n > 7 && strcasecmp(name + n - 7, ".lottie") == 0);
}

static const char *last_part(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

char *lottie_data_folder(void)
{
    const char *xdg = getenv("XDG_DATA_HOME");
    const char *base = NULL, *tail = NULL;
    if (xdg != NULL && xdg[0] == '/') {
        base = xdg;
        tail = "refresh-host/styles";
    } else {
        const char *home = getenv("HOME");
        if (home == NULL || home[0] != '/')
            return NULL;
        base = home;
        tail = ".local/share/refresh-host/styles";
    }
    /* Trailing slashes would make "//" in every path we list. */
    size_t n = strlen(base);
    while (n > 1 && base[n - 1] == '/')
        n--;
    size_t total = n + 1 + strlen(tail) + 1;
    if (total > PATH_MAX)
        return NULL;
    char *s = malloc(total);
    if (s != NULL)
        snprintf(s, total, "%.*s/%s", (int)n, base, tail);
    return s;
}

/* ---- the scan ------------------------------------------------------------ */

typedef struct {
    char **items;
    size_t count, capacity;
} string_list_t;

static bool list_add(string_list_t *list, char *s)
{
    if (s == NULL)
        return false;
    if (list->count == list->capacity) {
        size_t capacity = list->capacity ? list->capacity * 2 : 16;
        char **grown = realloc(list->items, capacity * sizeof *grown);
        if (grown == NULL) {
            free(s);
            return false;
        }
        list->items = grown;
        list->capacity = capacity;
    }
    list->items[list->count++] = s;
    return true;
}

static void list_free(string_list_t *list)
{
    for (size_t i = 0; i < list->count; i++)
        free(list->items[i]);
    free(list->items);
    *list = (string_list_t){ 0 };
}

typedef struct {
    lottie_scan_t *scan;
    size_t source_capacity;
    bool out_of_memory;
} scanner_t;

static void add_path(scanner_t *s, const char *path)
{
    lottie_scan_t *scan = s->scan;
    if (scan->path_count >= RH_DATA_PATHS_MAX || strlen(path) > 4096)
        return; /* the host reads no more; the rest of the scan still counts */
    char *copy = strdup(path);
    if (copy == NULL) {
        s->out_of_memory = true;
        return;
    }
    scan->paths[scan->path_count++] = copy;
}

/* Adds a source; `error` (may be NULL) makes it a style that only reports. */
static void add_source(scanner_t *s, const char *path, const char *root, const char *error)
{
    lottie_scan_t *scan = s->scan;
    if (scan->count >= LOTTIE_MAX_STYLES)
        return;
    if (scan->count == s->source_capacity) {
        size_t capacity = s->source_capacity ? s->source_capacity * 2 : 16;
        lottie_source_t *grown = realloc(scan->sources, capacity * sizeof *grown);
        if (grown == NULL) {
            s->out_of_memory = true;
            return;
        }
        scan->sources = grown;
        s->source_capacity = capacity;
    }
    lottie_source_t *src = &scan->sources[scan->count];
    memset(src, 0, sizeof *src);
    src->path = strdup(path);
    src->root = strdup(root);
    src->file_name = strdup(last_part(path));
    /* The resource folder is the real one, so a file reached through a
     * link inside the root still resolves its neighbours where it lives. */
    src->folder = rhc_real_folder(path);
    if (src->folder == NULL)
        src->folder = strdup(root);
    if (src->path == NULL || src->root == NULL || src->file_name == NULL || src->folder == NULL) {
        free(src->path);
        free(src->root);
        free(src->file_name);
        free(src->folder);
        s->out_of_memory = true;
        return;
    }
    if (error != NULL)
        say(src->error, sizeof src->error, "%s", error);
    scan->count++;
}

/* Lists the *.json files (not folders, not hidden) of `folder`, as
 * "<prefix>/<name>" (or "<name>" with no prefix), into `files`. When
 * `subfolders` is given, folders are collected there too. */
static void list_folder(scanner_t *s, const char *folder, const char *prefix, string_list_t *files,
                        string_list_t *subfolders)
{
    DIR *dir = opendir(folder);
    if (dir == NULL)
        return;
    int dfd = dirfd(dir);
    struct dirent *e;
    while ((e = readdir(dir)) != NULL) {
        const char *name = e->d_name;
        if (name[0] == '.')
            continue; /* hidden, and "." and ".." */
        struct stat st;
        /* Follow links: a link to a folder is a folder (checked later). */
        bool known = fstatat(dfd, name, &st, 0) == 0;
        if (known && S_ISDIR(st.st_mode)) {
            if (subfolders != NULL && !list_add(subfolders, strdup(name)))
                s->out_of_memory = true;
            continue;
        }
        if (!is_json_name(name))
            continue;
        char *rel = prefix ? rhc_join(prefix, name) : strdup(name);
        if (!list_add(files, rel))
            s->out_of_memory = true;
    }
    closedir(dir);
}

/* A file found, or a folder refused (with its line), before sorting. */
typedef struct {
    char *path;
    char *error;
} entry_t;

typedef struct {
    entry_t *items;
    size_t count, capacity;
} entry_list_t;

static bool entry_add(entry_list_t *list, char *path, char *error)
{
    if (path == NULL) {
        free(error);
        return false;
    }
    if (list->count == list->capacity) {
        size_t capacity = list->capacity ? list->capacity * 2 : 16;
        entry_t *grown = realloc(list->items, capacity * sizeof *grown);
        if (grown == NULL) {
            free(path);
            free(error);
            return false;
        }
        list->items = grown;
        list->capacity = capacity;
    }
    list->items[list->count++] = (entry_t){ path, error };
    return true;
}

static int by_entry_path(const void *a, const void *b)
{
    return strcmp(((const entry_t *)a)->path, ((const entry_t *)b)->path);
}

static void scan_root(scanner_t *s, const char *root)
{
    char real_root[PATH_MAX];
    add_path(s, root);
    if (realpath(root, real_root) == NULL)
        return; /* not there (yet): listed, so that creating it is noticed */
    if (strcmp(root, real_root) != 0)
        add_path(s, real_root);
    string_list_t files = { 0 }, subfolders = { 0 };
    entry_list_t all = { 0 };
    list_folder(s, real_root, NULL, &files, &subfolders);
    for (size_t i = 0; i < subfolders.count; i++) {
        const char *name = subfolders.items[i];
        char *full = rhc_join(real_root, name);
        char real[PATH_MAX];
        if (full == NULL || realpath(full, real) == NULL) {
            s->out_of_memory = s->out_of_memory || full == NULL;
            free(full);
            continue;
        }
        if (!lottie_path_inside(real, real_root) || strcmp(real, real_root) == 0) {
            /* A folder link that leaves the root: refused as a style of its
             * own, so the user sees why its files are not offered. */
            char *line = malloc(RH_REASON_MAX);
            if (line == NULL) {
                free(full);
                s->out_of_memory = true;
                continue;
            }
            say(line, RH_REASON_MAX, "%s: the folder is a link to %s, outside %s", name, real, real_root);
            if (!entry_add(&all, full, line))
                s->out_of_memory = true;
            continue;
        }
        add_path(s, full);
        list_folder(s, full, name, &files, NULL);
        free(full);
    }
    for (size_t i = 0; i < files.count; i++)
        if (!entry_add(&all, rhc_join(real_root, files.items[i]), NULL))
            s->out_of_memory = true;
    /* Files and refused folders together, in path order: a stable index. */
    if (all.count > 0)
        qsort(all.items, all.count, sizeof *all.items, by_entry_path);
    for (size_t i = 0; i < all.count; i++) {
        if (all.items[i].error == NULL && s->scan->count < LOTTIE_MAX_STYLES)
            add_path(s, all.items[i].path);
        add_source(s, all.items[i].path, real_root, all.items[i].error);
        free(all.items[i].path);
        free(all.items[i].error);
    }
    free(all.items);
    list_free(&files);
    list_free(&subfolders);
}

/* One preview: a Lottie file alone (its root is its real folder, so reads
 * stay beside it), or a folder scanned as a root. */
static void scan_preview(scanner_t *s, const char *path)
{
    struct stat st;
    if (path[0] != '/' || stat(path, &st) != 0) {
        add_path(s, path); /* noticed when it appears */
        return;
    }
    if (!S_ISREG(st.st_mode)) {
        scan_root(s, path);
        return;
    }
    char real[PATH_MAX];
    char *folder = rhc_real_folder(path);
    if (folder == NULL || realpath(path, real) == NULL) {
        s->out_of_memory = s->out_of_memory || folder == NULL;
        free(folder);
        return;
    }
    add_path(s, path);
    add_source(s, real, folder, NULL);
    free(folder);
}

bool lottie_scan(const char *previews, const char *own_folder, const char *data_folder, lottie_scan_t *out)
{
    memset(out, 0, sizeof *out);
    out->paths = calloc(RH_DATA_PATHS_MAX + 1, sizeof *out->paths);
    if (out->paths == NULL)
        return false;
    scanner_t s = { .scan = out };
    if (previews != NULL) {
        char *copy = strdup(previews);
        if (copy == NULL)
            return false;
        int n = 0;
        for (char *save = NULL, *part = strtok_r(copy, ":", &save); part != NULL && n < LOTTIE_MAX_PREVIEWS;
             part = strtok_r(NULL, ":", &save), n++)
            scan_preview(&s, part);
        free(copy);
    }
    char own_real[PATH_MAX] = "";
    if (own_folder != NULL) {
        scan_root(&s, own_folder);
        if (realpath(own_folder, own_real) == NULL)
            own_real[0] = '\0';
    }
    if (data_folder != NULL) {
        char data_real[PATH_MAX];
        /* The same folder twice (a data folder that is the plugin's own)
         * would offer every file twice. */
        if (realpath(data_folder, data_real) != NULL && own_real[0] && strcmp(data_real, own_real) == 0)
            add_path(&s, data_folder);
        else
            scan_root(&s, data_folder);
    }
    out->paths[out->path_count] = NULL;
    return !s.out_of_memory;
}

void lottie_scan_free(lottie_scan_t *scan)
{
    for (size_t i = 0; i < scan->count; i++) {
        free(scan->sources[i].path);
        free(scan->sources[i].root);
        free(scan->sources[i].file_name);
        free(scan->sources[i].folder);
    }
    free(scan->sources);
    if (scan->paths != NULL)
        for (size_t i = 0; i < scan->path_count; i++)
            free(scan->paths[i]);
    free(scan->paths);
    memset(scan, 0, sizeof *scan);
}

/* ---- reading ------------------------------------------------------------- */

/* Where the open file really is: the kernel's answer for the descriptor,
 * else realpath of the name. */
static bool real_path_of(int fd, const char *path, char *out, size_t size)
{
    char link[64];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(link, out, size - 1);
    if (n > 0 && (size_t)n < size - 1 && out[0] == '/') {
        out[n] = '\0';
        return true;
    }
    char real[PATH_MAX];
    if (realpath(path, real) == NULL || strlen(real) >= size)
        return false;
    strcpy(out, real);
    return true;
}

char *lottie_read_source(const lottie_source_t *source, size_t *length, char *error, size_t error_size)
{
    /* O_NONBLOCK: a FIFO named *.json must not hang the scanner. */
    int fd = open(source->path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
    if (fd < 0) {
        snprintf(error, error_size, "cannot be read: %s", strerror(errno));
        return NULL;
    }
    struct stat st;
    if (fstat(fd, &st) != 0) {
        snprintf(error, error_size, "cannot be read: %s", strerror(errno));
        close(fd);
        return NULL;
    }
    if (!S_ISREG(st.st_mode)) {
        snprintf(error, error_size, "not a regular file");
        close(fd);
        return NULL;
    }
    char real[PATH_MAX];
    if (!real_path_of(fd, source->path, real, sizeof real)) {
        snprintf(error, error_size, "cannot tell where the file really is");
        close(fd);
        return NULL;
    }
    if (!lottie_path_inside(real, source->root)) {
        say(error, error_size, "the file is a link to %s, outside %s", real, source->root);
        close(fd);
        return NULL;
    }
    if (st.st_size > (off_t)LOTTIE_MAX_FILE_BYTES) {
        snprintf(error, error_size, "the file is %.1f MiB; a Lottie file may be at most %u MiB",
                 (double)st.st_size / (1024.0 * 1024.0), LOTTIE_MAX_FILE_BYTES / (1024u * 1024u));
        close(fd);
        return NULL;
    }
    size_t capacity = (size_t)st.st_size + 1;
    char *bytes = malloc(capacity + 1);
    if (bytes == NULL) {
        snprintf(error, error_size, "out of memory");
        close(fd);
        return NULL;
    }
    size_t used = 0;
    for (;;) {
        if (used == capacity) {
            /* The file grew since fstat; read on, up to the limit. */
            if (capacity > LOTTIE_MAX_FILE_BYTES) {
                snprintf(error, error_size, "the file is over %u MiB; a Lottie file may be at most %u MiB",
                         LOTTIE_MAX_FILE_BYTES / (1024u * 1024u), LOTTIE_MAX_FILE_BYTES / (1024u * 1024u));
                free(bytes);
                close(fd);
                return NULL;
            }
            size_t grown_capacity = capacity * 2 > LOTTIE_MAX_FILE_BYTES + 1 ? LOTTIE_MAX_FILE_BYTES + 1 : capacity * 2;
            char *grown = realloc(bytes, grown_capacity + 1);
            if (grown == NULL) {
                snprintf(error, error_size, "out of memory");
                free(bytes);
                close(fd);
                return NULL;
            }
            bytes = grown;
            capacity = grown_capacity;
        }
        ssize_t n = read(fd, bytes + used, capacity - used);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            snprintf(error, error_size, "cannot be read: %s", strerror(errno));
            free(bytes);
            close(fd);
            return NULL;
        }
        if (n == 0)
            break;
        used += (size_t)n;
    }
    close(fd);
    bytes[used] = '\0';
    *length = used;
    return bytes;
}

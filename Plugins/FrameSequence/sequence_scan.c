/*
 * sequence_scan.c - finds frame-sequence style folders in the two roots and
 * reads what their descriptors need, headers only.
 *
 * Roots: the library's own folder (bundled styles in <own>/styles/) and the
 * user's data folder ($XDG_DATA_HOME/refresh-host/styles, or
 * ~/.local/share/refresh-host/styles). A style is a folder one level down
 * that holds at least one state sequence; others (a Lottie style's folder
 * with its .json, say) are skipped without a word.
 */
#define _XOPEN_SOURCE 700

#include <dirent.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "sequence_scan.h"

/* ------------------------------------------------------------------------ */
/* data_paths: folders first (they notice added and removed styles and      */
/* frames), then files, so the host's 1024 keep what matters most.          */
/* ------------------------------------------------------------------------ */

void fs_add_path(path_list_t *list, const char *path)
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

void fs_names_free(name_list_t *list)
{
    for (size_t i = 0; i < list->count; i++)
        free(list->names[i]);
    free(list->names);
    list->names = NULL;
    list->count = 0;
}

/* The names in `dir`, hidden ones (leading '.') left out, at most
 * MAX_LISTED. False when the folder cannot be opened. */
bool fs_list_names(const char *dir, name_list_t *out)
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
    if (!fs_list_names(search, &names))
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
    fs_names_free(&names);
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
        fs_add_path(&scan.folders, bundled);
    if (data != NULL)
        fs_add_path(&scan.folders, data);
    if (own_dir != NULL && realpath(own_dir, real) != NULL)
        c->roots[0] = fs_strdup(real);
    if (c->roots[0] != NULL && bundled != NULL && realpath(bundled, real) != NULL && fs_inside(c->roots[0], real))
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
            fs_scan_folder(&scan, candidates[i].root, candidates[i].path, candidates[i].name, &c->styles[c->count]) ==
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
                fs_set_error(later, problem);
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

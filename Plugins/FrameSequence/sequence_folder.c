/*
 * sequence_folder.c - one folder of a root: which of its entries are state
 * sequences (a folder of PNGs, a .png, a .gif or a .webp per state), and
 * whether that makes it a style; sequence_states.c reads the states.
 */
#define _XOPEN_SOURCE 700

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "sequence_scan.h"

/* ------------------------------------------------------------------------ */
/* One style folder                                                          */
/* ------------------------------------------------------------------------ */

static int compare_bytes(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

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

void fs_set_error(fs_style_t *style, const char *problem)
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

/* Looks at one folder of a root. Fills *style when the folder holds state
 * sequences (with an error when they are broken). */
found_t fs_scan_folder(scan_t *scan, const char *root, const char *path, const char *name, fs_style_t *style)
{
    memset(style, 0, sizeof *style);
    char real[PATH_MAX], why[FS_ERROR_MAX];
    style->root = root;
    style->folder = fs_strdup(name);
    if (style->folder == NULL)
        return NOT_A_STYLE;
    if (!fs_resolve_inside(root, path, real, why, sizeof why)) {
        /* A folder linked in from elsewhere may be anybody's style, but it
         * is ours to say why it is not read. */
        style->dir = fs_strdup(path);
        char problem[FS_ERROR_MAX + 32];
        fs_format(problem, sizeof problem, "the folder %s", why);
        fs_set_error(style, problem);
        return A_STYLE;
    }
    /* Listed even when it turns out to hold no sequences: a state added to
     * it later makes it a style, and the cache must notice. */
    fs_add_path(&scan->folders, real);
    name_list_t entries;
    if (!fs_list_names(real, &entries)) {
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
            if (!fs_resolve_inside(root, full, folder_real, why, sizeof why)) {
                if (problem[0] == '\0')
                    fs_format(problem, sizeof problem, "%s %s", label, why);
            } else {
                free(seq->path);
                seq->path = fs_strdup(folder_real);
            }
        }
    }
    fs_names_free(&entries);
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
        fs_scan_states(scan, style, ini_path, problem, sizeof problem);
    if (problem[0] != '\0')
        fs_set_error(style, problem);
    free(ini_path);
    return A_STYLE;
}

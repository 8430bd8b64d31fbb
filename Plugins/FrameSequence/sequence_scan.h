/*
 * sequence_scan.h - what the scan's files share, inside the plugin: the
 * lists a scan fills, and each step from a root down to one state's frames.
 * sequence_scan.c finds the style folders in both roots and makes the
 * catalog, sequence_folder.c tells what one folder holds, sequence_states.c
 * reads its states' headers, timing and style.ini into the descriptor, and
 * sequence_read.c reads every file inside its root.
 */
#ifndef SEQUENCE_SCAN_H
#define SEQUENCE_SCAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "frame_sequence.h"

#define MAX_LISTED 4096 /* entries looked at per folder: more is not a style folder */

/* data_paths as the scan collects them, folders and files apart (see fs_add_path). */
typedef struct path_list {
    char **items;
    uint32_t count, capacity;
} path_list_t;

typedef struct scan {
    fs_catalog_t *catalog;
    path_list_t folders, files;
    double fps, scale; /* of the style being scanned */
} scan_t;

typedef struct name_list {
    char **names;
    size_t count;
} name_list_t;

typedef enum { NOT_A_STYLE, A_STYLE } found_t;

/* sequence_read.c: `path` (resolved into `real`, PATH_MAX bytes) must stay
 * inside `root`; reading is open/fstat/read of a resolved path. */
bool fs_inside(const char *root, const char *path);
bool fs_resolve_inside(const char *root, const char *path, char *real, char *err, size_t n);
bool fs_read_resolved(const char *real, size_t prefix, fs_bytes_t *out, char *err, size_t n);

/* sequence_scan.c: data_paths, and the names in a folder. */
void fs_add_path(path_list_t *list, const char *path);
void fs_names_free(name_list_t *list);
bool fs_list_names(const char *dir, name_list_t *out);

/* sequence_folder.c: one folder of a root, and a style's one error line. */
found_t fs_scan_folder(scan_t *scan, const char *root, const char *path, const char *name, fs_style_t *style);
void fs_set_error(fs_style_t *style, const char *problem);

/* sequence_states.c: a style's states, once the folder is known to hold some. */
bool fs_scan_states(scan_t *scan, fs_style_t *style, const char *ini_path, char *err, size_t n);

#endif /* SEQUENCE_SCAN_H */

/*
 * lottie_scan.h - finding designers' Lottie files, and reading them while
 * keeping every read inside the two folders the adapter documents.
 *
 * Roots, in this order: the previews the host names in REFRESH_HOST_DESIGNS
 * (`refresh-host run FOLDER`, `--plugin-path FOLDER`: absolute paths joined
 * by ':', each a folder scanned as a root or one Lottie file, whose root is
 * its own folder), the folder that holds the plugin's .so (its bundled
 * files live in <folder>/styles/), then the user's data folder,
 * $XDG_DATA_HOME/refresh-host/styles (XDG_DATA_HOME absolute) or
 * $HOME/.local/share/refresh-host/styles. In each root: ROOT/NAME.json and
 * ROOT/FOLDER/NAME.json (every .json file), hidden names skipped, sorted by path.
 */
#ifndef LOTTIE_SCAN_H
#define LOTTIE_SCAN_H

#include <stdbool.h>
#include <stddef.h>

#include "refresh_host.h"

/* The most styles the host reads from one library. */
#define LOTTIE_MAX_STYLES 256
/* The largest Lottie file read: far above any refresh animation, far below
 * what would hurt the scanner process that reads every file. */
#define LOTTIE_MAX_FILE_BYTES (8u * 1024u * 1024u)

/* One file found, or one entry that could not be used (a folder link that
 * leaves its root), which then becomes a style with an error. */
typedef struct lottie_source {
    char *path;      /* absolute: the root's real path + the name as found */
    char *root;      /* the root's real path; reads must stay inside it */
    char *file_name; /* the last part of path, for messages */
    char *folder;    /* the real folder holding the file (rlottie's resource path) */
    char error[RH_REASON_MAX]; /* empty, or why this entry cannot be a style */
} lottie_source_t;

typedef struct lottie_scan {
    lottie_source_t *sources;
    size_t count;
    /* data_paths(): both roots, every subfolder listed, every file found;
     * NULL-terminated, at most RH_DATA_PATHS_MAX. */
    char **paths;
    size_t path_count;
} lottie_scan_t;

/* The user's data folder (absolute, may not exist), malloc'd; NULL when
 * neither XDG_DATA_HOME nor HOME gives an absolute path. */
char *lottie_data_folder(void);

/* The variable that names the previews, and the most of them read. */
#define LOTTIE_DESIGNS_VARIABLE "REFRESH_HOST_DESIGNS"
#define LOTTIE_MAX_PREVIEWS 32

/* Scans `previews` (the variable's value, may be NULL), then `own_folder`,
 * then `data_folder` (either may be NULL). Returns false only when memory
 * runs out; missing folders are simply empty. */
bool lottie_scan(const char *previews, const char *own_folder, const char *data_folder, lottie_scan_t *out);
void lottie_scan_free(lottie_scan_t *scan);

/* Reads the whole file of `source` (a regular file whose real path lies
 * inside source->root, at most LOTTIE_MAX_FILE_BYTES) into a malloc'd,
 * NUL-terminated buffer. On failure returns NULL with a reason (without the
 * file name) in `error`. */
char *lottie_read_source(const lottie_source_t *source, size_t *length, char *error, size_t error_size);

/* True when `path` is `root` or lies inside it (both real paths). */
bool lottie_path_inside(const char *path, const char *root);

#endif

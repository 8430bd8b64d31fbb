/*
 * frame_sequence.h - what the FrameSequence plugin's files share.
 *
 * The plugin makes refresh styles out of designers' frames, as MJRefresh's
 * GIF header does: a style is a folder holding one sequence per state (a
 * folder of PNGs, a .png, a .gif or a .webp). Scanning (sequence_scan.c and
 * the files sequence_scan.h names) reads headers only and builds one
 * fs_style_t per folder; an instance (sequence_instance.c) decodes every
 * frame once, in setup, and hands the host its images and sequences.
 * README.md describes the format for designers.
 *
 * Everything here has hidden visibility (the build uses -fvisibility=hidden):
 * the library exports rh_entry alone.
 */
#ifndef FRAME_SEQUENCE_H
#define FRAME_SEQUENCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "adapter_common.h"
#include "refresh_host.h"

#define FS_MAX_STYLES 256                     /* per library, both roots together */
#define FS_MAX_FILE_BYTES (32u * 1024u * 1024u)
#define FS_ERROR_MAX 320                      /* a problem, before the folder's name is put in front */
#define FS_DEFAULT_FPS 30.0
#define FS_DEFAULT_SCALE 2.0
#define FS_MAX_DEFAULT_HEIGHT 120.0           /* points: a taller frame is shown smaller */
#define FS_MIN_DELAY_MS 10                    /* the finest step a GIF or WebP delay gets */
#define FS_SLOW_DELAY_MS 100                  /* what browsers make of a delay of 10 ms or less */

/* The states a style may have a sequence for, in the order they are
 * scanned: refreshing first, so that its size is the one the others are
 * compared with. */
typedef enum fs_state_id {
    FS_REFRESHING = 0,
    FS_PULLING,
    FS_IDLE,
    FS_ARMED,
    FS_EXIT,
    FS_SUCCESS,
    FS_FAILURE,
    FS_STATE_COUNT
} fs_state_id_t;

extern const char *const fs_state_names[FS_STATE_COUNT];

typedef enum fs_source_kind {
    FS_SOURCE_NONE = 0,
    FS_SOURCE_PNG_FOLDER, /* refreshing/: PNG frames in natural order */
    FS_SOURCE_PNG,        /* refreshing.png: one frame */
    FS_SOURCE_GIF,
    FS_SOURCE_WEBP
} fs_source_kind_t;

/* One state's frames as the scan found them (nothing decoded). A frame
 * that lasts several steps (a GIF's long delay) is repeated in the
 * sequence: the host's sequences have one frame duration. */
typedef struct fs_sequence {
    fs_source_kind_t kind;
    char *label;          /* how messages name it: "refreshing/" or "refreshing.gif" */
    char *path;           /* the folder or file, resolved inside its root */
    uint32_t frame_count; /* distinct frames: one image each */
    char **frame_paths;   /* PNG folder: each frame's resolved path, in order */
    uint32_t *ticks;      /* steps each frame shows (all 1 for PNGs) */
    uint32_t step_count;  /* the sum of ticks: the sequence's length, <= RH_IMAGE_SEQUENCE_MAX */
    double step_duration; /* seconds a step */
} fs_sequence_t;

/* One style folder. A broken one keeps its error and no descriptor. */
typedef struct fs_style {
    char *folder;       /* the folder's name, as shown in messages */
    char *dir;          /* its absolute path (the descriptor's `source`) */
    const char *root;   /* the resolved root it must stay inside */
    char *error;        /* one line, starting with the folder's name; NULL when it loaded */
    fs_sequence_t seq[FS_STATE_COUNT];
    uint32_t width, height; /* pixels, shared by every frame of the style */
    double scale;           /* image pixels per point */
    rhc_style_strings_t strings;
    rh_style_descriptor_t descriptor;
} fs_style_t;

typedef struct fs_catalog {
    fs_style_t *styles;
    uint32_t count;
    char *empty_error;         /* when no folder holds a style: why style 0 is NULL */
    const char **data_paths;   /* NULL-terminated, for rh_entry_t.data_paths */
    uint32_t data_path_count;
    uint32_t data_path_capacity;
    char *roots[2];            /* resolved roots (NULL when missing), owned */
} fs_catalog_t;

/* ---- sequence_util.c: small helpers ---- */

/* One line of at most n - 1 bytes, printf-style. */
void fs_format(char *out, size_t n, const char *format, ...) __attribute__((format(printf, 3, 4)));
char *fs_strdup(const char *s);            /* NULL when out of memory */
char *fs_strndup(const char *s, size_t n);
/* Copies `s` as valid UTF-8 without control characters (each bad byte or
 * control character becomes '?'), cut at a character boundary to at most
 * max_bytes. */
char *fs_clean_text(const char *s, size_t max_bytes);
/* strcmp, except that runs of digits compare as numbers: frame2 < frame10. */
int fs_natural_compare(const char *a, const char *b);
bool fs_ends_with_ci(const char *s, const char *suffix);
/* A decimal number: digits with one optional '.', no sign, no exponent
 * (locale-independent, unlike strtod). */
bool fs_parse_number(const char *s, double *out);

/* ---- sequence_read.c: confinement ---- */

typedef struct fs_bytes {
    uint8_t *data;
    size_t size;
} fs_bytes_t;

/* Reads `path`, which must resolve to a regular file inside `root` (a
 * resolved path), with open/fstat/read. `prefix` > 0 reads at most that
 * many bytes (a header), 0 the whole file. Files over FS_MAX_FILE_BYTES are
 * refused either way. On failure writes why (without the file's name) to
 * err and returns false. */
bool fs_read_file(const char *root, const char *path, size_t prefix, fs_bytes_t *out, char *err, size_t n);
void fs_bytes_free(fs_bytes_t *bytes);

/* ---- sequence_scan.c: roots and the catalog ---- */

/* Scans both roots: `own_dir` (the resolved folder of the library) holds
 * the bundled styles in styles/, the user's data folder the others. */
fs_catalog_t *fs_scan(const char *own_dir);
void fs_catalog_free(fs_catalog_t *catalog);

/* ---- frame_timing.c ---- */

/* Spreads frames with per-frame delays (milliseconds) over one step
 * duration: the delays' greatest common divisor (at least FS_MIN_DELAY_MS),
 * coarser when the sequence would pass RH_IMAGE_SEQUENCE_MAX steps. Delays
 * of 10 ms or less count as FS_SLOW_DELAY_MS, as browsers show them. Fills
 * seq->ticks, step_count and step_duration. */
bool fs_time_delays(fs_sequence_t *seq, const uint32_t *delays_ms, uint32_t count);
/* Every frame one step of 1/fps. */
bool fs_time_even(fs_sequence_t *seq, uint32_t count, double fps);

/* ---- style_ini.c ---- */

typedef struct fs_ini {
    rhc_style_strings_t strings; /* NULL when not set */
    double fps, scale, height;   /* 0 when not set */
} fs_ini_t;

/* Parses style.ini's text. On a problem writes one line naming the line
 * and the key to err and returns false. */
bool fs_ini_parse(const char *text, size_t size, fs_ini_t *out, char *err, size_t n);
void fs_ini_free(fs_ini_t *ini);

/* ---- png_frames.c, gif_frames.c, webp_frames.c ----
 * Probes read what the scan needs (size, frame count, delays) and catch
 * bad signatures and truncated headers; decoders run once, in setup, and
 * hand each composed frame, straight RGBA, to a sink. */

typedef struct fs_probe {
    uint32_t width, height;
    uint32_t frame_count;
    uint32_t *delays_ms; /* frame_count delays, malloc'd; NULL for a still */
} fs_probe_t;

/* Receives frame `index`: width x height straight RGBA pixels, rows
 * `stride` bytes apart, valid during the call. Returns false to stop. */
typedef bool (*fs_frame_sink_t)(void *user, uint32_t index, const uint8_t *rgba, size_t stride);

#define FS_PNG_HEADER_BYTES 33 /* signature, IHDR's length, type, data and CRC */
bool fs_png_probe(const fs_bytes_t *bytes, fs_probe_t *out, char *err, size_t n);
bool fs_png_decode(const fs_bytes_t *bytes, uint32_t width, uint32_t height, fs_frame_sink_t sink, void *user,
                   uint32_t index, char *err, size_t n);

bool fs_gif_probe(const fs_bytes_t *bytes, fs_probe_t *out, char *err, size_t n);
bool fs_gif_decode(const fs_bytes_t *bytes, uint32_t width, uint32_t height, uint32_t frame_count,
                   fs_frame_sink_t sink, void *user, char *err, size_t n);

bool fs_webp_probe(const fs_bytes_t *bytes, fs_probe_t *out, char *err, size_t n);
bool fs_webp_decode(const fs_bytes_t *bytes, uint32_t width, uint32_t height, uint32_t frame_count,
                    fs_frame_sink_t sink, void *user, char *err, size_t n);

/* ---- sequence_instance.c ---- */

const rh_instance_t *fs_instance_create(const rh_host_t *host, const fs_style_t *style);

#endif /* FRAME_SEQUENCE_H */

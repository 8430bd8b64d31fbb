/*
 * lottie_file.h - what one Lottie file means to RefreshHost: its checks
 * (it is Lottie, its markers make sense, rlottie 0.1 draws everything in
 * it) and the values its style is made of (the segments to play, the
 * descriptor's strings and numbers).
 *
 * Every check fails with one line for the designer (docs/designers.md lists
 * them); the caller puts the file name in front.
 */
#ifndef LOTTIE_FILE_H
#define LOTTIE_FILE_H

#include <rlottie_capi.h>
#include <stdbool.h>
#include <stddef.h>

#include "adapter_common.h"
#include "json.h"
#include "lottie_scan.h"

/* The designer's markers, by role. */
typedef enum {
    LOTTIE_PULL = 0, /* scrubbed by the pull ratio */
    LOTTIE_ARMED,    /* played once when the pull arms */
    LOTTIE_LOOP,     /* one pass per refresh cycle */
    LOTTIE_EXIT,     /* the ending */
    LOTTIE_SUCCESS,  /* the ending after a successful refresh */
    LOTTIE_FAILURE,  /* the ending after a failed one */
    LOTTIE_SEGMENT_COUNT
} lottie_role_t;

/* Frames [start, start + count) of the animation, in its own frame numbers. */
typedef struct lottie_segment {
    bool present;
    long start;
    long count;
} lottie_segment_t;

/* The most a loop may last (rh_style_descriptor_t.cycle_duration <= 60). */
#define LOTTIE_MAX_LOOP_SECONDS 60.0
/* The most an ending may last: the host waits 5 s for done() by default. */
#define LOTTIE_MAX_ENDING_SECONDS 5.0
/* The tallest header made from an animation's own height, in points. */
#define LOTTIE_DEFAULT_MAX_HEIGHT 120.0

/* The most notes kept per file; past it, notes_left_out counts the rest. */
#define LOTTIE_MAX_NOTES 16
/* The longest note, in bytes with its NUL. */
#define LOTTIE_NOTE_MAX 240

/* What the file has that the adapter does not draw, or draws otherwise than
 * After Effects: one line each, "layer "Glow" (frames 0-60): the effect
 * "Gaussian Blur" is skipped: the layer is drawn sharp". */
typedef struct lottie_notes {
    char lines[LOTTIE_MAX_NOTES][LOTTIE_NOTE_MAX];
    size_t count;
    size_t left_out;
} lottie_notes_t;

typedef struct lottie_file {
    double frame_rate;
    long first_frame; /* ip, rounded */
    long end_frame;   /* op, rounded: one past the last frame */
    long rlottie_start; /* the frame rlottie counts from (its ip, truncated) */
    double width, height; /* w and h, pixels of the composition */
    lottie_segment_t segments[LOTTIE_SEGMENT_COUNT];
    /* The descriptor's values, malloc'd. */
    rhc_style_strings_t strings;
    double style_height;
    double cycle_duration;
    /* refreshHost.drawing is "pixels": rlottie's pixels even where the
     * host's layers could draw the shapes (lottie_tree.h). */
    bool pixels_only;
    /* Why the host's layers cannot draw this file as shapes (what rlottie's
     * render tree leaves out), or "" when they can. */
    char shapes_refusal[160];
    /* What the host draws beyond rlottie's tree (lottie_effects.h); NULL for none. */
    struct lottie_effects *effects;
    /* Features noted, not refused (lottie_features.h). */
    lottie_notes_t notes;
} lottie_file_t;

/* Names of the roles as the markers spell them ("pull", ...). */
extern const char *const lottie_role_names[LOTTIE_SEGMENT_COUNT];

/* Reads, parses and checks `source`, then has rlottie load the bytes. On
 * success fills *file and, when `animation` is not NULL, hands over the
 * rlottie animation (else destroys it). On failure returns false with one
 * line in `error` that starts with the file name. */
bool lottie_file_load(const lottie_source_t *source, lottie_file_t *file, Lottie_Animation **animation,
                      char *error, size_t error_size);

/* The checks alone, on a parsed document; `file_name` gives the fallback
 * id, name and description. The error has no file name in front. */
bool lottie_file_check(const json_value_t *root, const char *file_name, lottie_file_t *file, char *error,
                       size_t error_size);

void lottie_file_release(lottie_file_t *file);

#endif

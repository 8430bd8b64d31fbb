/*
 * lottie_check.h - what the parts of a Lottie file's check share, inside the
 * adapter: the checker that carries the one line for the designer, names
 * put in messages, and the four checks lottie_file_check runs in this order
 * (lottie_timeline.c, lottie_features.c with lottie_layers.c and
 * lottie_expressions.c, lottie_descriptor.c). Each fills its part of the
 * lottie_file_t.
 */
#ifndef LOTTIE_CHECK_H
#define LOTTIE_CHECK_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "json.h"
#include "lottie_file.h"

/* Longest names put in a message, in bytes. */
#define NAME_IN_MESSAGE 60

typedef struct {
    char *error;
    size_t size;
} checker_t;

static inline bool fail(checker_t *c, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vsnprintf(c->error, c->size, format, args);
    va_end(args);
    return false;
}

/* A key and what it holds, as messages name it ("fr", "the frame rate"). */
typedef struct {
    const char *key;
    const char *meaning;
} field_t;

/* lottie_descriptor.c: a name from a file, made fit for one line (see there). */
void lottie_clean_copy(char *out, size_t out_size, const char *s, size_t limit);
const char *lottie_quoted(char *buffer, size_t size, const char *name);

/* lottie_timeline.c: fr, ip, op, w, h and layers, then the markers' segments
 * and the cycle. */
bool lottie_check_composition(checker_t *c, const json_value_t *root, lottie_file_t *file);
bool lottie_check_markers(checker_t *c, const json_value_t *root, lottie_file_t *file);
/* lottie_features.c: everything rlottie 0.1 would skip or never finish, and
 * why the host's layers cannot draw the file (file->shapes_refusal). */
bool lottie_check_features(checker_t *c, const json_value_t *root, lottie_file_t *file);
/* lottie_descriptor.c: refreshHost, and the descriptor's values. */
bool lottie_check_descriptor(checker_t *c, const json_value_t *root, const char *file_name, lottie_file_t *file);

#endif

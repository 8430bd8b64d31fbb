/*
 * lottie_features.h - what the checks for features rlottie does not draw
 * share across their files: lottie_features.c (assets, images, precomps),
 * lottie_layers.c (layers, shapes, masks, parents) and lottie_expressions.c.
 */
#ifndef LOTTIE_FEATURES_H
#define LOTTIE_FEATURES_H

#include <math.h>

#include "lottie_check.h"

typedef struct {
    const char *text; /* a string id, in the document */
    char number[32];  /* a numeric id, written out ("" for a string id) */
    const json_value_t *asset;
    size_t order; /* its place in "assets" */
    int state;    /* 0 not seen, 1 being expanded, 2 done */
    double layers; /* layers it expands to, once done */
} asset_entry_t;

typedef struct {
    checker_t *c;
    asset_entry_t *assets;
    size_t asset_count;
    /* The first thing rlottie draws but leaves out of its render tree, so
     * the host's layers cannot draw it (lottie_tree.h): "" while none. */
    char *shapes_refusal;
    size_t shapes_refusal_size;
} features_t;

static inline void refuse_shapes(features_t *f, const char *label, const char *what)
{
    if (f->shapes_refusal != NULL && f->shapes_refusal[0] == '\0')
        snprintf(f->shapes_refusal, f->shapes_refusal_size, "%s %s", label, what);
}

static inline bool is_true(const json_value_t *v)
{
    return v != NULL && (v->type == JSON_TRUE || (v->type == JSON_NUMBER && v->as.number != 0));
}

static inline bool integer_of(const json_value_t *object, const char *key, long *out)
{
    double d;
    if (!json_get_number(object, key, &d) || fabs(d) > 1e15)
        return false;
    *out = (long)d;
    return true;
}

/* lottie_features.c */
const char *lottie_id_text(const json_value_t *v, char number[32]);
asset_entry_t *lottie_find_asset(features_t *f, const char *id);
const char *lottie_layer_label(char *out, size_t size, const json_value_t *layer, size_t index, const char *precomp);
/* lottie_layers.c */
bool lottie_check_layer_list(features_t *f, const json_value_t *layers, const char *precomp);
/* lottie_expressions.c */
bool lottie_check_expressions(features_t *f, const json_value_t *v, const char *label, bool transform);

#endif

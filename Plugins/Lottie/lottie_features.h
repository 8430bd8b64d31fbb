/*
 * lottie_features.h - what the checks for features rlottie does not draw
 * share across their files: lottie_features.c (assets, images, precomps,
 * the feature table and the notes), lottie_layers.c (layers, shapes, masks,
 * parents) and lottie_expressions.c.
 *
 * A feature the adapter cannot draw does not refuse the file: the file
 * loads and plays what it can, as the mobile players do, and the feature is
 * noted (lottie_note) with the layer and the frames it affects. How each
 * feature is treated is one line of lottie_feature_table (lottie_features.c):
 * a feature the host learns to draw becomes LOTTIE_DRAWN there and is no
 * longer noted. What would hang rlottie or read outside the style's folder
 * (precomps that contain themselves, parent circles, separate image files)
 * still refuses the file.
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

/* How the adapter treats a feature rlottie 0.1 does not draw. */
typedef enum {
    LOTTIE_DRAWN = 0,    /* drawn: not noted */
    LOTTIE_APPROXIMATED, /* drawn, but not as After Effects draws it */
    LOTTIE_SKIPPED,      /* left out; the rest of the layer is drawn */
} lottie_treatment_t;

typedef enum {
    LOTTIE_FEATURE_TEXT_LAYER = 0,
    LOTTIE_FEATURE_MEDIA_LAYER,      /* video, image sequence, placeholders */
    LOTTIE_FEATURE_ADJUSTMENT_LAYER,
    LOTTIE_FEATURE_CAMERA_OR_LIGHT,
    LOTTIE_FEATURE_3D_LAYER,
    LOTTIE_FEATURE_BLEND_MODE,       /* a layer's or a shape's */
    LOTTIE_FEATURE_GAUSSIAN_BLUR,    /* effect ty 29 */
    LOTTIE_FEATURE_DROP_SHADOW,      /* effect ty 25 */
    LOTTIE_FEATURE_OTHER_EFFECT,
    LOTTIE_FEATURE_LAYER_STYLE,
    LOTTIE_FEATURE_MERGE_PATHS,      /* shape "mm" */
    LOTTIE_FEATURE_ROUND_CORNERS,    /* shape "rd" */
    LOTTIE_FEATURE_PATH_MODIFIER,    /* twist, offset path, zig zag, pucker & bloat */
    LOTTIE_FEATURE_UNKNOWN_SHAPE,
    LOTTIE_FEATURE_MASK_MODE,        /* lighten, darken */
    LOTTIE_FEATURE_MASK_EXPANSION,
    LOTTIE_FEATURE_EXPRESSION,
    LOTTIE_FEATURE_MATTE_ELSEWHERE,  /* "tp" names a layer that is not right above */
    LOTTIE_FEATURE_IMAGE_FORMAT,     /* an embedded image that is not PNG or JPEG */
    LOTTIE_FEATURE_COUNT
} lottie_feature_t;

typedef struct {
    const char *name;             /* "Gaussian Blur", for notes and the docs */
    lottie_treatment_t treatment;
    const char *effect;           /* what the viewer sees instead ("the layer is drawn sharp") */
} lottie_feature_info_t;

/* One line per feature, in lottie_feature_t's order (lottie_features.c). */
extern const lottie_feature_info_t lottie_feature_table[LOTTIE_FEATURE_COUNT];

typedef struct {
    checker_t *c;
    lottie_notes_t *notes; /* where lottie_note writes */
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
/* Notes that `layer` (its label, as lottie_layer_label makes it; its ip
 * and op give the frames) has `feature`. `name` is the feature's name in
 * the file (an effect's "nm"; quoted in the note), `detail` more words after
 * it ("on its Rotation"); either may be NULL. A feature the table says is
 * drawn is not noted. */
void lottie_note(features_t *f, lottie_feature_t feature, const json_value_t *layer, const char *label,
                 const char *name, const char *detail);
const char *lottie_id_text(const json_value_t *v, char number[32]);
asset_entry_t *lottie_find_asset(features_t *f, const char *id);
const char *lottie_layer_label(char *out, size_t size, const json_value_t *layer, size_t index, const char *precomp);
/* lottie_layers.c */
bool lottie_check_layer_list(features_t *f, const json_value_t *layers, const char *precomp);
/* lottie_expressions.c */
bool lottie_check_expressions(features_t *f, const json_value_t *v, const char *label, bool transform);

#endif

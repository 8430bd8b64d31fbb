/*
 * lottie_layers.c - one list of layers against what rlottie 0.1 draws: each
 * layer's type, 3D, blend mode, effects, layer styles, track matte, masks and
 * shapes, then the parent links of the list. What rlottie leaves out is
 * noted (lottie_note), not refused. See lottie_features.c.
 */
#include "lottie_features.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *blend_mode_name(long mode)
{
    static const char *const names[] = {
        "Normal",     "Multiply",   "Screen",     "Overlay",    "Darken",    "Lighten",
        "Color Dodge", "Color Burn", "Hard Light", "Soft Light", "Difference", "Exclusion",
        "Hue",        "Saturation", "Color",      "Luminosity", "Add",       "Hard Mix",
    };
    return (mode >= 0 && mode < (long)(sizeof names / sizeof names[0])) ? names[mode] : "unknown";
}

static const char *shape_kind(const char *ty)
{
    static const field_t kinds[] = {
        { "mm", "Merge Paths" }, { "rd", "Round Corners" }, { "tw", "Twist" },       { "op", "Offset Path" },
        { "zz", "Zig Zag" },     { "pb", "Pucker & Bloat" }, { "no", "No Style" },   { "gs", "Gradient Stroke" },
    };
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (strcmp(ty, kinds[i].key) == 0)
            return kinds[i].meaning;
    return NULL;
}

static bool supported_shape(const char *ty)
{
    /* "mm": the host draws Merge Paths on fills (lottie_effects.h). */
    static const char *const ok[] = { "gr", "rc", "el", "tr", "fl", "st", "gf", "gs", "sh", "sr", "tm", "rp", "mm" };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
        if (strcmp(ty, ok[i]) == 0)
            return true;
    return false;
}

static lottie_feature_t shape_feature(const char *ty)
{
    if (strcmp(ty, "mm") == 0)
        return LOTTIE_FEATURE_MERGE_PATHS;
    if (strcmp(ty, "rd") == 0)
        return LOTTIE_FEATURE_ROUND_CORNERS;
    if (strcmp(ty, "tw") == 0 || strcmp(ty, "op") == 0 || strcmp(ty, "zz") == 0 || strcmp(ty, "pb") == 0)
        return LOTTIE_FEATURE_PATH_MODIFIER;
    return LOTTIE_FEATURE_UNKNOWN_SHAPE;
}

static bool check_shapes(features_t *f, const json_value_t *layer, const json_value_t *items, const char *label,
                         int depth)
{
    if (items == NULL || items->type != JSON_ARRAY)
        return true;
    if (depth > JSON_MAX_DEPTH)
        return true;
    for (uint32_t i = 0; i < items->count; i++) {
        const json_value_t *item = &items->as.items[i];
        if (item->type != JSON_OBJECT || is_true(json_get(item, "hd")))
            continue; /* rlottie skips hidden items, and so may we */
        const char *ty = json_get_string(item, "ty");
        const char *nm = json_get_string(item, "nm");
        if (ty == NULL)
            continue; /* rlottie ignores an item with no type; it draws nothing */
        if (!supported_shape(ty)) {
            /* rlottie skips the item and draws the rest of the group. */
            char detail[NAME_IN_MESSAGE + 16];
            snprintf(detail, sizeof detail, "(type \"%.*s\")", NAME_IN_MESSAGE, ty);
            lottie_note(f, shape_feature(ty), layer, label, nm, shape_kind(ty) == NULL ? detail : NULL);
            continue;
        }
        long bm = 0;
        if (integer_of(item, "bm", &bm) && bm != 0) {
            char detail[40];
            snprintf(detail, sizeof detail, "(%s)", blend_mode_name(bm));
            lottie_note(f, LOTTIE_FEATURE_BLEND_MODE, layer, label, nm ? nm : ty, detail);
        }
        if (strcmp(ty, "gr") == 0 && !check_shapes(f, layer, json_get(item, "it"), label, depth + 1))
            return false;
    }
    return true;
}

static bool check_masks(features_t *f, const json_value_t *layer, const json_value_t *masks, const char *label)
{
    if (masks == NULL || masks->type != JSON_ARRAY)
        return true;
    for (uint32_t i = 0; i < masks->count; i++) {
        const json_value_t *mask = &masks->as.items[i];
        const char *mode = json_get_string(mask, "mode");
        const char *nm = json_get_string(mask, "nm");
        char q[NAME_IN_MESSAGE + 4], index[24];
        snprintf(index, sizeof index, "%u", i + 1);
        const char *name = nm ? lottie_quoted(q, sizeof q, nm) : index;
        if (mode != NULL && strcmp(mode, "a") != 0 && strcmp(mode, "s") != 0 && strcmp(mode, "i") != 0 &&
            strcmp(mode, "f") != 0 && strcmp(mode, "n") != 0) {
            const char *what = strcmp(mode, "l") == 0 ? "Lighten" : strcmp(mode, "d") == 0 ? "Darken" : mode;
            char detail[NAME_IN_MESSAGE + 40];
            snprintf(detail, sizeof detail, "(mask %s, %.*s)", name, 20, what);
            lottie_note(f, LOTTIE_FEATURE_MASK_MODE, layer, label, NULL, detail);
            continue;
        }
        /* rlottie's render tree says neither that a mask is inverted nor
         * that it is switched off (None): it would read as Add. */
        if (is_true(json_get(mask, "inv")))
            refuse_shapes(f, label, "has an inverted mask");
        else if (mode != NULL && strcmp(mode, "n") == 0)
            refuse_shapes(f, label, "has a mask in None mode");
        /* Mask Expansion ("x"): rlottie draws the path unexpanded. */
        const json_value_t *x = json_get_typed(mask, "x", JSON_OBJECT);
        if (x != NULL) {
            const json_value_t *k = json_get(x, "k");
            bool animated = is_true(json_get(x, "a"));
            if (animated || (k != NULL && k->type == JSON_NUMBER && k->as.number != 0)) {
                char detail[NAME_IN_MESSAGE + 16];
                snprintf(detail, sizeof detail, "(mask %s)", name);
                lottie_note(f, LOTTIE_FEATURE_MASK_EXPANSION, layer, label, NULL, detail);
            }
        }
    }
    return true;
}

static const char *layer_kind(long ty)
{
    switch (ty) {
    case 5: return "a text layer";
    case 7: return "a video placeholder";
    case 8: return "an image sequence";
    case 9: return "a video";
    case 10: return "an image placeholder";
    case 12: return "an adjustment layer";
    case 13: return "a camera (3D)";
    case 14: return "a light (3D)";
    default: return NULL;
    }
}

static const char *effect_name(long ty)
{
    switch (ty) {
    case 20: return "Tint";
    case 21: return "Fill";
    case 22: return "Stroke";
    case 23: return "Tritone";
    case 24: return "Pro Levels";
    case 25: return "Drop Shadow";
    case 26: return "Radial Wipe";
    case 27: return "Displacement Map";
    case 28: return "Set Matte";
    case 29: return "Gaussian Blur";
    case 30: return "Twirl";
    case 31: return "Mesh Warp";
    case 32: return "Wavy";
    case 33: return "Spherize";
    case 34: return "Puppet";
    default: return "an effect";
    }
}

static const char *layer_style_name(long ty)
{
    static const char *const names[] = {
        "Stroke", "Drop Shadow", "Inner Shadow", "Outer Glow", "Inner Glow", "Bevel and Emboss", "Satin",
        "Color Overlay", "Gradient Overlay",
    };
    return (ty >= 0 && ty < (long)(sizeof names / sizeof names[0])) ? names[ty] : "a layer style";
}

typedef struct {
    long ind;
    long index;
} pair_t;

static int by_ind(const void *a, const void *b)
{
    const pair_t *x = a, *y = b;
    if (x->ind != y->ind)
        return x->ind < y->ind ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

/* Parent links that go round in a circle make rlottie recurse for ever. */
static bool check_parents(features_t *f, const json_value_t *layers, const char *precomp)
{
    uint32_t n = layers->count;
    if (n == 0)
        return true;
    /* Each layer's parent as an index, via a sorted (ind, index) table. */
    pair_t *pairs = malloc(n * sizeof *pairs);
    long *parent = malloc(n * sizeof *parent);
    unsigned char *state = calloc(n, 1);
    if (pairs == NULL || parent == NULL || state == NULL) {
        free(pairs);
        free(parent);
        free(state);
        return fail(f->c, "out of memory");
    }
    size_t pair_count = 0;
    for (uint32_t i = 0; i < n; i++) {
        long ind;
        if (integer_of(&layers->as.items[i], "ind", &ind))
            pairs[pair_count++] = (pair_t){ ind, (long)i };
    }
    /* By ind, then by position: the first layer of an ind wins, as in
     * rlottie's lookup. */
    qsort(pairs, pair_count, sizeof *pairs, by_ind);
    for (uint32_t i = 0; i < n; i++) {
        long p;
        parent[i] = -1;
        if (!integer_of(&layers->as.items[i], "parent", &p))
            continue;
        size_t lo = 0, hi = pair_count;
        while (lo < hi) {
            size_t mid = (lo + hi) / 2;
            if (pairs[mid].ind < p)
                lo = mid + 1;
            else
                hi = mid;
        }
        if (lo < pair_count && pairs[lo].ind == p)
            parent[i] = pairs[lo].index;
    }
    bool ok = true;
    for (uint32_t i = 0; i < n && ok; i++) {
        /* Walk up, marking the path (1); a 1 met again is a circle. */
        long at = (long)i;
        while (at >= 0 && state[at] == 0) {
            state[at] = 1;
            at = parent[at];
        }
        if (at >= 0 && state[at] == 1) {
            char label[200];
            ok = fail(f->c, "the parents of %s lead back to it: layers may not parent each other in a circle",
                      lottie_layer_label(label, sizeof label, &layers->as.items[at], (size_t)at, precomp));
        }
        for (at = (long)i; at >= 0 && state[at] == 1; at = parent[at])
            state[at] = 2;
    }
    free(pairs);
    free(parent);
    free(state);
    return ok;
}

static bool check_layer(features_t *f, const json_value_t *layers, uint32_t index, const char *precomp)
{
    const json_value_t *layer = &layers->as.items[index];
    char label[200];
    char q[NAME_IN_MESSAGE + 4];
    if (layer->type != JSON_OBJECT)
        return fail(f->c, "layer %u%s is %s, not an object", index + 1, precomp ? " of a precomp" : "",
                    json_type_name(layer->type));
    lottie_layer_label(label, sizeof label, layer, index, precomp);
    const json_value_t *ty_value = json_get(layer, "ty");
    if (ty_value == NULL || ty_value->type != JSON_NUMBER)
        return fail(f->c, "%s has no layer type (\"ty\")", label);
    long ty = (long)ty_value->as.number;
    bool hidden = is_true(json_get(layer, "hd"));
    if (hidden) {
        /* rlottie keeps a hidden layer only as a parent: its transform. */
        const json_value_t *ks = json_get(layer, "ks");
        return ks == NULL || lottie_check_expressions(f, ks, label, true);
    }
    const char *kind = layer_kind(ty);
    if (ty < 0 || ty > 15)
        return fail(f->c, "%s has the unknown layer type %ld", label, ty);
    if (kind != NULL) {
        /* rlottie draws nothing for these; their transforms still parent. */
        lottie_feature_t feature = ty == 5    ? LOTTIE_FEATURE_TEXT_LAYER
                                   : ty == 12 ? LOTTIE_FEATURE_ADJUSTMENT_LAYER
                                   : ty >= 13 ? LOTTIE_FEATURE_CAMERA_OR_LIGHT
                                              : LOTTIE_FEATURE_MEDIA_LAYER;
        lottie_note(f, feature, layer, label, NULL, NULL);
        return lottie_check_expressions(f, layer, label, false);
    }
    long ddd = 0;
    if (integer_of(layer, "ddd", &ddd) && ddd != 0)
        lottie_note(f, LOTTIE_FEATURE_3D_LAYER, layer, label, NULL, NULL);
    long bm = 0;
    if (integer_of(layer, "bm", &bm) && bm != 0) {
        char detail[40];
        snprintf(detail, sizeof detail, "(%s)", blend_mode_name(bm));
        lottie_note(f, LOTTIE_FEATURE_BLEND_MODE, layer, label, NULL, detail);
    }
    const json_value_t *effects = json_get_typed(layer, "ef", JSON_ARRAY);
    for (uint32_t i = 0; effects && i < effects->count; i++) {
        const json_value_t *e = &effects->as.items[i];
        long ety = -1;
        integer_of(e, "ty", &ety);
        const json_value_t *enabled = json_get(e, "en");
        if (enabled != NULL && !is_true(enabled))
            continue; /* switched off: it changes nothing */
        if (ety >= 0 && ety <= 7)
            continue; /* expression controls (sliders, checkboxes...) draw nothing */
        if (ety == 25 || ety == 29)
            continue; /* Drop Shadow and Gaussian Blur: the host draws them (lottie_effects.h) */
        const char *nm = json_get_string(e, "nm");
        lottie_feature_t feature = ety == 29   ? LOTTIE_FEATURE_GAUSSIAN_BLUR
                                   : ety == 25 ? LOTTIE_FEATURE_DROP_SHADOW
                                               : LOTTIE_FEATURE_OTHER_EFFECT;
        char detail[40];
        snprintf(detail, sizeof detail, "(%s)", effect_name(ety));
        lottie_note(f, feature, layer, label, nm, feature == LOTTIE_FEATURE_OTHER_EFFECT && nm == NULL ? detail : NULL);
    }
    const json_value_t *styles = json_get_typed(layer, "sy", JSON_ARRAY);
    for (uint32_t i = 0; styles && i < styles->count; i++) {
        const json_value_t *s = &styles->as.items[i];
        const char *nm = json_get_string(s, "nm");
        long sty = -1;
        integer_of(s, "ty", &sty);
        char detail[40];
        snprintf(detail, sizeof detail, "(%s)", layer_style_name(sty));
        lottie_note(f, LOTTIE_FEATURE_LAYER_STYLE, layer, label, nm, nm == NULL ? detail : NULL);
    }
    long tt = 0;
    if (integer_of(layer, "tt", &tt) && (tt < 0 || tt > 4))
        return fail(f->c, "%s uses the track matte mode %ld, which rlottie does not draw", label, tt);
    long tp;
    if (integer_of(layer, "tp", &tp)) {
        /* Newer exporters name the matte layer; rlottie 0.1 always takes
         * the layer right above. */
        long above_ind;
        if (index == 0 || !integer_of(&layers->as.items[index - 1], "ind", &above_ind) || above_ind != tp) {
            char detail[48];
            snprintf(detail, sizeof detail, "(layer %ld)", tp);
            lottie_note(f, LOTTIE_FEATURE_MATTE_ELSEWHERE, layer, label, NULL, detail);
        }
    }
    if (!check_masks(f, layer, json_get(layer, "masksProperties"), label))
        return false;
    if (ty == 4 && !check_shapes(f, layer, json_get(layer, "shapes"), label, 0))
        return false;
    if (ty == 0 || ty == 2) {
        char number[32];
        const char *id = lottie_id_text(json_get(layer, "refId"), number);
        if (id == NULL)
            return fail(f->c, "%s has no \"refId\" (the %s it shows)", label, ty == 0 ? "precomp" : "image");
        asset_entry_t *a = lottie_find_asset(f, id);
        bool right_kind = a != NULL && (ty == 0 ? json_get_typed(a->asset, "layers", JSON_ARRAY) != NULL
                                                : json_get_typed(a->asset, "p", JSON_STRING) != NULL);
        if (!right_kind)
            return fail(f->c, "%s shows the %s %s, which is not in \"assets\"", label, ty == 0 ? "precomp" : "image",
                        lottie_quoted(q, sizeof q, id));
    }
    return lottie_check_expressions(f, layer, label, false);
}

bool lottie_check_layer_list(features_t *f, const json_value_t *layers, const char *precomp)
{
    for (uint32_t i = 0; i < layers->count; i++)
        if (!check_layer(f, layers, i, precomp))
            return false;
    return check_parents(f, layers, precomp);
}

/*
 * lottie_features.c - the features rlottie does not draw: the table of how
 * each is treated and the notes that say so, the assets (which id rlottie
 * takes, images that are not embedded), precomps that contain themselves or
 * expand past the limits, and, through lottie_layers.c and
 * lottie_expressions.c, every layer.
 *
 * What "rlottie 0.1 does not draw" means here comes from its parser and
 * renderer (Samsung/rlottie tag v0.1, which Debian 12 ships): it skips text
 * layers, cameras and lights, expressions, 3D, effects, layer styles, blend
 * modes, merge paths, round corners and the other path modifiers it has no
 * case for, mask expansion and the lighten/darken mask modes, and it reads
 * image assets that are not embedded from disk by path. It also trusts
 * precomp references and parent links blindly: a precomp that contains
 * itself or two layers that parent each other recurse until the stack
 * overflows, so those are refused here before rlottie sees them. What it
 * merely leaves out is noted (lottie_feature_table) and the file loads.
 */
#include "lottie_features.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Limits on what rlottie builds from a file: it copies each precomp's
 * layers into every layer that uses it, so a few nested precomps used many
 * times can make millions of layers out of a small file. */
#define LOTTIE_MAX_LAYERS 100000.0
#define LOTTIE_MAX_PRECOMP_DEPTH 64

/* How each feature is treated: docs/designers.md lists the same. A feature
 * the host learns to draw becomes LOTTIE_DRAWN here (one line) and is no
 * longer noted. */
const lottie_feature_info_t lottie_feature_table[LOTTIE_FEATURE_COUNT] = {
    [LOTTIE_FEATURE_TEXT_LAYER] = { "a text layer", LOTTIE_SKIPPED, "the text is not drawn" },
    [LOTTIE_FEATURE_MEDIA_LAYER] = { "a video or image-sequence layer", LOTTIE_SKIPPED, "nothing is drawn for it" },
    [LOTTIE_FEATURE_ADJUSTMENT_LAYER] = { "an adjustment layer", LOTTIE_SKIPPED, "the layers below are not adjusted" },
    [LOTTIE_FEATURE_CAMERA_OR_LIGHT] = { "a camera or light", LOTTIE_SKIPPED, "the scene is drawn flat, unlit" },
    [LOTTIE_FEATURE_3D_LAYER] = { "3D", LOTTIE_APPROXIMATED, "the layer is drawn flat (its Z is ignored)" },
    [LOTTIE_FEATURE_BLEND_MODE] = { "a blend mode", LOTTIE_APPROXIMATED, "drawn in Normal mode" },
    [LOTTIE_FEATURE_GAUSSIAN_BLUR] = { "Gaussian Blur", LOTTIE_DRAWN, "drawn by the host (rh.effects/1), Blurriness animated" },
    [LOTTIE_FEATURE_DROP_SHADOW] = { "Drop Shadow", LOTTIE_DRAWN, "drawn as the layer's shadow (colour, distance, direction, softness)" },
    [LOTTIE_FEATURE_OTHER_EFFECT] = { "an effect", LOTTIE_SKIPPED, "the layer is drawn without it" },
    [LOTTIE_FEATURE_LAYER_STYLE] = { "a layer style", LOTTIE_SKIPPED, "the layer is drawn without it" },
    [LOTTIE_FEATURE_MERGE_PATHS] = { "Merge Paths", LOTTIE_DRAWN, "merged by compositing (rh.effects/1) on fills" },
    [LOTTIE_FEATURE_ROUND_CORNERS] = { "Round Corners", LOTTIE_SKIPPED, "the corners stay sharp" },
    [LOTTIE_FEATURE_PATH_MODIFIER] = { "a path modifier", LOTTIE_SKIPPED, "the path is drawn unmodified" },
    [LOTTIE_FEATURE_UNKNOWN_SHAPE] = { "an unknown shape item", LOTTIE_SKIPPED, "nothing is drawn for it" },
    [LOTTIE_FEATURE_MASK_MODE] = { "a Lighten or Darken mask", LOTTIE_SKIPPED, "the mask is not applied" },
    [LOTTIE_FEATURE_MASK_EXPANSION] = { "a mask expansion", LOTTIE_APPROXIMATED, "the mask is drawn unexpanded" },
    [LOTTIE_FEATURE_EXPRESSION] = { "an expression", LOTTIE_APPROXIMATED, "its keyframes are played, the script is not run" },
    [LOTTIE_FEATURE_MATTE_ELSEWHERE] = { "a track matte from another layer", LOTTIE_APPROXIMATED,
                                         "the layer right above is used as its matte" },
    [LOTTIE_FEATURE_IMAGE_FORMAT] = { "an image neither PNG nor JPEG", LOTTIE_SKIPPED, "the image is not drawn" },
};

/* The frames a layer is on, "frames 0-60", from its ip and op. */
static void frames_of(const json_value_t *layer, char *out, size_t size)
{
    double ip, op;
    if (layer != NULL && json_get_number(layer, "ip", &ip) && json_get_number(layer, "op", &op) && fabs(ip) < 1e9 &&
        fabs(op) < 1e9 && op > ip)
        snprintf(out, size, "frames %.0f-%.0f", floor(ip), ceil(op));
    else
        snprintf(out, size, "every frame");
}

void lottie_note(features_t *f, lottie_feature_t feature, const json_value_t *layer, const char *label,
                 const char *name, const char *detail)
{
    const lottie_feature_info_t *info = &lottie_feature_table[feature];
    if (info->treatment == LOTTIE_DRAWN || f->notes == NULL)
        return;
    char frames[48], thing[NAME_IN_MESSAGE + 80], line[LOTTIE_NOTE_MAX];
    frames_of(layer, frames, sizeof frames);
    char q[NAME_IN_MESSAGE + 4];
    if (name != NULL && name[0] != '\0' && strcasecmp(name, info->name) == 0)
        snprintf(thing, sizeof thing, "%s", lottie_quoted(q, sizeof q, name));
    else if (name != NULL && name[0] != '\0')
        snprintf(thing, sizeof thing, "%s (%s)", lottie_quoted(q, sizeof q, name), info->name);
    else
        snprintf(thing, sizeof thing, "%s", info->name);
    if (detail != NULL) {
        size_t at = strlen(thing);
        snprintf(thing + at, sizeof thing - at, " %s", detail);
    }
    snprintf(line, sizeof line, "%s (%s): %s is %s: %s", label, frames, thing,
             info->treatment == LOTTIE_SKIPPED ? "skipped" : "approximated", info->effect);
    lottie_notes_t *n = f->notes;
    for (size_t i = 0; i < n->count; i++)
        if (strcmp(n->lines[i], line) == 0)
            return; /* the same layer, the same thing: once */
    if (n->count == LOTTIE_MAX_NOTES) {
        n->left_out++;
        return;
    }
    memcpy(n->lines[n->count++], line, sizeof line);
}

/* The id, read from the entry itself (entries move while sorting). */
static const char *entry_id(const asset_entry_t *e)
{
    return e->number[0] != '\0' ? e->number : e->text;
}

static int by_id(const void *a, const void *b)
{
    const asset_entry_t *x = a, *y = b;
    int order = strcmp(entry_id(x), entry_id(y));
    if (order != 0)
        return order;
    return x->order < y->order ? -1 : x->order > y->order;
}

static int by_id_only(const void *a, const void *b)
{
    return strcmp(entry_id(a), entry_id(b));
}

/* An asset's or a layer's reference id as rlottie reads it: a string, or a
 * number as an integer (written into `number`); NULL when it has none. */
const char *lottie_id_text(const json_value_t *v, char number[32])
{
    if (v == NULL)
        return NULL;
    if (v->type == JSON_STRING)
        return v->as.string;
    if (v->type == JSON_NUMBER && fabs(v->as.number) < 1e15) {
        snprintf(number, 32, "%ld", (long)v->as.number);
        return number;
    }
    return NULL;
}

asset_entry_t *lottie_find_asset(features_t *f, const char *id)
{
    asset_entry_t key = { .text = id };
    return f->assets ? bsearch(&key, f->assets, f->asset_count, sizeof key, by_id_only) : NULL;
}

/* "layer "Box"" or "layer 3", and " (in precomp "comp_0")". */
const char *lottie_layer_label(char *out, size_t size, const json_value_t *layer, size_t index, const char *precomp)
{
    const char *nm = json_get_string(layer, "nm");
    char name[NAME_IN_MESSAGE + 4], comp[NAME_IN_MESSAGE + 4];
    if (nm != NULL && nm[0] != '\0')
        snprintf(out, size, "layer %s", lottie_quoted(name, sizeof name, nm));
    else
        snprintf(out, size, "layer %zu", index + 1);
    if (precomp != NULL) {
        size_t at = strlen(out);
        snprintf(out + at, size - at, " (in precomp %s)", lottie_quoted(comp, sizeof comp, precomp));
    }
    return out;
}

/* The first layer (anywhere) that shows asset `id`, for messages. */
static const json_value_t *layer_showing(const json_value_t *root, const char *id, const char **in_precomp)
{
    const json_value_t *lists[2] = { json_get_typed(root, "layers", JSON_ARRAY), NULL };
    const json_value_t *assets = json_get_typed(root, "assets", JSON_ARRAY);
    for (uint32_t a = 0; a <= (assets ? assets->count : 0); a++) {
        const json_value_t *list = a == 0 ? lists[0] : json_get_typed(&assets->as.items[a - 1], "layers", JSON_ARRAY);
        for (uint32_t i = 0; list && i < list->count; i++) {
            char number[32];
            const char *ref = lottie_id_text(json_get(&list->as.items[i], "refId"), number);
            if (ref != NULL && strcmp(ref, id) == 0) {
                *in_precomp = a == 0 ? NULL : json_get_string(&assets->as.items[a - 1], "id");
                return &list->as.items[i];
            }
        }
    }
    return NULL;
}

static bool check_image_asset(features_t *f, const json_value_t *root, const json_value_t *asset, const char *id)
{
    const char *p = json_get_string(asset, "p");
    const char *u = json_get_string(asset, "u");
    long embedded = 0;
    integer_of(asset, "e", &embedded);
    bool data = strncmp(p, "data:", 5) == 0;
    if (embedded == 1 && data) {
        /* rlottie decodes base64 PNG and JPEG (stb_image, built with only
         * those two). */
        if (strncmp(p, "data:image/png;base64,", 22) == 0 || strncmp(p, "data:image/jpeg;base64,", 23) == 0 ||
            strncmp(p, "data:image/jpg;base64,", 22) == 0)
            return true;
        /* rlottie draws nothing for it: noted on the layer that shows it. */
        const char *precomp = NULL;
        const json_value_t *layer = layer_showing(root, id, &precomp);
        char label[200];
        if (layer != NULL)
            lottie_note(f, LOTTIE_FEATURE_IMAGE_FORMAT, layer, lottie_layer_label(label, sizeof label, layer, 0, precomp),
                        id, NULL);
        return true;
    }
    /* Not embedded: rlottie would read <folder>/<u><p> from disk, which may
     * be anywhere (u can climb out with ".."). */
    char file[300];
    snprintf(file, sizeof file, "%s%s", (u && !data) ? u : "", data ? "a data: URI" : p);
    const char *precomp = NULL;
    const json_value_t *layer = layer_showing(root, id, &precomp);
    char label[200], q[NAME_IN_MESSAGE + 4];
    char where[240];
    if (layer != NULL)
        snprintf(where, sizeof where, "%s shows", lottie_layer_label(label, sizeof label, layer, 0, precomp));
    else
        snprintf(where, sizeof where, "the asset %s is", lottie_quoted(q, sizeof q, id));
    char qf[NAME_IN_MESSAGE + 4];
    return fail(f->c, "%s the image %s, a separate file: embed images in the JSON (Bodymovin: Assets > Include in "
                      "json)", where, lottie_quoted(qf, sizeof qf, file));
}

/* Layers rlottie builds, precomps copied in where they are used; refuses
 * precomps that contain themselves and nesting past the limit. */
static bool expand(features_t *f, const json_value_t *layers, int depth, double *total)
{
    double sum = 0;
    for (uint32_t i = 0; i < layers->count; i++) {
        const json_value_t *layer = &layers->as.items[i];
        sum += 1;
        long ty = -1;
        char number[32];
        const char *id =
            integer_of(layer, "ty", &ty) && ty == 0 ? lottie_id_text(json_get(layer, "refId"), number) : NULL;
        if (id == NULL)
            continue;
        asset_entry_t *a = lottie_find_asset(f, id);
        if (a == NULL)
            continue;
        const json_value_t *inner = json_get_typed(a->asset, "layers", JSON_ARRAY);
        if (inner == NULL)
            continue;
        char q[NAME_IN_MESSAGE + 4];
        if (a->state == 1)
            return fail(f->c, "the precomp %s contains itself: rlottie would never finish drawing it",
                        lottie_quoted(q, sizeof q, id));
        if (a->state == 0) {
            if (depth >= LOTTIE_MAX_PRECOMP_DEPTH)
                return fail(f->c, "precomps are nested more than %d deep", LOTTIE_MAX_PRECOMP_DEPTH);
            a->state = 1;
            double inside = 0;
            if (!expand(f, inner, depth + 1, &inside))
                return false;
            a->state = 2;
            a->layers = inside;
        }
        sum += a->layers;
        if (sum > LOTTIE_MAX_LAYERS)
            break;
    }
    *total = sum;
    if (sum > LOTTIE_MAX_LAYERS)
        return fail(f->c, "with its precomps copied in where they are used, the animation has more than %g layers",
                    LOTTIE_MAX_LAYERS);
    return true;
}

bool lottie_check_features(checker_t *c, const json_value_t *root, lottie_file_t *file)
{
    file->shapes_refusal[0] = '\0';
    memset(&file->notes, 0, sizeof file->notes);
    features_t f = { .c = c, .notes = &file->notes, .shapes_refusal = file->shapes_refusal,
                     .shapes_refusal_size = sizeof file->shapes_refusal };
    const json_value_t *assets = json_get(root, "assets");
    if (assets != NULL && assets->type != JSON_ARRAY && assets->type != JSON_NULL)
        return fail(c, "\"assets\" is %s, not a list", json_type_name(assets->type));
    if (assets != NULL && assets->type == JSON_ARRAY && assets->count > 0) {
        f.assets = calloc(assets->count, sizeof *f.assets);
        if (f.assets == NULL)
            return fail(c, "out of memory");
        for (uint32_t i = 0; i < assets->count; i++) {
            const json_value_t *a = &assets->as.items[i];
            if (a->type != JSON_OBJECT) {
                free(f.assets);
                return fail(c, "asset %u is %s, not an object", i + 1, json_type_name(a->type));
            }
            asset_entry_t *e = &f.assets[f.asset_count];
            const char *id = lottie_id_text(json_get(a, "id"), e->number);
            if (id == NULL)
                continue; /* nothing can refer to it */
            e->text = id == e->number ? NULL : id;
            e->order = i;
            e->asset = a;
            f.asset_count++;
        }
        /* rlottie keeps the last asset of an id: sort by id, then by
         * position, and keep the last of each id. */
        qsort(f.assets, f.asset_count, sizeof *f.assets, by_id);
        size_t kept = 0;
        for (size_t i = 0; i < f.asset_count; i++) {
            if (kept > 0 && strcmp(entry_id(&f.assets[kept - 1]), entry_id(&f.assets[i])) == 0)
                f.assets[kept - 1] = f.assets[i];
            else
                f.assets[kept++] = f.assets[i];
        }
        f.asset_count = kept;
    }
    bool ok = true;
    /* Images first: a separate file is the most important thing to fix
     * (and a confinement rule). */
    for (size_t i = 0; ok && i < f.asset_count; i++) {
        const json_value_t *a = f.assets[i].asset;
        if (json_get_typed(a, "layers", JSON_ARRAY) == NULL && json_get_typed(a, "p", JSON_STRING) != NULL)
            ok = check_image_asset(&f, root, a, entry_id(&f.assets[i]));
    }
    const json_value_t *layers = json_get(root, "layers");
    if (ok)
        ok = lottie_check_layer_list(&f, layers, NULL);
    for (size_t i = 0; ok && i < f.asset_count; i++) {
        const json_value_t *inner = json_get_typed(f.assets[i].asset, "layers", JSON_ARRAY);
        if (inner != NULL)
            ok = lottie_check_layer_list(&f, inner, entry_id(&f.assets[i]));
    }
    double total = 0;
    if (ok)
        ok = expand(&f, layers, 0, &total);
    free(f.assets);
    return ok;
}

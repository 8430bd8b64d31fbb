/*
 * lottie_effects.h - what rlottie's render tree leaves out but the host draws
 * (rh.effects/1 and the core's shadow): read from the JSON once at load and
 * looked up by layer name while a frame is shown (lottie_tree.c).
 *
 *   Gaussian Blur (effect ty 29, "ADBE Gaussian Blur 2"): its Blurriness,
 *       animated, as a blur of the layer's group; sigma = 0.3 x blurriness
 *       pixels (lottie-web's factor), so the host's radius is 0.6 x it.
 *       Blur Dimensions other than both, and Repeat Edge Pixels, are drawn as
 *       both / off.
 *   Drop Shadow (effect ty 25, "ADBE Drop Shadow"): colour, opacity,
 *       direction, distance and softness, each animated (the colour channel
 *       by channel), as the core's shadow of the layer's group; sigma = softness /
 *       4 (lottie-web), so the host's radius is softness / 2. "Shadow Only" is
 *       drawn as off.
 *   Merge Paths (shape item "mm", modes 2-5: add, subtract, intersect,
 *       exclude) on fills: rlottie 0.1 ignores the item and fills the paths
 *       above it as one; the host draws them apart, each after the first
 *       combined by an operator (over, out, in, xor). Only where each path
 *       above the item is a direct rectangle, ellipse, star or path of its
 *       group (one subpath each) and the fill follows it; elsewhere, and on
 *       strokes, the paths are drawn as rlottie draws them.
 *
 * Layers are matched by name ("nm", which rlottie gives as the node's
 * keypath). A name that several layers with different effects or timing
 * share is ambiguous: those layers get none (as before).
 */
#ifndef LOTTIE_EFFECTS_H
#define LOTTIE_EFFECTS_H

#include <stdbool.h>
#include <stddef.h>

#include "json.h"

typedef struct lottie_effects lottie_effects_t;
typedef struct lottie_layer_fx lottie_layer_fx_t;

/* What the host draws of one layer at one time; zeros draw nothing. */
typedef struct {
    double blur_radius; /* the host's radius, in the layer's pixels */
    bool shadow;
    double shadow_rgba[4];
    double shadow_dx, shadow_dy, shadow_radius;
} lottie_fx_values_t;

/* Merge modes of a fill node: Lottie's "mm" values. */
enum { LOTTIE_MERGE_NONE = 0, LOTTIE_MERGE_MERGE = 1, LOTTIE_MERGE_ADD = 2, LOTTIE_MERGE_SUBTRACT = 3,
       LOTTIE_MERGE_INTERSECT = 4, LOTTIE_MERGE_EXCLUDE = 5 };

/* Reads every layer of the composition and its precomps; NULL when there is
 * nothing to draw beyond rlottie (or no memory: then nothing is drawn beyond). */
lottie_effects_t *lottie_effects_read(const json_value_t *root);
void lottie_effects_free(lottie_effects_t *fx);

/* The layer named `name`, NULL when unknown or ambiguous. */
const lottie_layer_fx_t *lottie_effects_layer(const lottie_effects_t *fx, const char *name);

/* The layer's own time at its parent's time `frame` (start time and stretch). */
double lottie_fx_local_frame(const lottie_layer_fx_t *layer, double frame);

/* The layer's effects at its own time `local`. */
void lottie_fx_values(const lottie_layer_fx_t *layer, double local, lottie_fx_values_t *out);

/* The layer's paint nodes as rlottie lists them (back to front): how many;
 * and node `i`'s merge mode and the paths (subpaths) it merges. */
size_t lottie_fx_node_count(const lottie_layer_fx_t *layer);
int lottie_fx_node_merge(const lottie_layer_fx_t *layer, size_t i, size_t *paths);

#endif

/*
 * lottie_tree.h - a Lottie frame drawn as shapes: rlottie's render tree for
 * the frame (its paths, paints, masks and mattes) mapped onto host layers,
 * so the host draws the shapes itself (crisp at any scale, real paths in an
 * SVG) instead of showing rlottie's pixels.
 *
 * The mapping, for the rlottie Debian ships (0.1):
 *   a LOTLayerNode -> a GROUP with the node's alpha as its opacity (0.1
 *                     folds a simple layer's opacity into its paints and
 *                     gives a precomp of several layers its own alpha);
 *   its clip path  -> a GROUP masked by a PATH (PATH mode);
 *   its masks      -> a GROUP masked by a GROUP of PATHs, one per mask
 *                     (ALPHA mode: their union, each at its opacity);
 *   a matte        -> the target's GROUP masked by the source's (ALPHA);
 *   a LOTNode      -> a PATH filled or stroked with its colour or gradient.
 * rlottie hands every path already transformed, trimmed and dashed, in the
 * composition's pixels; one GROUP scales them all to points.
 *
 * What the tree leaves out and the host draws (lottie_effects.h): a layer's
 * Gaussian Blur (rh.effects/1's blur) and Drop Shadow (the core's shadow) on
 * its GROUP, and a fill's Merge Paths as a GROUP of one PATH per merged path,
 * each after the first combined by an rh.effects/1 operator. Without
 * rh.effects/1 (an older host) the blur and the merges are drawn as rlottie
 * draws them (not at all; as one fill).
 *
 * Host layers are kept per rlottie node (rlottie keeps its nodes for the
 * animation's life), shown or hidden each frame and ordered by z position,
 * so a frame changes paths and paints and creates nothing once every node
 * has been seen.
 */
#ifndef LOTTIE_TREE_H
#define LOTTIE_TREE_H

#include <rlottie_capi.h>
#include <stdbool.h>
#include <stddef.h>

#include "lottie_effects.h"
#include "refresh_host.h"

typedef struct lottie_tree lottie_tree_t;

/* A GROUP under `parent`, its top-left corner at (x, y), showing a
 * composition of `width` x `height` pixels at `scale` points a pixel.
 * NULL (and one log line from the host) when the host refuses the group. */
lottie_tree_t *lottie_tree_create(const rh_host_t *host, rh_layer_t parent, double x, double y, double width,
                                  double height, double scale);

/* Why the host's layers cannot draw `root` (an image, a mask mode other than
 * Add, a gradient stroke, a path over RH_PATH_MAX_ELEMENTS...), in `why`;
 * false when they can. Reads the tree only, adding the shapes' path
 * elements to *elements. */
bool lottie_tree_refuses(const LOTLayerNode *root, size_t *elements, char *why, size_t why_size);

/* Shows `root` (which lottie_tree_refuses accepted), the composition's frame
 * `frame`, with `effects` (may be NULL). False when the host refused a layer
 * or a value; what was set stays set. */
bool lottie_tree_show(lottie_tree_t *tree, const LOTLayerNode *root, const lottie_effects_t *effects, double frame);

/* Hides (or shows again) everything, for a style that turned to pixels. */
void lottie_tree_set_hidden(lottie_tree_t *tree, bool hidden);

/* Frees the bookkeeping; the host layers stay until the instance goes. */
void lottie_tree_destroy(lottie_tree_t *tree);

#endif

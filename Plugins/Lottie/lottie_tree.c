/*
 * lottie_tree.c - see lottie_tree.h.
 */
#include "lottie_tree.h"

#include "refresh_host_ext.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The host layers one rlottie node may own, by role. */
typedef enum {
    ROLE_GROUP = 0,   /* a layer node's group (opacity, and a matte's target) */
    ROLE_CLIP,        /* the group its clip path masks */
    ROLE_CLIP_SHAPE,  /* the clip path itself */
    ROLE_MASKED,      /* the group its masks mask */
    ROLE_MASKS,       /* the group holding one PATH per mask */
    ROLE_MASK_SHAPE,  /* + the mask's index */
} role_t;

/* The roles of a fill node drawn as merged paths (keys are LOTNodes, which
 * otherwise have ROLE_GROUP only). */
#define ROLE_MERGED 1u      /* the group of the parts */
#define ROLE_MERGE_PART 2u  /* + the part's index */

typedef struct {
    const void *key;  /* the rlottie node */
    uint32_t role;    /* role_t, + a mask's index for ROLE_MASK_SHAPE */
    rh_layer_t layer, parent;
    double z;
    bool seen;        /* visited this frame */
    bool hidden;      /* set hidden: its node is not in the frame (kept for when it comes back) */
    /* What was last set, so a frame sends only what changed. */
    uint64_t path_hash, paint_hash;
    double opacity;
    /* rh.effects/1 and the shadow, as last set (0: the host's defaults). */
    double blur, composite;
    uint64_t shadow_hash;
} entry_t;

/* How far rlottie's paths may reach before the host refuses them. */
#define LIMIT_NUMBER 1e6
/* The host allows 4096 layers an instance (refresh_host.h, layer_create);
 * a frame that needs more than this many is drawn as pixels. */
#define LIMIT_LAYERS 4000
/* Layers left out of a frame are kept, hidden, while an instance holds at
 * most this many (lottie_tree_show). */
#define KEEP_LAYERS 2000

struct lottie_tree {
    const rh_host_t *host;
    rh_layer_t root;
    double width, height;
    /* Each entry is allocated on its own, so a pointer to one stays good
     * while others are added (callers hold a group while making its
     * children). */
    entry_t **entries;
    size_t count, capacity;
    size_t hint; /* where the last lookup matched: nodes come in the same order each frame */
    rh_path_element_t *path; /* scratch for one path */
    size_t path_capacity;
    bool failed; /* the host refused something this frame */
    const rh_effects_ext_t *effects; /* NULL on a host without rh.effects/1 */
    const lottie_effects_t *fx;      /* this frame's, from the file */
};

static bool ok(lottie_tree_t *t, rh_status_t status)
{
    if (status < RH_OK)
        t->failed = true;
    return status >= RH_OK;
}

/* The entry of (key, role) under `parent`: a node that moves (a clip or a
 * matte that comes or goes changes its content's group) gets a layer of its
 * own under each parent it has, since the host cannot move a layer. */
static entry_t *find(lottie_tree_t *t, const void *key, uint32_t role, rh_layer_t parent)
{
    for (size_t n = 0; n < t->count; n++) {
        size_t i = (t->hint + n) % t->count;
        const entry_t *e = t->entries[i];
        if (e->key == key && e->role == role && e->parent == parent) {
            t->hint = i + 1;
            return t->entries[i];
        }
    }
    return NULL;
}

/* The host layer of (key, role), made under `parent` the first time. */
static entry_t *layer_for(lottie_tree_t *t, const void *key, uint32_t role, rh_layer_kind_t kind, rh_layer_t parent)
{
    entry_t *e = find(t, key, role, parent);
    if (e != NULL && e->hidden) {
        if (!ok(t, t->host->layer_set(t->host, e->layer, RH_PROP_HIDDEN, 0)))
            return NULL;
        e->hidden = false;
    }
    if (e == NULL) {
        if (t->count == t->capacity) {
            size_t capacity = t->capacity ? t->capacity * 2 : 64;
            entry_t **grown = realloc(t->entries, capacity * sizeof *grown);
            if (grown == NULL) {
                t->failed = true;
                return NULL;
            }
            t->entries = grown;
            t->capacity = capacity;
        }
        e = malloc(sizeof *e);
        if (e == NULL) {
            t->failed = true;
            return NULL;
        }
        const rh_host_t *h = t->host;
        rh_layer_t layer = h->layer_create(h, kind, parent);
        if (layer == RH_LAYER_NONE) {
            free(e);
            t->failed = true;
            return NULL;
        }
        /* Every layer spans the composition with its origin at the top-left
         * corner, so rlottie's coordinates are every layer's own. */
        ok(t, h->layer_set(h, layer, RH_PROP_ANCHOR_X, 0));
        ok(t, h->layer_set(h, layer, RH_PROP_ANCHOR_Y, 0));
        ok(t, h->layer_set(h, layer, RH_PROP_WIDTH, t->width));
        ok(t, h->layer_set(h, layer, RH_PROP_HEIGHT, t->height));
        if (kind == RH_LAYER_PATH) {
            /* Nothing drawn until the node's paint is set. */
            static const rh_color_t clear = { 0, 0, 0, 0 };
            ok(t, h->layer_set_color(h, layer, RH_COLOR_FILL, &clear));
            ok(t, h->layer_set_color(h, layer, RH_COLOR_STROKE, &clear));
        }
        t->entries[t->count++] = e;
        /* opacity -1: nothing set yet (a mask shape starts clear). */
        *e = (entry_t){ .key = key, .role = role, .layer = layer, .parent = parent, .opacity = -1 };
    }
    e->seen = true;
    return e;
}

/* Siblings are drawn in z order: rlottie's order, whenever they were made. */
static void order(lottie_tree_t *t, entry_t *e, double z)
{
    if (e->z != z && ok(t, t->host->layer_set(t->host, e->layer, RH_PROP_Z_POSITION, z)))
        e->z = z;
}

/* ---- reading rlottie's paths -------------------------------------------- */

/* How many points an element of rlottie's path takes (0 move, 1 line,
 * 2 cubic, 3 close), or -1 for an unknown one. */
static int points_of(char op)
{
    switch (op) {
    case 0:
    case 1:
        return 1;
    case 2:
        return 3;
    case 3:
        return 0;
    default:
        return -1;
    }
}

/* `float_count` is the number of floats at `points`. */
static const char *path_refusal(const char *elements, size_t element_count, const float *points,
                                size_t float_count)
{
    if (element_count > RH_PATH_MAX_ELEMENTS)
        return "a path of more elements than the host draws";
    size_t used = 0;
    for (size_t i = 0; i < element_count; i++) {
        int n = points_of(elements[i]);
        if (n < 0)
            return "a path element rlottie does not document";
        used += 2 * (size_t)n;
    }
    if (used > float_count)
        return "a path with fewer points than its elements";
    for (size_t i = 0; i < used; i++)
        if (!isfinite(points[i]) || fabs(points[i]) > LIMIT_NUMBER)
            return "a path that reaches past the host's coordinates";
    return NULL;
}

/* FNV-1a, to tell a path or a paint from the one set last frame. */
static uint64_t hash_bytes(uint64_t h, const void *data, size_t size)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < size; i++)
        h = (h ^ p[i]) * 1099511628211u;
    return h;
}

#define HASH_SEED 14695981039346656037u

/* The path's elements and the floats they use (path_refusal checked them). */
static uint64_t path_hash(const char *elements, size_t element_count, const float *points)
{
    size_t floats = 0;
    for (size_t i = 0; i < element_count; i++)
        floats += 2 * (size_t)points_of(elements[i]);
    uint64_t h = hash_bytes(HASH_SEED, elements, element_count);
    return hash_bytes(h, points, floats * sizeof *points) | 1; /* never 0, the "nothing set" value */
}

static bool set_path(lottie_tree_t *t, entry_t *entry, const char *elements, size_t element_count,
                     const float *points)
{
    uint64_t h = path_hash(elements, element_count, points);
    if (h == entry->path_hash)
        return true;
    entry->path_hash = h;
    rh_layer_t layer = entry->layer;
    if (element_count > t->path_capacity) {
        rh_path_element_t *grown = realloc(t->path, element_count * sizeof *grown);
        if (grown == NULL) {
            t->failed = true;
            return false;
        }
        t->path = grown;
        t->path_capacity = element_count;
    }
    size_t out = 0;
    const float *p = points;
    for (size_t i = 0; i < element_count; i++) {
        rh_path_element_t *e = &t->path[out];
        memset(e, 0, sizeof *e);
        switch (elements[i]) {
        case 0:
            e->op = RH_PATH_MOVE_TO;
            e->p[0] = p[0], e->p[1] = p[1];
            p += 2;
            break;
        case 1:
            e->op = RH_PATH_LINE_TO;
            e->p[0] = p[0], e->p[1] = p[1];
            p += 2;
            break;
        case 2:
            e->op = RH_PATH_CURVE_TO;
            for (int k = 0; k < 6; k++)
                e->p[k] = p[k];
            p += 6;
            break;
        default:
            e->op = RH_PATH_CLOSE;
            break;
        }
        out++;
    }
    if (!ok(t, t->host->layer_set_path(t->host, layer, t->path, out))) {
        entry->path_hash = 0;
        return false;
    }
    return true;
}

/* ---- what the host's layers cannot draw --------------------------------- */

static bool refuse(char *why, size_t size, const char *format, ...) __attribute__((format(printf, 3, 4)));

static bool refuse(char *why, size_t size, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vsnprintf(why, size, format, args);
    va_end(args);
    return true;
}

static bool node_refused(const LOTNode *n, size_t *elements, char *why, size_t size)
{
    *elements += n->mPath.elmCount;
    if (n->mImageInfo.data != NULL)
        return refuse(why, size, "an image");
    const char *bad = path_refusal(n->mPath.elmPtr, n->mPath.elmCount, n->mPath.ptPtr, n->mPath.ptCount);
    if (bad != NULL)
        return refuse(why, size, "%s", bad);
    if (n->mStroke.enable) {
        if (n->mBrushType != BrushSolid)
            return refuse(why, size, "a gradient stroke");
        if (n->mStroke.dashArraySize > 0)
            return refuse(why, size, "a dash rlottie did not apply");
        if (!(n->mStroke.width >= 0 && n->mStroke.width <= 1e3))
            return refuse(why, size, "a stroke width of %g", (double)n->mStroke.width);
        return false;
    }
    if (n->mBrushType == BrushGradient) {
        if (n->mGradient.stopCount < 2 || n->mGradient.stopCount > RH_GRADIENT_MAX_STOPS)
            return refuse(why, size, "a gradient of %zu stops", n->mGradient.stopCount);
        if (n->mGradient.type == GradientRadial) {
            if (hypotf(n->mGradient.focal.x - n->mGradient.center.x, n->mGradient.focal.y - n->mGradient.center.y) >
                0.01f)
                return refuse(why, size, "a radial gradient with a highlight");
            if (!(n->mGradient.cradius > 0))
                return refuse(why, size, "a radial gradient of radius %g", (double)n->mGradient.cradius);
        } else if (n->mGradient.type != GradientLinear) {
            return refuse(why, size, "a gradient rlottie does not document");
        }
    }
    return false;
}

/* Adds the host layers `l` needs this frame to *layers (at most what
 * show_layer makes: its group, two for a clip, two and one a mask, one a
 * shape). */
static bool layer_refused(const LOTLayerNode *l, int depth, size_t *layers, size_t *elements, char *why,
                          size_t size)
{
    if (depth > 64)
        return refuse(why, size, "layers nested more than 64 deep");
    if (!l->mVisible)
        return false;
    *layers += 1 + (l->mClipPath.elmCount > 0 ? 2 : 0) + (l->mMaskList.size > 0 ? 2 + l->mMaskList.size : 0) +
               l->mNodeList.size;
    if (*layers > LIMIT_LAYERS)
        return refuse(why, size, "more than %d shapes, groups and masks", LIMIT_LAYERS);
    if (l->mMatte == MatteAlphaInv || l->mMatte == MatteLuma || l->mMatte == MatteLumaInv)
        return refuse(why, size, "a track matte other than Alpha");
    for (size_t i = 0; i < l->mMaskList.size; i++) {
        const LOTMask *m = &l->mMaskList.ptr[i];
        if (m->mMode != MaskAdd)
            return refuse(why, size, "a mask in a mode other than Add");
        /* rlottie 0.1 counts a mask's points, not its floats as everywhere
         * else (later versions count floats): allow the larger. */
        const char *bad = path_refusal(m->mPath.elmPtr, m->mPath.elmCount, m->mPath.ptPtr, 2 * m->mPath.ptCount);
        if (bad != NULL)
            return refuse(why, size, "%s (in a mask)", bad);
    }
    const char *bad = path_refusal(l->mClipPath.elmPtr, l->mClipPath.elmCount, l->mClipPath.ptPtr,
                                   l->mClipPath.ptCount);
    if (bad != NULL)
        return refuse(why, size, "%s (in a precomp's clip)", bad);
    for (size_t i = 0; i < l->mNodeList.size; i++)
        if (l->mNodeList.ptr[i] != NULL && node_refused(l->mNodeList.ptr[i], elements, why, size))
            return true;
    for (size_t i = 0; i < l->mLayerList.size; i++)
        if (l->mLayerList.ptr[i] != NULL && layer_refused(l->mLayerList.ptr[i], depth + 1, layers, elements, why, size))
            return true;
    return false;
}

bool lottie_tree_refuses(const LOTLayerNode *root, size_t *elements, char *why, size_t why_size)
{
    if (root == NULL)
        return refuse(why, why_size, "no render tree");
    size_t layers = 0;
    return layer_refused(root, 0, &layers, elements, why, why_size);
}

/* ---- drawing ------------------------------------------------------------- */

static void paint(lottie_tree_t *t, rh_layer_t layer, const LOTNode *n);

static rh_color_t color_of(unsigned char r, unsigned char g, unsigned char b, unsigned char a)
{
    return (rh_color_t){ r / 255.0, g / 255.0, b / 255.0, a / 255.0 };
}

/* The fields of a node's paint that paint_node reads. */
static uint64_t paint_hash(const LOTNode *n)
{
    uint64_t h = hash_bytes(HASH_SEED, &n->mColor, sizeof n->mColor);
    h = hash_bytes(h, &n->mStroke.enable, sizeof n->mStroke.enable);
    h = hash_bytes(h, &n->mStroke.width, sizeof n->mStroke.width);
    h = hash_bytes(h, &n->mStroke.cap, sizeof n->mStroke.cap);
    h = hash_bytes(h, &n->mStroke.join, sizeof n->mStroke.join);
    h = hash_bytes(h, &n->mStroke.miterLimit, sizeof n->mStroke.miterLimit);
    h = hash_bytes(h, &n->mBrushType, sizeof n->mBrushType);
    h = hash_bytes(h, &n->mFillRule, sizeof n->mFillRule);
    if (n->mBrushType == BrushGradient) {
        h = hash_bytes(h, &n->mGradient.type, sizeof n->mGradient.type);
        h = hash_bytes(h, &n->mGradient.start, sizeof n->mGradient.start);
        h = hash_bytes(h, &n->mGradient.end, sizeof n->mGradient.end);
        h = hash_bytes(h, &n->mGradient.center, sizeof n->mGradient.center);
        h = hash_bytes(h, &n->mGradient.cradius, sizeof n->mGradient.cradius);
        for (size_t i = 0; i < n->mGradient.stopCount; i++) {
            const LOTGradientStop *s = &n->mGradient.stopPtr[i];
            h = hash_bytes(h, &s->pos, sizeof s->pos);
            h = hash_bytes(h, &s->r, 4); /* r, g, b, a: four bytes in a row */
        }
    }
    return h | 1;
}

static void paint_node(lottie_tree_t *t, entry_t *entry, const LOTNode *n)
{
    uint64_t hash = paint_hash(n);
    if (hash == entry->paint_hash)
        return;
    bool failed = t->failed;
    t->failed = false;
    paint(t, entry->layer, n);
    entry->paint_hash = t->failed ? 0 : hash;
    t->failed = t->failed || failed;
}

static void paint(lottie_tree_t *t, rh_layer_t layer, const LOTNode *n)
{
    const rh_host_t *h = t->host;
    static const rh_color_t clear = { 0, 0, 0, 0 };
    rh_color_t color = color_of(n->mColor.r, n->mColor.g, n->mColor.b, n->mColor.a);
    if (n->mStroke.enable) {
        ok(t, h->layer_set_color(h, layer, RH_COLOR_FILL, &clear));
        ok(t, h->layer_set_color(h, layer, RH_COLOR_STROKE, &color));
        ok(t, h->layer_set(h, layer, RH_PROP_LINE_WIDTH, n->mStroke.width));
        ok(t, h->layer_set(h, layer, RH_PROP_LINE_CAP,
                           n->mStroke.cap == CapRound    ? RH_LINE_CAP_ROUND
                           : n->mStroke.cap == CapSquare ? RH_LINE_CAP_SQUARE
                                                         : RH_LINE_CAP_BUTT));
        ok(t, h->layer_set(h, layer, RH_PROP_LINE_JOIN,
                           n->mStroke.join == JoinRound   ? RH_LINE_JOIN_ROUND
                           : n->mStroke.join == JoinBevel ? RH_LINE_JOIN_BEVEL
                                                          : RH_LINE_JOIN_MITER));
        double miter = n->mStroke.miterLimit;
        ok(t, h->layer_set(h, layer, RH_PROP_MITER_LIMIT, miter >= 1 && miter <= 1e3 ? miter : 4));
        ok(t, h->layer_set_gradient(h, layer, NULL));
        return;
    }
    ok(t, h->layer_set_color(h, layer, RH_COLOR_STROKE, &clear));
    ok(t, h->layer_set(h, layer, RH_PROP_FILL_RULE,
                       n->mFillRule == FillEvenOdd ? RH_FILL_RULE_EVEN_ODD : RH_FILL_RULE_NON_ZERO));
    if (n->mBrushType != BrushGradient) {
        ok(t, h->layer_set_gradient(h, layer, NULL));
        ok(t, h->layer_set_color(h, layer, RH_COLOR_FILL, &color));
        return;
    }
    rh_gradient_stop_t stops[RH_GRADIENT_MAX_STOPS];
    double last = 0;
    for (size_t i = 0; i < n->mGradient.stopCount; i++) {
        const LOTGradientStop *s = &n->mGradient.stopPtr[i];
        double offset = isfinite(s->pos) ? fmin(fmax(s->pos, last), 1.0) : last;
        last = offset;
        stops[i] = (rh_gradient_stop_t){ .offset = offset, .color = color_of(s->r, s->g, s->b, s->a) };
    }
    /* The host's gradient points are fractions of the layer's bounds, which
     * are the composition's. */
    rh_gradient_t g = { .struct_size = sizeof g, .stop_count = (uint32_t)n->mGradient.stopCount, .stops = stops };
    if (n->mGradient.type == GradientRadial) {
        g.kind = RH_GRADIENT_RADIAL;
        g.start_x = n->mGradient.center.x / t->width;
        g.start_y = n->mGradient.center.y / t->height;
        g.end_x = (n->mGradient.center.x + n->mGradient.cradius) / t->width;
        g.end_y = (n->mGradient.center.y + n->mGradient.cradius) / t->height;
    } else {
        g.kind = RH_GRADIENT_LINEAR;
        g.start_x = n->mGradient.start.x / t->width;
        g.start_y = n->mGradient.start.y / t->height;
        g.end_x = n->mGradient.end.x / t->width;
        g.end_y = n->mGradient.end.y / t->height;
        if (g.start_x == g.end_x && g.start_y == g.end_y)
            g.end_x += 1e-6; /* a zero-length gradient: the host needs two points */
    }
    ok(t, h->layer_set_gradient(h, layer, &g));
}

/* A GROUP under `parent` masked by its child of `mask_kind` (made and tied
 * together the first time): the group in *group, its mask in *mask. */
static bool masked_group(lottie_tree_t *t, const LOTLayerNode *l, role_t group_role, role_t mask_role,
                         rh_layer_kind_t mask_kind, rh_mask_mode_t mode, rh_layer_t parent, entry_t **group,
                         entry_t **mask)
{
    bool fresh = find(t, l, group_role, parent) == NULL;
    *group = layer_for(t, l, group_role, RH_LAYER_GROUP, parent);
    *mask = *group ? layer_for(t, l, mask_role, mask_kind, (*group)->layer) : NULL;
    if (*mask == NULL)
        return false;
    order(t, *group, 0);
    order(t, *mask, 0);
    if (fresh)
        ok(t, t->host->layer_set_mask(t->host, (*group)->layer, (*mask)->layer, mode));
    return true;
}

/* A mask shape's fill: white at `alpha`, set when it changes. */
static void mask_fill(lottie_tree_t *t, entry_t *shape, double alpha)
{
    rh_color_t white = { 1, 1, 1, alpha };
    if (shape->opacity != alpha && ok(t, t->host->layer_set_color(t->host, shape->layer, RH_COLOR_FILL, &white)))
        shape->opacity = alpha;
}

/* The group whose children are `l`'s content: `outer`, or the groups its
 * clip path and masks make under it. */
static rh_layer_t content_group(lottie_tree_t *t, const LOTLayerNode *l, rh_layer_t outer)
{
    rh_layer_t content = outer;
    entry_t *group, *mask;
    if (l->mClipPath.elmCount > 0) {
        if (!masked_group(t, l, ROLE_CLIP, ROLE_CLIP_SHAPE, RH_LAYER_PATH, RH_MASK_PATH, content, &group, &mask))
            return content;
        mask_fill(t, mask, 1);
        set_path(t, mask, l->mClipPath.elmPtr, l->mClipPath.elmCount, l->mClipPath.ptPtr);
        content = group->layer;
    }
    if (l->mMaskList.size > 0) {
        if (!masked_group(t, l, ROLE_MASKED, ROLE_MASKS, RH_LAYER_GROUP, RH_MASK_ALPHA, content, &group, &mask))
            return content;
        /* Add masks: their union, each at its own opacity. */
        for (size_t i = 0; i < l->mMaskList.size; i++) {
            const LOTMask *m = &l->mMaskList.ptr[i];
            entry_t *shape = layer_for(t, l, ROLE_MASK_SHAPE + (uint32_t)i, RH_LAYER_PATH, mask->layer);
            if (shape == NULL)
                return content;
            order(t, shape, (double)i);
            mask_fill(t, shape, m->mAlpha / 255.0);
            set_path(t, shape, m->mPath.elmPtr, m->mPath.elmCount, m->mPath.ptPtr);
        }
        content = group->layer;
    }
    return content;
}

static entry_t *show_layer(lottie_tree_t *t, const LOTLayerNode *l, rh_layer_t parent, double z, double time);

/* ---- what rlottie leaves out (lottie_effects.h) -------------------------- */

/* Floats an element of rlottie's path takes (points_of checked it). */
static size_t floats_of(char op) { return 2 * (size_t)points_of(op); }

static rh_composite_t merge_operator(int mode)
{
    switch (mode) {
    case LOTTIE_MERGE_SUBTRACT: return RH_COMPOSITE_OUT;
    case LOTTIE_MERGE_INTERSECT: return RH_COMPOSITE_INTERSECT;
    case LOTTIE_MERGE_EXCLUDE: return RH_COMPOSITE_XOR;
    default: return RH_COMPOSITE_OVER; /* add: the union */
    }
}

static void set_effect(lottie_tree_t *t, entry_t *e, rh_effect_property_t property, double value, double *last)
{
    if (*last != value && ok(t, t->effects->set(t->host, e->layer, property, value)))
        *last = value;
}

/* A fill whose paths Merge Paths combines: one PATH per path (subpath) in a
 * GROUP at the fill's opacity, the first drawn over, each next one combined
 * by the mode's operator. False (nothing made) when the node's path does not
 * have `paths` subpaths: then it is drawn as rlottie draws it. */
static bool show_merged(lottie_tree_t *t, const LOTNode *n, rh_layer_t content, double z, int mode, size_t paths)
{
    const char *elements = n->mPath.elmPtr;
    size_t count = n->mPath.elmCount, starts = 0;
    for (size_t i = 0; i < count; i++)
        starts += elements[i] == 0;
    if (starts != paths || count == 0 || elements[0] != 0 || paths > 64)
        return false;
    entry_t *group = layer_for(t, n, ROLE_MERGED, RH_LAYER_GROUP, content);
    if (group == NULL)
        return true;
    order(t, group, z);
    /* Parts are opaque and the group takes the alpha: an operator then
     * removes or keeps all of what is under it, as the merged path would. */
    LOTNode opaque = *n;
    double alpha = 1;
    if (n->mBrushType != BrushGradient) {
        alpha = n->mColor.a / 255.0;
        opaque.mColor.a = 255;
    }
    if (group->opacity != alpha && ok(t, t->host->layer_set(t->host, group->layer, RH_PROP_OPACITY, alpha)))
        group->opacity = alpha;
    const float *points = n->mPath.ptPtr;
    size_t part = 0, first = 0;
    for (size_t i = 1; i <= count; i++) {
        if (i < count && elements[i] != 0)
            continue;
        entry_t *e = layer_for(t, n, ROLE_MERGE_PART + (uint32_t)part, RH_LAYER_PATH, group->layer);
        if (e == NULL)
            return true;
        order(t, e, (double)part);
        set_path(t, e, elements + first, i - first, points);
        paint_node(t, e, &opaque);
        set_effect(t, e, RH_EFFECT_COMPOSITE, part == 0 ? RH_COMPOSITE_OVER : merge_operator(mode), &e->composite);
        for (size_t k = first; k < i; k++)
            points += floats_of(elements[k]);
        first = i;
        part++;
    }
    return true;
}

/* The layer's blur and drop shadow on its group, set when they change. */
static void show_effects(lottie_tree_t *t, entry_t *outer, const lottie_layer_fx_t *fx, double local)
{
    lottie_fx_values_t v;
    lottie_fx_values(fx, local, &v);
    if (t->effects != NULL) {
        double radius = fmin(fmax(v.blur_radius, 0), RH_EFFECTS_MAX_BLUR_RADIUS);
        set_effect(t, outer, RH_EFFECT_BLUR_RADIUS, radius, &outer->blur);
    }
    uint64_t h = v.shadow ? hash_bytes(HASH_SEED, &v.shadow_rgba, sizeof v.shadow_rgba) : 0;
    if (v.shadow) {
        h = hash_bytes(h, &v.shadow_dx, sizeof v.shadow_dx);
        h = hash_bytes(h, &v.shadow_dy, sizeof v.shadow_dy);
        h = hash_bytes(h, &v.shadow_radius, sizeof v.shadow_radius) | 1;
    }
    if (h == outer->shadow_hash)
        return;
    const rh_host_t *host = t->host;
    rh_layer_t layer = outer->layer;
    bool fine = true;
    if (v.shadow) {
        rh_color_t c = { v.shadow_rgba[0], v.shadow_rgba[1], v.shadow_rgba[2], 1 };
        fine = ok(t, host->layer_set_color(host, layer, RH_COLOR_SHADOW, &c)) &&
               ok(t, host->layer_set(host, layer, RH_PROP_SHADOW_OFFSET_X, fmin(fmax(v.shadow_dx, -1e3), 1e3))) &&
               ok(t, host->layer_set(host, layer, RH_PROP_SHADOW_OFFSET_Y, fmin(fmax(v.shadow_dy, -1e3), 1e3))) &&
               ok(t, host->layer_set(host, layer, RH_PROP_SHADOW_RADIUS, fmin(v.shadow_radius, RH_SHADOW_MAX_RADIUS)));
    }
    fine = fine && ok(t, host->layer_set(host, layer, RH_PROP_SHADOW_OPACITY, v.shadow ? v.shadow_rgba[3] : 0));
    outer->shadow_hash = fine ? h : 0;
}

static void show_children(lottie_tree_t *t, const LOTLayerNode *l, rh_layer_t content, const lottie_layer_fx_t *fx,
                          double time)
{
    const rh_host_t *h = t->host;
    /* Merges only when the file's paint nodes are rlottie's, one for one. */
    bool merges = t->effects != NULL && fx != NULL && lottie_fx_node_count(fx) == l->mNodeList.size;
    for (size_t i = 0; i < l->mNodeList.size; i++) {
        const LOTNode *n = l->mNodeList.ptr[i];
        if (n == NULL)
            continue;
        size_t paths = 0;
        int mode = merges ? lottie_fx_node_merge(fx, i, &paths) : LOTTIE_MERGE_NONE;
        if (mode >= LOTTIE_MERGE_ADD && !n->mStroke.enable && show_merged(t, n, content, (double)i, mode, paths))
            continue;
        entry_t *e = layer_for(t, n, ROLE_GROUP, RH_LAYER_PATH, content);
        if (e == NULL)
            return;
        order(t, e, (double)i);
        set_path(t, e, n->mPath.elmPtr, n->mPath.elmCount, n->mPath.ptPtr);
        paint_node(t, e, n);
    }
    /* rlottie lists layers back to front; a layer with a matte comes right
     * before its matte source, which is drawn only through it. */
    double z = (double)l->mNodeList.size;
    for (size_t i = 0; i < l->mLayerList.size; i++) {
        const LOTLayerNode *c = l->mLayerList.ptr[i];
        if (c == NULL)
            continue;
        if (c->mMatte == MatteAlpha && i + 1 < l->mLayerList.size && l->mLayerList.ptr[i + 1] != NULL) {
            const LOTLayerNode *source = l->mLayerList.ptr[++i];
            /* Without its source the target shows nothing, as in rlottie. */
            if (!source->mVisible || source->mAlpha == 0)
                continue;
            entry_t *target = show_layer(t, c, content, z + (double)i, time);
            if (target == NULL)
                continue;
            bool fresh = find(t, source, ROLE_GROUP, target->layer) == NULL;
            entry_t *matte = show_layer(t, source, target->layer, 0, time);
            if (matte != NULL && fresh)
                ok(t, h->layer_set_mask(h, target->layer, matte->layer, RH_MASK_ALPHA));
        } else {
            show_layer(t, c, content, z + (double)i, time);
        }
    }
}

/* `l` and what is under it, at its parent's time `time`; NULL when it shows
 * nothing this frame (then nothing of it is seen, and what it had goes). */
static entry_t *show_layer(lottie_tree_t *t, const LOTLayerNode *l, rh_layer_t parent, double z, double time)
{
    if (!l->mVisible || l->mAlpha == 0)
        return NULL;
    entry_t *outer = layer_for(t, l, ROLE_GROUP, RH_LAYER_GROUP, parent);
    if (outer == NULL)
        return NULL;
    order(t, outer, z);
    double opacity = l->mAlpha / 255.0;
    if (outer->opacity != opacity && ok(t, t->host->layer_set(t->host, outer->layer, RH_PROP_OPACITY, opacity)))
        outer->opacity = opacity;
    const lottie_layer_fx_t *fx = lottie_effects_layer(t->fx, l->keypath);
    double local = lottie_fx_local_frame(fx, time);
    if (fx != NULL || outer->blur != 0 || outer->shadow_hash != 0)
        show_effects(t, outer, fx, local);
    show_children(t, l, content_group(t, l, outer->layer), fx, local);
    return outer;
}

bool lottie_tree_show(lottie_tree_t *t, const LOTLayerNode *root, const lottie_effects_t *effects, double frame)
{
    t->failed = false;
    t->fx = effects;
    for (size_t i = 0; i < t->count; i++)
        t->entries[i]->seen = false;
    /* The frame is the motion: nothing may tween. The host calls cycle()
     * inside its animate block, and a frame shown there would otherwise
     * tween every property it sets (a layer made there would slide in from
     * its defaults). A block of duration 0 applies its changes at once. */
    const rh_host_t *h = t->host;
    rh_timing_t now = { .struct_size = sizeof now, .duration = 0, .curve = RH_CURVE_LINEAR };
    bool block = ok(t, h->animate_begin(h, &now));
    show_layer(t, root, t->root, 0, frame);
    /* Nodes rlottie left out of this frame (a shape with nothing to draw,
     * a layer outside its in and out points, under a hidden layer) are
     * hidden, and shown again, the same host layers, when they come back:
     * rlottie keeps its nodes for the animation's life, so a frame shown
     * again is the same layers as before (reset shows what setup showed),
     * and the layers an instance holds do not depend on when they were
     * made. Past KEEP_LAYERS they go instead (a file of that many nodes
     * would hold the host's layers with hidden ones); a layer whose parent
     * goes goes with it. */
    size_t unseen = 0;
    for (size_t i = 0; i < t->count; i++)
        unseen += !t->entries[i]->seen;
    if (t->count <= KEEP_LAYERS) {
        for (size_t i = 0; i < t->count; i++) {
            entry_t *e = t->entries[i];
            if (!e->seen && !e->hidden && ok(t, t->host->layer_set(t->host, e->layer, RH_PROP_HIDDEN, 1)))
                e->hidden = true;
        }
    } else if (unseen > 0) {
        for (size_t i = 0; i < t->count; i++) {
            const entry_t *e = t->entries[i];
            if (e->seen)
                continue;
            bool with_parent = false;
            for (size_t j = 0; j < t->count && !with_parent; j++)
                with_parent = !t->entries[j]->seen && t->entries[j]->layer == e->parent;
            if (!with_parent)
                ok(t, t->host->layer_remove(t->host, e->layer));
        }
        size_t kept = 0;
        for (size_t i = 0; i < t->count; i++) {
            if (t->entries[i]->seen)
                t->entries[kept++] = t->entries[i];
            else
                free(t->entries[i]);
        }
        t->count = kept;
    }
    t->hint = 0;
    if (block)
        ok(t, h->animate_commit(h, NULL, NULL));
    return !t->failed;
}

void lottie_tree_set_hidden(lottie_tree_t *t, bool hidden)
{
    t->host->layer_set(t->host, t->root, RH_PROP_HIDDEN, hidden ? 1 : 0);
}

lottie_tree_t *lottie_tree_create(const rh_host_t *host, rh_layer_t parent, double x, double y, double width,
                                  double height, double scale)
{
    lottie_tree_t *t = calloc(1, sizeof *t);
    if (t == NULL)
        return NULL;
    t->host = host;
    t->effects = host->get_extension(host, RH_EXT_EFFECTS);
    t->width = width;
    t->height = height;
    t->root = host->layer_create(host, RH_LAYER_GROUP, parent);
    if (t->root == RH_LAYER_NONE) {
        free(t);
        return NULL;
    }
    host->layer_set(host, t->root, RH_PROP_ANCHOR_X, 0);
    host->layer_set(host, t->root, RH_PROP_ANCHOR_Y, 0);
    host->layer_set(host, t->root, RH_PROP_POSITION_X, x);
    host->layer_set(host, t->root, RH_PROP_POSITION_Y, y);
    host->layer_set(host, t->root, RH_PROP_WIDTH, width);
    host->layer_set(host, t->root, RH_PROP_HEIGHT, height);
    host->layer_set(host, t->root, RH_PROP_SCALE_X, scale);
    host->layer_set(host, t->root, RH_PROP_SCALE_Y, scale);
    return t;
}

void lottie_tree_destroy(lottie_tree_t *t)
{
    if (t == NULL)
        return;
    for (size_t i = 0; i < t->count; i++)
        free(t->entries[i]);
    free(t->entries);
    free(t->path);
    free(t);
}

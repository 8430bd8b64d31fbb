/*
 * lottie_effects.c - see lottie_effects.h.
 */
#include "lottie_effects.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One keyframe of a number: its time, value and the easing to the next. */
typedef struct {
    double t, s;
    double ox, oy, ix, iy; /* out tangent of this key, in tangent of the next */
    bool hold;
} key_t;

/* A number, fixed or animated. */
typedef struct {
    double value;
    key_t *keys;
    size_t count;
} prop_t;

typedef struct {
    int mode;
    size_t paths;
} node_t;

struct lottie_layer_fx {
    const char *name; /* the document's; copied in `names` */
    double start, stretch;
    bool ambiguous;
    bool blur;
    prop_t blurriness;
    bool shadow;
    prop_t shadow_rgb[3]; /* each channel fixed or animated */
    prop_t opacity, direction, distance, softness;
    node_t *nodes;
    size_t node_count;
};

struct lottie_effects {
    lottie_layer_fx_t *layers;
    size_t count, capacity;
    char *names; /* every layer's name, NUL after each */
};

/* The most layers and paint nodes read; a file past them gets none beyond rlottie. */
#define MAX_LAYERS 4096
#define MAX_NODES 4096

/* ---- numbers ------------------------------------------------------------- */

/* A number, or item `index` of an array of them (a colour's channel). */
static double number_at(const json_value_t *v, uint32_t index, double fallback)
{
    if (v == NULL)
        return fallback;
    if (v->type == JSON_NUMBER)
        return index == 0 ? v->as.number : fallback;
    if (v->type == JSON_ARRAY && index < v->count && v->as.items[index].type == JSON_NUMBER)
        return v->as.items[index].as.number;
    return fallback;
}

static double first_number(const json_value_t *v, double fallback) { return number_at(v, 0, fallback); }

/* A keyframe's tangent component ("x" or "y" of "i" or "o"), as a number or [number]. */
static double tangent(const json_value_t *key, const char *which, const char *axis, double fallback)
{
    const json_value_t *t = json_get_typed(key, which, JSON_OBJECT);
    return first_number(t ? json_get(t, axis) : NULL, fallback);
}

/* Reads {"a":..., "k":...}: a fixed number, or keyframes [{t, s, i, o, h, e}];
 * of an array value (a colour), item `channel`. */
static void read_channel(const json_value_t *object, prop_t *p, double fallback, uint32_t channel)
{
    p->value = fallback;
    const json_value_t *k = object ? json_get(object, "k") : NULL;
    if (k == NULL)
        return;
    if (k->type != JSON_ARRAY || k->count == 0 || k->as.items[0].type != JSON_OBJECT) {
        p->value = number_at(k, channel, fallback);
        return;
    }
    p->keys = calloc(k->count, sizeof *p->keys);
    if (p->keys == NULL)
        return;
    double last = fallback;
    for (uint32_t i = 0; i < k->count; i++) {
        const json_value_t *key = &k->as.items[i];
        key_t *out = &p->keys[p->count];
        double t;
        if (!json_get_number(key, "t", &t) || !isfinite(t))
            continue;
        /* Older exporters give the end value in "e"; newer ones take the next key's "s". */
        const json_value_t *s = json_get(key, "s");
        out->t = t;
        out->s = number_at(s, channel, last);
        last = out->s;
        out->ox = tangent(key, "o", "x", 0), out->oy = tangent(key, "o", "y", 0);
        out->ix = tangent(key, "i", "x", 1), out->iy = tangent(key, "i", "y", 1);
        double h = 0;
        out->hold = json_get_number(key, "h", &h) && h == 1;
        if (s == NULL && p->count > 0) {
            const json_value_t *e = json_get(&k->as.items[i - 1], "e");
            out->s = number_at(e, channel, p->keys[p->count - 1].s);
        }
        p->count++;
    }
    if (p->count > 0)
        p->value = p->keys[0].s;
}

static void read_prop(const json_value_t *object, prop_t *p, double fallback) { read_channel(object, p, fallback, 0); }

/* The y of the cubic Bezier (0,0) (x1,y1) (x2,y2) (1,1) where its x is `x`. */
static double ease(double x, double x1, double y1, double x2, double y2)
{
    x1 = fmin(fmax(x1, 0), 1), x2 = fmin(fmax(x2, 0), 1);
    double lo = 0, hi = 1, u = x;
    for (int n = 0; n < 40; n++) {
        u = (lo + hi) / 2;
        double bx = 3 * (1 - u) * (1 - u) * u * x1 + 3 * (1 - u) * u * u * x2 + u * u * u;
        if (bx < x)
            lo = u;
        else
            hi = u;
    }
    return 3 * (1 - u) * (1 - u) * u * y1 + 3 * (1 - u) * u * u * y2 + u * u * u;
}

static double value_at(const prop_t *p, double frame)
{
    if (p->count == 0)
        return p->value;
    if (frame <= p->keys[0].t)
        return p->keys[0].s;
    for (size_t i = 0; i + 1 < p->count; i++) {
        const key_t *a = &p->keys[i], *b = &p->keys[i + 1];
        if (frame >= b->t)
            continue;
        if (a->hold || b->t <= a->t)
            return a->s;
        double x = (frame - a->t) / (b->t - a->t);
        return a->s + (b->s - a->s) * ease(x, a->ox, a->oy, a->ix, a->iy);
    }
    return p->keys[p->count - 1].s;
}

static void free_prop(prop_t *p)
{
    free(p->keys);
    p->keys = NULL;
    p->count = 0;
}

/* ---- effects ------------------------------------------------------------- */

static bool enabled(const json_value_t *e)
{
    const json_value_t *en = json_get(e, "en");
    return en == NULL || (en->type == JSON_NUMBER ? en->as.number != 0 : en->type == JSON_TRUE);
}

/* The value object of an effect's parameter: by its match name "<mn>-000<n>", else by position. */
static const json_value_t *parameter(const json_value_t *effect, const char *mn, int n)
{
    const json_value_t *list = json_get_typed(effect, "ef", JSON_ARRAY);
    if (list == NULL)
        return NULL;
    char want[96];
    snprintf(want, sizeof want, "%s-%04d", mn, n);
    for (uint32_t i = 0; i < list->count; i++) {
        const char *pmn = json_get_string(&list->as.items[i], "mn");
        if (pmn != NULL && strcmp(pmn, want) == 0)
            return json_get_typed(&list->as.items[i], "v", JSON_OBJECT);
    }
    return (uint32_t)(n - 1) < list->count ? json_get_typed(&list->as.items[n - 1], "v", JSON_OBJECT) : NULL;
}

static void read_effects(const json_value_t *layer, lottie_layer_fx_t *fx)
{
    const json_value_t *list = json_get_typed(layer, "ef", JSON_ARRAY);
    for (uint32_t i = 0; list != NULL && i < list->count; i++) {
        const json_value_t *e = &list->as.items[i];
        double ty = -1;
        json_get_number(e, "ty", &ty);
        if (!enabled(e))
            continue;
        if (ty == 29 && !fx->blur) {
            fx->blur = true;
            read_prop(parameter(e, "ADBE Gaussian Blur 2", 1), &fx->blurriness, 0);
        } else if (ty == 25 && !fx->shadow) {
            fx->shadow = true;
            const json_value_t *color = parameter(e, "ADBE Drop Shadow", 1);
            for (uint32_t c = 0; c < 3; c++)
                read_channel(color, &fx->shadow_rgb[c], 0, c);
            read_prop(parameter(e, "ADBE Drop Shadow", 2), &fx->opacity, 127.5);
            read_prop(parameter(e, "ADBE Drop Shadow", 3), &fx->direction, 135);
            read_prop(parameter(e, "ADBE Drop Shadow", 4), &fx->distance, 5);
            read_prop(parameter(e, "ADBE Drop Shadow", 5), &fx->softness, 0);
        }
    }
}

/* ---- merge paths ----------------------------------------------------------- */

static bool hidden(const json_value_t *item)
{
    const json_value_t *hd = json_get(item, "hd");
    return hd != NULL && hd->type == JSON_TRUE;
}

static bool is(const char *ty, const char *a) { return ty != NULL && strcmp(ty, a) == 0; }

static bool is_paint(const char *ty) { return is(ty, "fl") || is(ty, "st") || is(ty, "gf") || is(ty, "gs"); }

/* A fill's merge, from the items of its group before it: the last merge item
 * and the one-subpath shapes above it (and nothing else that makes a path). */
static node_t merge_of(const json_value_t *items, uint32_t fill)
{
    node_t none = { LOTTIE_MERGE_NONE, 0 };
    long merge_at = -1;
    for (uint32_t i = 0; i < fill; i++) {
        const json_value_t *it = &items->as.items[i];
        if (!hidden(it) && is(json_get_string(it, "ty"), "mm"))
            merge_at = i;
    }
    if (merge_at < 0)
        return none;
    double mode = 1;
    json_get_number(&items->as.items[merge_at], "mm", &mode);
    if (!(mode >= 2 && mode <= 5))
        return none;
    size_t paths = 0;
    for (uint32_t i = 0; i < fill; i++) {
        const json_value_t *it = &items->as.items[i];
        if (hidden(it))
            continue;
        const char *ty = json_get_string(it, "ty");
        bool shape = is(ty, "rc") || is(ty, "el") || is(ty, "sr") || is(ty, "sh");
        if (is(ty, "gr") || is(ty, "rp") || is(ty, "tm") || (shape && (long)i > merge_at))
            return none; /* paths rlottie makes another way, or added after the merge */
        if (shape)
            paths++;
    }
    return paths >= 2 ? (node_t){ (int)mode, paths } : none;
}

/* Appends the layer's paint nodes in document order (depth first). */
static void walk_shapes(const json_value_t *items, lottie_layer_fx_t *fx, size_t *capacity, int depth)
{
    if (items == NULL || items->type != JSON_ARRAY || depth > JSON_MAX_DEPTH)
        return;
    for (uint32_t i = 0; i < items->count; i++) {
        const json_value_t *it = &items->as.items[i];
        if (it->type != JSON_OBJECT || hidden(it))
            continue;
        const char *ty = json_get_string(it, "ty");
        if (is(ty, "gr")) {
            walk_shapes(json_get(it, "it"), fx, capacity, depth + 1);
            continue;
        }
        if (!is_paint(ty) || fx->node_count >= MAX_NODES)
            continue;
        if (fx->node_count == *capacity) {
            size_t grown = *capacity ? *capacity * 2 : 8;
            node_t *nodes = realloc(fx->nodes, grown * sizeof *nodes);
            if (nodes == NULL)
                return;
            fx->nodes = nodes;
            *capacity = grown;
        }
        node_t n = { LOTTIE_MERGE_NONE, 0 };
        if (is(ty, "fl") || is(ty, "gf"))
            n = merge_of(items, i);
        fx->nodes[fx->node_count++] = n;
    }
}

/* ---- the table ------------------------------------------------------------- */

static bool same_timing(const lottie_layer_fx_t *a, const lottie_layer_fx_t *b)
{
    return a->start == b->start && a->stretch == b->stretch;
}

static bool draws_something(const lottie_layer_fx_t *l)
{
    if (l->blur || l->shadow)
        return true;
    for (size_t i = 0; i < l->node_count; i++)
        if (l->nodes[i].mode >= LOTTIE_MERGE_ADD)
            return true;
    return false;
}

static void release_layer(lottie_layer_fx_t *l)
{
    free_prop(&l->blurriness);
    free_prop(&l->opacity);
    free_prop(&l->direction);
    free_prop(&l->distance);
    free_prop(&l->softness);
    for (int c = 0; c < 3; c++)
        free_prop(&l->shadow_rgb[c]);
    free(l->nodes);
    memset(l, 0, sizeof *l);
}

static void add_layer(lottie_effects_t *fx, const json_value_t *layer)
{
    const char *name = json_get_string(layer, "nm");
    if (name == NULL || fx->count >= MAX_LAYERS)
        return;
    lottie_layer_fx_t l = { .name = name, .stretch = 1 };
    json_get_number(layer, "st", &l.start);
    double sr = 1;
    if (json_get_number(layer, "sr", &sr) && isfinite(sr) && sr > 0)
        l.stretch = sr;
    if (!isfinite(l.start))
        l.start = 0;
    read_effects(layer, &l);
    double ty = -1;
    size_t capacity = 0;
    if (json_get_number(layer, "ty", &ty) && ty == 4)
        walk_shapes(json_get(layer, "shapes"), &l, &capacity, 0);
    /* A name seen before: the same layer drawn twice (a precomp used twice) is
     * fine only when nothing differs that the host draws. */
    for (size_t i = 0; i < fx->count; i++) {
        lottie_layer_fx_t *seen = &fx->layers[i];
        if (strcmp(seen->name, name) != 0)
            continue;
        if (draws_something(seen) || draws_something(&l) || !same_timing(seen, &l))
            seen->ambiguous = true;
        release_layer(&l);
        return;
    }
    if (fx->count == fx->capacity) {
        size_t grown = fx->capacity ? fx->capacity * 2 : 16;
        lottie_layer_fx_t *layers = realloc(fx->layers, grown * sizeof *layers);
        if (layers == NULL) {
            release_layer(&l);
            return;
        }
        fx->layers = layers;
        fx->capacity = grown;
    }
    fx->layers[fx->count++] = l;
}

static void add_list(lottie_effects_t *fx, const json_value_t *layers)
{
    for (uint32_t i = 0; layers != NULL && i < layers->count; i++)
        if (layers->as.items[i].type == JSON_OBJECT)
            add_layer(fx, &layers->as.items[i]);
}

lottie_effects_t *lottie_effects_read(const json_value_t *root)
{
    lottie_effects_t *fx = calloc(1, sizeof *fx);
    if (fx == NULL)
        return NULL;
    add_list(fx, json_get_typed(root, "layers", JSON_ARRAY));
    const json_value_t *assets = json_get_typed(root, "assets", JSON_ARRAY);
    for (uint32_t i = 0; assets != NULL && i < assets->count; i++)
        add_list(fx, json_get_typed(&assets->as.items[i], "layers", JSON_ARRAY));
    bool any = false;
    for (size_t i = 0; i < fx->count && !any; i++)
        any = !fx->layers[i].ambiguous && draws_something(&fx->layers[i]);
    /* The names point into the document, which goes after loading: copy them. */
    size_t total = 0;
    for (size_t i = 0; i < fx->count; i++)
        total += strlen(fx->layers[i].name) + 1;
    fx->names = any ? malloc(total ? total : 1) : NULL;
    if (fx->names == NULL) {
        lottie_effects_free(fx);
        return NULL;
    }
    char *p = fx->names;
    for (size_t i = 0; i < fx->count; i++) {
        size_t n = strlen(fx->layers[i].name) + 1;
        memcpy(p, fx->layers[i].name, n);
        fx->layers[i].name = p;
        p += n;
    }
    return fx;
}

void lottie_effects_free(lottie_effects_t *fx)
{
    if (fx == NULL)
        return;
    for (size_t i = 0; i < fx->count; i++)
        release_layer(&fx->layers[i]);
    free(fx->layers);
    free(fx->names);
    free(fx);
}

const lottie_layer_fx_t *lottie_effects_layer(const lottie_effects_t *fx, const char *name)
{
    if (fx == NULL || name == NULL)
        return NULL;
    for (size_t i = 0; i < fx->count; i++)
        if (strcmp(fx->layers[i].name, name) == 0)
            return fx->layers[i].ambiguous ? NULL : &fx->layers[i];
    return NULL;
}

double lottie_fx_local_frame(const lottie_layer_fx_t *l, double frame)
{
    return l == NULL ? frame : (frame - l->start) / l->stretch;
}

void lottie_fx_values(const lottie_layer_fx_t *l, double local, lottie_fx_values_t *out)
{
    memset(out, 0, sizeof *out);
    if (l == NULL)
        return;
    if (l->blur) {
        double b = value_at(&l->blurriness, local);
        out->blur_radius = isfinite(b) && b > 0 ? 0.6 * b : 0;
    }
    if (l->shadow) {
        double opacity = value_at(&l->opacity, local) / 255;
        double direction = value_at(&l->direction, local) * 3.14159265358979323846 / 180;
        double distance = value_at(&l->distance, local);
        double softness = value_at(&l->softness, local);
        if (isfinite(opacity) && isfinite(direction) && isfinite(distance) && isfinite(softness)) {
            out->shadow = true;
            for (int c = 0; c < 3; c++) {
                double v = value_at(&l->shadow_rgb[c], local);
                out->shadow_rgba[c] = isfinite(v) ? fmin(fmax(v, 0), 1) : 0;
            }
            out->shadow_rgba[3] = fmin(fmax(opacity, 0), 1);
            /* After Effects' direction: 0 degrees casts upward, clockwise from there. */
            out->shadow_dx = distance * sin(direction);
            out->shadow_dy = -distance * cos(direction);
            out->shadow_radius = fmax(softness, 0) / 2;
        }
    }
}

size_t lottie_fx_node_count(const lottie_layer_fx_t *l) { return l == NULL ? 0 : l->node_count; }

int lottie_fx_node_merge(const lottie_layer_fx_t *l, size_t i, size_t *paths)
{
    *paths = 0;
    if (l == NULL || i >= l->node_count)
        return LOTTIE_MERGE_NONE;
    /* rlottie lists the paint nodes back to front: the document's last first. */
    const node_t *n = &l->nodes[l->node_count - 1 - i];
    *paths = n->paths;
    return n->mode;
}

/*
 * lottie_file.c - see lottie_file.h.
 *
 * What "rlottie 0.1 does not draw" means here comes from its parser and
 * renderer (Samsung/rlottie tag v0.1, which Debian 12 ships): it skips text
 * layers, cameras and lights, expressions, 3D, effects, layer styles, blend
 * modes, merge paths, round corners and the other path modifiers it has no
 * case for, mask expansion and the lighten/darken mask modes, and it reads
 * image assets that are not embedded from disk by path. It also trusts
 * precomp references and parent links blindly: a precomp that contains
 * itself or two layers that parent each other recurse until the stack
 * overflows, so those are refused here before rlottie sees them.
 */
#define _XOPEN_SOURCE 700 /* strdup, strncasecmp */

#include "lottie_file.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const lottie_role_names[LOTTIE_SEGMENT_COUNT] = {
    "pull", "armed", "loop", "exit", "success", "failure",
};

/* Limits on what rlottie builds from a file: it copies each precomp's
 * layers into every layer that uses it, so a few nested precomps used many
 * times can make millions of layers out of a small file. */
#define LOTTIE_MAX_LAYERS 100000.0
#define LOTTIE_MAX_PRECOMP_DEPTH 64
#define LOTTIE_MAX_FRAMES 100000.0
#define LOTTIE_MAX_SIDE 4096.0
#define LOTTIE_MAX_FRAME_RATE 240.0
/* Longest names put in a message, in bytes. */
#define NAME_IN_MESSAGE 60

typedef struct {
    char *error;
    size_t size;
} checker_t;

static bool fail(checker_t *c, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vsnprintf(c->error, c->size, format, args);
    va_end(args);
    return false;
}

/* ---- strings for messages and descriptors -------------------------------- */

/* Copies at most `limit` bytes of `s` (cut at a character boundary), with
 * control characters as spaces and bytes that are not UTF-8 as '?': names
 * from a file go on one line of a message or a descriptor. */
static void clean_copy(char *out, size_t out_size, const char *s, size_t limit)
{
    size_t n = 0;
    if (limit >= out_size)
        limit = out_size - 1;
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        size_t len = rhc_utf8_char(p, SIZE_MAX);
        if (n + (len ? len : 1) > limit)
            break;
        if (len == 0) {
            out[n++] = '?';
            p++;
        } else if (len == 1) {
            out[n++] = (*p < 0x20 || *p == 0x7F) ? ' ' : (char)*p;
            p++;
        } else {
            memcpy(out + n, p, len);
            n += len;
            p += len;
        }
    }
    out[n] = '\0';
}

/* A quoted name for a message: "Box". */
static const char *quoted(char *buffer, size_t size, const char *name)
{
    char clean[NAME_IN_MESSAGE + 1];
    clean_copy(clean, sizeof clean, name, NAME_IN_MESSAGE);
    snprintf(buffer, size, "\"%s\"", clean);
    return buffer;
}

static bool has_control(const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        if (*p < 0x20 || *p == 0x7F)
            return true;
    return false;
}

static char *copy_string(const char *s)
{
    return s ? strdup(s) : NULL;
}

/* ---- the composition ----------------------------------------------------- */

typedef struct {
    const char *key;
    const char *meaning;
} field_t;

static const field_t required_fields[] = {
    { "v", "the Bodymovin version" }, { "fr", "the frame rate" }, { "ip", "the first frame" },
    { "op", "the end frame" },        { "w", "the width" },       { "h", "the height" },
    { "layers", "the layers" },
};
#define REQUIRED_COUNT (sizeof required_fields / sizeof required_fields[0])

static bool check_composition(checker_t *c, const json_value_t *root, lottie_file_t *file)
{
    if (root->type != JSON_OBJECT)
        return fail(c, "not a Lottie animation: the file holds %s, not an object", json_type_name(root->type));
    /* Name every missing key at once: a file with none is not Lottie. */
    const field_t *missing[REQUIRED_COUNT];
    size_t missing_count = 0;
    for (size_t i = 0; i < REQUIRED_COUNT; i++)
        if (json_get(root, required_fields[i].key) == NULL)
            missing[missing_count++] = &required_fields[i];
    if (missing_count == 1)
        return fail(c, "not a Lottie animation: it has no \"%s\" (%s)", missing[0]->key, missing[0]->meaning);
    if (missing_count > 1) {
        char list[120] = "";
        for (size_t i = 0; i + 1 < missing_count; i++) {
            size_t at = strlen(list);
            snprintf(list + at, sizeof list - at, "%s\"%s\"", i ? ", " : "", missing[i]->key);
        }
        return fail(c, "not a Lottie animation: it has no %s or \"%s\"", list, missing[missing_count - 1]->key);
    }

    const json_value_t *v = json_get(root, "v");
    if (v->type != JSON_STRING || v->count == 0)
        return fail(c, "not a Lottie animation: \"v\" (the Bodymovin version) is %s, not a version string",
                    v->type == JSON_STRING ? "empty" : json_type_name(v->type));
    for (size_t i = 1; i < 6; i++) { /* fr, ip, op, w, h */
        const json_value_t *n = json_get(root, required_fields[i].key);
        if (n->type != JSON_NUMBER)
            return fail(c, "not a Lottie animation: \"%s\" (%s) is %s, not a number", required_fields[i].key,
                        required_fields[i].meaning, json_type_name(n->type));
    }
    double fr = json_get(root, "fr")->as.number;
    double ip = json_get(root, "ip")->as.number;
    double op = json_get(root, "op")->as.number;
    double w = json_get(root, "w")->as.number;
    double h = json_get(root, "h")->as.number;
    if (!(fr > 0 && fr <= LOTTIE_MAX_FRAME_RATE))
        return fail(c, "\"fr\" (the frame rate) is %g; it must be above 0 and at most %g", fr, LOTTIE_MAX_FRAME_RATE);
    if (fabs(ip) > 1e9 || fabs(op) > 1e9 || !(ip < op))
        return fail(c, "\"ip\" (the first frame) is %g and \"op\" (the end frame) is %g: \"ip\" must come first", ip,
                    op);
    if (ip < 0)
        return fail(c, "\"ip\" (the first frame) is %g; rlottie draws no frame before 0: start the animation at 0 or "
                       "later", ip);
    if (op - ip > LOTTIE_MAX_FRAMES)
        return fail(c, "the animation is %g frames long; it may be at most %g", op - ip, LOTTIE_MAX_FRAMES);
    if (!(w >= 1 && w <= LOTTIE_MAX_SIDE && w == floor(w)))
        return fail(c, "\"w\" (the width) is %g; it must be a whole number from 1 to %g", w, LOTTIE_MAX_SIDE);
    if (!(h >= 1 && h <= LOTTIE_MAX_SIDE && h == floor(h)))
        return fail(c, "\"h\" (the height) is %g; it must be a whole number from 1 to %g", h, LOTTIE_MAX_SIDE);
    const json_value_t *layers = json_get(root, "layers");
    if (layers->type != JSON_ARRAY)
        return fail(c, "not a Lottie animation: \"layers\" is %s, not a list", json_type_name(layers->type));
    if (layers->count == 0)
        return fail(c, "\"layers\" is empty: there is nothing to draw");

    file->frame_rate = fr;
    file->first_frame = lround(ip);
    file->end_frame = lround(op);
    if (file->end_frame <= file->first_frame)
        return fail(c, "\"ip\" (%g) and \"op\" (%g) leave no whole frame to show", ip, op);
    /* rlottie numbers frames from its start frame, a double it truncates. */
    file->rlottie_start = (long)ip;
    file->width = w;
    file->height = h;
    return true;
}

/* ---- markers ------------------------------------------------------------- */

static int role_of(const char *name)
{
    for (int r = 0; r < LOTTIE_SEGMENT_COUNT; r++)
        if (strcmp(name, lottie_role_names[r]) == 0)
            return r;
    return -1;
}

/* The role a name was probably meant to be ("Loop", " pull"), or -1. */
static int role_like(const char *name)
{
    char folded[16];
    while (*name == ' ' || *name == '\t' || *name == '_' || *name == '-')
        name++;
    size_t n = 0;
    for (; *name && n + 1 < sizeof folded; name++)
        folded[n++] = (char)tolower((unsigned char)*name);
    while (n > 0 && (folded[n - 1] == ' ' || folded[n - 1] == '\t'))
        n--;
    folded[n] = '\0';
    if (*name)
        return -1; /* too long to be one of ours */
    return role_of(folded);
}

static bool check_markers(checker_t *c, const json_value_t *root, lottie_file_t *file)
{
    lottie_segment_t *seg = file->segments;
    memset(file->segments, 0, sizeof file->segments);
    const json_value_t *markers = json_get(root, "markers");
    size_t count = 0;
    if (markers != NULL && markers->type != JSON_NULL) {
        if (markers->type != JSON_ARRAY)
            return fail(c, "\"markers\" is %s, not a list", json_type_name(markers->type));
        count = markers->count;
    }
    bool ours = false;
    const char *lookalike = NULL;
    int lookalike_role = -1;
    for (size_t i = 0; i < count; i++) {
        const json_value_t *m = &markers->as.items[i];
        if (m->type != JSON_OBJECT)
            return fail(c, "marker %zu is %s, not an object", i + 1, json_type_name(m->type));
        const char *name = json_get_string(m, "cm");
        if (name == NULL || name[0] == '\0')
            return fail(c, "marker %zu has no name (\"cm\")", i + 1);
        int role = role_of(name);
        if (role < 0) {
            int like = role_like(name);
            if (like >= 0 && lookalike == NULL) {
                lookalike = name;
                lookalike_role = like;
            }
            continue;
        }
        ours = true;
        double tm, dr;
        if (!json_get_number(m, "tm", &tm))
            return fail(c, "marker \"%s\" has no start frame (\"tm\")", name);
        if (!json_get_number(m, "dr", &dr))
            return fail(c, "marker \"%s\" has no duration (\"dr\")", name);
        if (fabs(tm) > 1e9 || fabs(dr) > 1e9)
            return fail(c, "marker \"%s\" starts at frame %g and lasts %g frames: outside the animation", name, tm, dr);
        long start = lround(tm), frames = lround(dr);
        if (frames < 1)
            return fail(c, "marker \"%s\" lasts %g frames; it must last at least 1 frame", name, dr);
        if (seg[role].present)
            return fail(c, "marker \"%s\" is there twice (at frames %ld and %ld): each name may be used once", name,
                        seg[role].start, start);
        if (start < file->first_frame)
            return fail(c, "marker \"%s\" starts at frame %ld, before the animation's first frame %ld", name, start,
                        file->first_frame);
        if (start + frames > file->end_frame)
            return fail(c, "marker \"%s\" ends at frame %ld, after the animation's last frame %ld", name,
                        start + frames - 1, file->end_frame - 1);
        seg[role] = (lottie_segment_t){ .present = true, .start = start, .count = frames };
    }
    if (count > 0 && !ours) {
        /* Markers, but none of ours: most likely named for another player. */
        char list[300] = "";
        size_t shown = 0;
        for (size_t i = 0; i < count; i++) {
            char q[NAME_IN_MESSAGE + 4];
            const char *name = json_get_string(&markers->as.items[i], "cm");
            if (shown == 5) {
                size_t at = strlen(list);
                snprintf(list + at, sizeof list - at, " and %zu more", count - shown);
                break;
            }
            size_t at = strlen(list);
            snprintf(list + at, sizeof list - at, "%s%s", shown ? ", " : "", quoted(q, sizeof q, name));
            shown++;
        }
        if (count == 1)
            return fail(c, "marker %s is not a RefreshHost marker: name it pull, armed, loop, exit, success or "
                           "failure (see docs/designers.md)", list);
        return fail(c, "markers %s are not RefreshHost markers: name them pull, armed, loop, exit, success, failure "
                       "(see docs/designers.md)", list);
    }
    if (lookalike != NULL) {
        char q[NAME_IN_MESSAGE + 4];
        return fail(c, "marker %s looks like \"%s\": marker names are exactly pull, armed, loop, exit, success, "
                       "failure, in lowercase", quoted(q, sizeof q, lookalike), lottie_role_names[lookalike_role]);
    }

    /* The defaults (docs/designers.md): no loop, the whole animation loops;
     * no pull, the pull scrubs the first half of the loop. */
    if (!seg[LOTTIE_LOOP].present)
        seg[LOTTIE_LOOP] = (lottie_segment_t){ .present = true, .start = file->first_frame,
                                               .count = file->end_frame - file->first_frame };
    if (!seg[LOTTIE_PULL].present) {
        long half = seg[LOTTIE_LOOP].count / 2;
        seg[LOTTIE_PULL] = (lottie_segment_t){ .present = true, .start = seg[LOTTIE_LOOP].start,
                                               .count = half > 0 ? half : 1 };
    }
    double loop_seconds = seg[LOTTIE_LOOP].count / file->frame_rate;
    if (loop_seconds > LOTTIE_MAX_LOOP_SECONDS)
        return fail(c, "the loop lasts %.1f s (%ld frames at %g fps); a loop may last at most %g s: mark a shorter "
                       "\"loop\"", loop_seconds, seg[LOTTIE_LOOP].count, file->frame_rate, LOTTIE_MAX_LOOP_SECONDS);
    for (int r = LOTTIE_EXIT; r <= LOTTIE_FAILURE; r++) {
        double seconds = seg[r].count / file->frame_rate;
        if (seg[r].present && seconds > LOTTIE_MAX_ENDING_SECONDS)
            return fail(c, "marker \"%s\" lasts %.1f s; an ending may last at most %g s (the host stops waiting then)",
                        lottie_role_names[r], seconds, LOTTIE_MAX_ENDING_SECONDS);
    }
    file->cycle_duration = loop_seconds < RH_MIN_CYCLE_DURATION ? RH_MIN_CYCLE_DURATION : loop_seconds;
    return true;
}

/* ---- features rlottie does not draw -------------------------------------- */

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

static void refuse_shapes(features_t *f, const char *label, const char *what)
{
    if (f->shapes_refusal != NULL && f->shapes_refusal[0] == '\0')
        snprintf(f->shapes_refusal, f->shapes_refusal_size, "%s %s", label, what);
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
static const char *id_text(const json_value_t *v, char number[32])
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

static asset_entry_t *find_asset(features_t *f, const char *id)
{
    asset_entry_t key = { .text = id };
    return f->assets ? bsearch(&key, f->assets, f->asset_count, sizeof key, by_id_only) : NULL;
}

/* "layer "Box"" or "layer 3", and " (in precomp "comp_0")". */
static const char *layer_label(char *out, size_t size, const json_value_t *layer, size_t index, const char *precomp)
{
    const char *nm = json_get_string(layer, "nm");
    char name[NAME_IN_MESSAGE + 4], comp[NAME_IN_MESSAGE + 4];
    if (nm != NULL && nm[0] != '\0')
        snprintf(out, size, "layer %s", quoted(name, sizeof name, nm));
    else
        snprintf(out, size, "layer %zu", index + 1);
    if (precomp != NULL) {
        size_t at = strlen(out);
        snprintf(out + at, size - at, " (in precomp %s)", quoted(comp, sizeof comp, precomp));
    }
    return out;
}

static bool is_true(const json_value_t *v)
{
    return v != NULL && (v->type == JSON_TRUE || (v->type == JSON_NUMBER && v->as.number != 0));
}

static bool integer_of(const json_value_t *object, const char *key, long *out)
{
    double d;
    if (!json_get_number(object, key, &d) || fabs(d) > 1e15)
        return false;
    *out = (long)d;
    return true;
}

/* Where an expression was found, for the message. */
typedef struct {
    const char *key;   /* the property's key */
    const char *owner; /* the nearest enclosing "nm" */
    const char *owner_type; /* that object's "ty", when a string */
    bool transform;    /* inside a layer's "ks" or a group's transform */
} where_t;

/* After Effects' name for a property, from its key and the type ("ty")
 * of the object that holds it; NULL when there is no good one. */
static const char *property_name(const char *owner_type, const char *key, bool transform)
{
    typedef struct {
        const char *types; /* space-separated owner types; "" for transforms */
        const char *key;
        const char *name;
    } property_t;
    static const property_t names[] = {
        { "", "a", "Anchor Point" },   { "", "p", "Position" },      { "", "s", "Scale" },
        { "", "r", "Rotation" },       { "", "o", "Opacity" },       { "", "sk", "Skew" },
        { "", "sa", "Skew Axis" },     { "", "px", "X Position" },   { "", "py", "Y Position" },
        { "", "rx", "X Rotation" },    { "", "ry", "Y Rotation" },   { "", "rz", "Z Rotation" },
        { "", "x", "X Position" },     { "", "y", "Y Position" },
        { "fl st gf gs", "c", "Color" }, { "fl st gf gs", "o", "Opacity" }, { "st gs", "w", "Stroke Width" },
        { "gf gs", "s", "Start Point" }, { "gf gs", "e", "End Point" }, { "gf gs", "g", "Colors" },
        { "rc el sr", "p", "Position" }, { "rc el", "s", "Size" },   { "rc", "r", "Roundness" },
        { "sr", "r", "Rotation" },     { "sr", "pt", "Points" },     { "sr", "ir", "Inner Radius" },
        { "sr", "or", "Outer Radius" }, { "sr", "is", "Inner Roundness" }, { "sr", "os", "Outer Roundness" },
        { "sh", "ks", "Path" },        { "tm", "s", "Start" },       { "tm", "e", "End" },
        { "tm", "o", "Offset" },       { "rp", "c", "Copies" },      { "rp", "o", "Offset" },
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const property_t *n = &names[i];
        if (strcmp(n->key, key) != 0)
            continue;
        if (n->types[0] == '\0') {
            if (transform)
                return n->name;
            continue;
        }
        if (transform || owner_type == NULL)
            continue;
        size_t len = strlen(owner_type);
        for (const char *t = n->types; *t;) {
            const char *end = strchr(t, ' ');
            size_t tl = end ? (size_t)(end - t) : strlen(t);
            if (tl == len && strncmp(t, owner_type, len) == 0)
                return n->name;
            t += tl + (end ? 1 : 0);
        }
    }
    return NULL;
}

/* Finds an animated property carrying an expression (an "x" string). */
static bool find_expression(const json_value_t *v, where_t here, where_t *found, int depth)
{
    if (depth > JSON_MAX_DEPTH)
        return false;
    if (v->type == JSON_ARRAY) {
        for (uint32_t i = 0; i < v->count; i++)
            if (find_expression(&v->as.items[i], here, found, depth + 1))
                return true;
        return false;
    }
    if (v->type != JSON_OBJECT)
        return false;
    const json_value_t *x = json_get(v, "x");
    if (x != NULL && x->type == JSON_STRING) {
        *found = here;
        return true;
    }
    const char *nm = json_get_string(v, "nm");
    const char *ty = json_get_string(v, "ty");
    where_t inner = here;
    bool group_transform = ty != NULL && strcmp(ty, "tr") == 0;
    /* The layer's own name is in the message already; a group's transform
     * belongs to the group, whose name is kept. */
    if (depth > 0 && !group_transform && (nm != NULL || ty != NULL)) {
        inner.owner = nm;
        inner.owner_type = ty;
        inner.transform = false;
    }
    if (group_transform)
        inner.transform = true;
    for (uint32_t i = 0; i < v->count; i++) {
        const json_member_t *m = &v->as.members[i];
        where_t next = inner;
        next.key = m->key;
        if (depth == 0 && strcmp(m->key, "ks") == 0 && !here.transform)
            next.transform = true;
        if (find_expression(&m->value, next, found, depth + 1))
            return true;
    }
    return false;
}

/* `v` is a layer, or (transform true) a layer's "ks" alone. */
static bool check_expressions(features_t *f, const json_value_t *v, const char *label, bool transform)
{
    where_t found = { 0 };
    if (!find_expression(v, (where_t){ .transform = transform }, &found, 0))
        return true;
    char property[200];
    char q[NAME_IN_MESSAGE + 4], q2[NAME_IN_MESSAGE + 4];
    const char *known = found.key ? property_name(found.owner_type, found.key, found.transform) : NULL;
    if (found.key != NULL && strcmp(found.key, "tm") == 0 && found.owner == NULL)
        snprintf(property, sizeof property, "on its Time Remap");
    else if (known != NULL && found.owner != NULL)
        snprintf(property, sizeof property, "on the %s of %s", known, quoted(q, sizeof q, found.owner));
    else if (known != NULL)
        snprintf(property, sizeof property, "on its %s", known);
    else if (found.owner != NULL && found.key != NULL)
        snprintf(property, sizeof property, "on property %s of %s", quoted(q, sizeof q, found.key),
                 quoted(q2, sizeof q2, found.owner));
    else
        snprintf(property, sizeof property, "on property %s", quoted(q, sizeof q, found.key ? found.key : "?"));
    return fail(f->c, "%s has an expression %s, which rlottie does not run: convert it to keyframes before "
                      "exporting", label, property);
}

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
    static const char *const ok[] = { "gr", "rc", "el", "tr", "fl", "st", "gf", "gs", "sh", "sr", "tm", "rp" };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
        if (strcmp(ty, ok[i]) == 0)
            return true;
    return false;
}

static bool check_shapes(features_t *f, const json_value_t *items, const char *label, int depth)
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
        char q[NAME_IN_MESSAGE + 4], q2[NAME_IN_MESSAGE + 4];
        if (ty == NULL)
            continue; /* rlottie ignores an item with no type; it draws nothing */
        if (!supported_shape(ty)) {
            const char *kind = shape_kind(ty);
            char what[80];
            if (kind != NULL)
                snprintf(what, sizeof what, "a %s", kind);
            else
                snprintf(what, sizeof what, "a shape of type %s", quoted(q2, sizeof q2, ty));
            if (nm != NULL)
                return fail(f->c, "%s: %s is %s, which rlottie does not draw", label, quoted(q, sizeof q, nm), what);
            return fail(f->c, "%s has %s, which rlottie does not draw", label, what);
        }
        long bm = 0;
        if (integer_of(item, "bm", &bm) && bm != 0)
            return fail(f->c, "%s: %s uses the blend mode %s, which rlottie does not draw (it draws Normal)", label,
                        quoted(q, sizeof q, nm ? nm : ty), blend_mode_name(bm));
        if (strcmp(ty, "gr") == 0 && !check_shapes(f, json_get(item, "it"), label, depth + 1))
            return false;
    }
    return true;
}

static bool check_masks(features_t *f, const json_value_t *masks, const char *label)
{
    if (masks == NULL || masks->type != JSON_ARRAY)
        return true;
    for (uint32_t i = 0; i < masks->count; i++) {
        const json_value_t *mask = &masks->as.items[i];
        const char *mode = json_get_string(mask, "mode");
        const char *nm = json_get_string(mask, "nm");
        char q[NAME_IN_MESSAGE + 4], index[24];
        snprintf(index, sizeof index, "%u", i + 1);
        const char *name = nm ? quoted(q, sizeof q, nm) : index;
        if (mode != NULL && strcmp(mode, "a") != 0 && strcmp(mode, "s") != 0 && strcmp(mode, "i") != 0 &&
            strcmp(mode, "f") != 0 && strcmp(mode, "n") != 0) {
            const char *what = strcmp(mode, "l") == 0 ? "Lighten" : strcmp(mode, "d") == 0 ? "Darken" : mode;
            return fail(f->c, "%s: mask %s is in %s mode, which rlottie does not draw", label, name, what);
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
            if (animated || (k != NULL && k->type == JSON_NUMBER && k->as.number != 0))
                return fail(f->c, "%s: mask %s has an expansion, which rlottie does not draw", label, name);
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
                      layer_label(label, sizeof label, &layers->as.items[at], (size_t)at, precomp));
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
    layer_label(label, sizeof label, layer, index, precomp);
    const json_value_t *ty_value = json_get(layer, "ty");
    if (ty_value == NULL || ty_value->type != JSON_NUMBER)
        return fail(f->c, "%s has no layer type (\"ty\")", label);
    long ty = (long)ty_value->as.number;
    bool hidden = is_true(json_get(layer, "hd"));
    if (hidden) {
        /* rlottie keeps a hidden layer only as a parent: its transform. */
        const json_value_t *ks = json_get(layer, "ks");
        return ks == NULL || check_expressions(f, ks, label, true);
    }
    const char *kind = layer_kind(ty);
    if (ty == 5)
        return fail(f->c, "%s is a text layer, which rlottie does not draw: convert the text to shapes (After "
                          "Effects: Layer > Create > Create Shapes from Text)", label);
    if (kind != NULL)
        return fail(f->c, "%s is %s, which rlottie does not draw", label, kind);
    if (ty < 0 || ty > 15)
        return fail(f->c, "%s has the unknown layer type %ld", label, ty);
    long ddd = 0;
    if (integer_of(layer, "ddd", &ddd) && ddd != 0)
        return fail(f->c, "%s is a 3D layer (\"ddd\": 1), which rlottie does not draw in 3D: turn 3D off for it",
                    label);
    long bm = 0;
    if (integer_of(layer, "bm", &bm) && bm != 0)
        return fail(f->c, "%s uses the blend mode %s, which rlottie does not draw (it draws Normal)", label,
                    blend_mode_name(bm));
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
        const char *nm = json_get_string(e, "nm");
        return fail(f->c, "%s has the effect %s, which rlottie does not draw", label,
                    nm ? quoted(q, sizeof q, nm) : effect_name(ety));
    }
    const json_value_t *styles = json_get_typed(layer, "sy", JSON_ARRAY);
    if (styles != NULL && styles->count > 0) {
        const json_value_t *s = &styles->as.items[0];
        const char *nm = json_get_string(s, "nm");
        long sty = -1;
        integer_of(s, "ty", &sty);
        return fail(f->c, "%s has the layer style %s, which rlottie does not draw", label,
                    nm ? quoted(q, sizeof q, nm) : layer_style_name(sty));
    }
    long tt = 0;
    if (integer_of(layer, "tt", &tt) && (tt < 0 || tt > 4))
        return fail(f->c, "%s uses the track matte mode %ld, which rlottie does not draw", label, tt);
    long tp;
    if (integer_of(layer, "tp", &tp)) {
        /* Newer exporters name the matte layer; rlottie 0.1 always takes
         * the layer right above. */
        long above_ind;
        if (index == 0 || !integer_of(&layers->as.items[index - 1], "ind", &above_ind) || above_ind != tp)
            return fail(f->c, "%s takes its matte from layer %ld, which is not the layer right above it; rlottie "
                              "uses the layer above: move the matte layer there", label, tp);
    }
    if (!check_masks(f, json_get(layer, "masksProperties"), label))
        return false;
    if (ty == 4 && !check_shapes(f, json_get(layer, "shapes"), label, 0))
        return false;
    if (ty == 0 || ty == 2) {
        char number[32];
        const char *id = id_text(json_get(layer, "refId"), number);
        if (id == NULL)
            return fail(f->c, "%s has no \"refId\" (the %s it shows)", label, ty == 0 ? "precomp" : "image");
        asset_entry_t *a = find_asset(f, id);
        bool right_kind = a != NULL && (ty == 0 ? json_get_typed(a->asset, "layers", JSON_ARRAY) != NULL
                                                : json_get_typed(a->asset, "p", JSON_STRING) != NULL);
        if (!right_kind)
            return fail(f->c, "%s shows the %s %s, which is not in \"assets\"", label, ty == 0 ? "precomp" : "image",
                        quoted(q, sizeof q, id));
    }
    return check_expressions(f, layer, label, false);
}

static bool check_layer_list(features_t *f, const json_value_t *layers, const char *precomp)
{
    for (uint32_t i = 0; i < layers->count; i++)
        if (!check_layer(f, layers, i, precomp))
            return false;
    return check_parents(f, layers, precomp);
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
            const char *ref = id_text(json_get(&list->as.items[i], "refId"), number);
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
        char kind[40];
        const char *comma = strchr(p, ',');
        size_t n = comma ? (size_t)(comma - p - 5) : 20;
        snprintf(kind, sizeof kind, "%.*s", (int)(n < 30 ? n : 30), p + 5);
        char q[NAME_IN_MESSAGE + 4], q2[NAME_IN_MESSAGE + 4];
        return fail(f->c, "the image %s is embedded as %s; rlottie draws only base64 PNG and JPEG images",
                    quoted(q, sizeof q, id), quoted(q2, sizeof q2, kind));
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
        snprintf(where, sizeof where, "%s shows", layer_label(label, sizeof label, layer, 0, precomp));
    else
        snprintf(where, sizeof where, "the asset %s is", quoted(q, sizeof q, id));
    char qf[NAME_IN_MESSAGE + 4];
    return fail(f->c, "%s the image %s, a separate file: embed images in the JSON (Bodymovin: Assets > Include in "
                      "json)", where, quoted(qf, sizeof qf, file));
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
        const char *id = integer_of(layer, "ty", &ty) && ty == 0 ? id_text(json_get(layer, "refId"), number) : NULL;
        if (id == NULL)
            continue;
        asset_entry_t *a = find_asset(f, id);
        if (a == NULL)
            continue;
        const json_value_t *inner = json_get_typed(a->asset, "layers", JSON_ARRAY);
        if (inner == NULL)
            continue;
        char q[NAME_IN_MESSAGE + 4];
        if (a->state == 1)
            return fail(f->c, "the precomp %s contains itself: rlottie would never finish drawing it",
                        quoted(q, sizeof q, id));
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

static bool check_features(checker_t *c, const json_value_t *root, lottie_file_t *file)
{
    file->shapes_refusal[0] = '\0';
    features_t f = { .c = c, .shapes_refusal = file->shapes_refusal,
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
            const char *id = id_text(json_get(a, "id"), e->number);
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
        ok = check_layer_list(&f, layers, NULL);
    for (size_t i = 0; ok && i < f.asset_count; i++) {
        const json_value_t *inner = json_get_typed(f.assets[i].asset, "layers", JSON_ARRAY);
        if (inner != NULL)
            ok = check_layer_list(&f, inner, entry_id(&f.assets[i]));
    }
    double total = 0;
    if (ok)
        ok = expand(&f, layers, 0, &total);
    free(f.assets);
    return ok;
}

/* ---- the descriptor's values --------------------------------------------- */

/* A refreshHost string field: absent (NULL, true), or a clean string. */
static bool host_string(checker_t *c, const json_value_t *host, const char *key, size_t limit, const char **out)
{
    *out = NULL;
    const json_value_t *v = json_get(host, key);
    if (v == NULL)
        return true;
    if (v->type != JSON_STRING)
        return fail(c, "refreshHost.%s is %s, not a string", key, json_type_name(v->type));
    if (v->count == 0)
        return fail(c, "refreshHost.%s is empty", key);
    if (v->count > limit)
        return fail(c, "refreshHost.%s is %u bytes long; it may be at most %zu", key, v->count, limit);
    if (has_control(v->as.string))
        return fail(c, "refreshHost.%s has a control character (a line break, a tab)", key);
    *out = v->as.string;
    return true;
}

static bool check_descriptor(checker_t *c, const json_value_t *root, const char *file_name, lottie_file_t *file)
{
    static const char *const keys[] = { "id", "name", "version", "vendor", "description", "height", "drawing" };
    const json_value_t *host = json_get(root, "refreshHost");
    if (host != NULL && host->type != JSON_OBJECT)
        return fail(c, "\"refreshHost\" is %s, not an object", json_type_name(host->type));
    for (uint32_t i = 0; host && i < host->count; i++) {
        bool known = false;
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
            known = known || strcmp(host->as.members[i].key, keys[k]) == 0;
        char q[NAME_IN_MESSAGE + 4];
        if (!known)
            return fail(c, "refreshHost has the unknown key %s: its keys are id, name, version, vendor, "
                           "description, height and drawing", quoted(q, sizeof q, host->as.members[i].key));
    }
    const char *id = NULL, *name = NULL, *version = NULL, *vendor = NULL, *description = NULL;
    if (!host_string(c, host, "id", 255, &id) || !host_string(c, host, "name", 64, &name) ||
        !host_string(c, host, "version", 32, &version) || !host_string(c, host, "vendor", 255, &vendor) ||
        !host_string(c, host, "description", 512, &description))
        return false;
    char q[NAME_IN_MESSAGE + 4];
    /* A short id ("bloom") is put under "lottie.", as a file name is; one
     * with dots is the designer's own reverse-DNS id and is kept. */
    char short_id[300];
    if (id != NULL && strchr(id, '.') == NULL) {
        snprintf(short_id, sizeof short_id, "lottie.%s", id);
        if (!rhc_is_reverse_dns(short_id))
            return fail(c, "refreshHost.id %s may hold only letters, digits, '-' and '_' (or be reverse-DNS, like "
                           "com.example.spinner)", quoted(q, sizeof q, id));
        id = short_id;
    }
    if (id != NULL && !rhc_is_reverse_dns(id))
        return fail(c, "refreshHost.id %s is not reverse-DNS (like com.example.spinner: letters, digits, '-' and "
                       "'_' in two or more parts joined by dots)", quoted(q, sizeof q, id));
    const char *drawing = NULL;
    if (!host_string(c, host, "drawing", 16, &drawing))
        return false;
    if (drawing != NULL && strcmp(drawing, "shapes") != 0 && strcmp(drawing, "pixels") != 0)
        return fail(c, "refreshHost.drawing is %s; it is \"shapes\" or \"pixels\"", quoted(q, sizeof q, drawing));
    file->pixels_only = drawing != NULL && strcmp(drawing, "pixels") == 0;
    const json_value_t *height = json_get(host, "height");
    if (height != NULL && height->type != JSON_NUMBER)
        return fail(c, "refreshHost.height is %s, not a number", json_type_name(height->type));
    if (height != NULL && !(height->as.number > 1 && height->as.number <= 1000))
        return fail(c, "refreshHost.height is %g; it must be above 1 and at most 1000 (points)", height->as.number);

    /* The stem: the file name without ".json". */
    char stem[256];
    clean_copy(stem, sizeof stem, file_name, sizeof stem - 1);
    size_t sn = strlen(stem);
    if (sn > 5 && stem[sn - 5] == '.' && tolower((unsigned char)stem[sn - 4]) == 'j' &&
        tolower((unsigned char)stem[sn - 3]) == 's' && tolower((unsigned char)stem[sn - 2]) == 'o' &&
        tolower((unsigned char)stem[sn - 1]) == 'n')
        stem[sn - 5] = '\0';

    char fallback_name[65], fallback_vendor[256], fallback_description[513];
    if (name == NULL) {
        const char *nm = json_get_string(root, "nm");
        clean_copy(fallback_name, sizeof fallback_name, nm ? nm : "", 64);
        /* Trim spaces a control character became. */
        size_t n = strlen(fallback_name);
        while (n > 0 && fallback_name[n - 1] == ' ')
            fallback_name[--n] = '\0';
        char *start = fallback_name;
        while (*start == ' ')
            start++;
        if (*start == '\0')
            clean_copy(fallback_name, sizeof fallback_name, stem, 64);
        else
            memmove(fallback_name, start, strlen(start) + 1);
        if (fallback_name[0] == '\0')
            snprintf(fallback_name, sizeof fallback_name, "Lottie");
        name = fallback_name;
    }
    if (vendor == NULL) {
        const char *author = json_get_string(json_get(root, "meta"), "a");
        if (author != NULL && author[0] != '\0') {
            clean_copy(fallback_vendor, sizeof fallback_vendor, author, 255);
            vendor = fallback_vendor;
        }
    }
    if (description == NULL) {
        char clean_file[400];
        clean_copy(clean_file, sizeof clean_file, file_name, 255);
        snprintf(fallback_description, sizeof fallback_description, "Lottie animation from %s", clean_file);
        description = fallback_description;
    }
    /* "lottie." + the stem when the file names no id. */
    rhc_style_strings_t *strings = &file->strings;
    strings->id = id ? strdup(id) : rhc_id_from_name("lottie.", stem, "animation");
    strings->name = strdup(name);
    strings->version = strdup(version ? version : "1.0.0");
    strings->vendor = copy_string(vendor);
    strings->description = strdup(description);
    if (strings->id == NULL || strings->name == NULL || strings->version == NULL || strings->description == NULL ||
        (vendor != NULL && strings->vendor == NULL))
        return fail(c, "out of memory");
    if (height != NULL) {
        file->style_height = height->as.number;
    } else {
        /* The animation's own height, within what a header shows. */
        double h = file->height;
        file->style_height = h > LOTTIE_DEFAULT_MAX_HEIGHT ? LOTTIE_DEFAULT_MAX_HEIGHT : h < 2 ? 2 : h;
    }
    return true;
}

/* ---- together ------------------------------------------------------------ */

bool lottie_file_check(const json_value_t *root, const char *file_name, lottie_file_t *file, char *error,
                       size_t error_size)
{
    checker_t c = { .error = error, .size = error_size };
    memset(file, 0, sizeof *file);
    bool ok = check_composition(&c, root, file) && check_markers(&c, root, file) && check_features(&c, root, file) &&
              check_descriptor(&c, root, file_name, file);
    if (!ok)
        lottie_file_release(file);
    return ok;
}

void lottie_file_release(lottie_file_t *file)
{
    rhc_style_strings_free(&file->strings);
}

/* FNV-1a: tells rlottie's model cache (keyed by our key) that changed
 * bytes are a different model, so a file edited while the host runs is not
 * served from the cache as it was. */
static uint64_t fingerprint(const char *bytes, size_t length)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < length; i++) {
        h ^= (unsigned char)bytes[i];
        h *= 1099511628211ull;
    }
    return h;
}

bool lottie_file_load(const lottie_source_t *source, lottie_file_t *file, Lottie_Animation **animation,
                      char *error, size_t error_size)
{
    char name[NAME_IN_MESSAGE * 2];
    clean_copy(name, sizeof name, source->file_name, sizeof name - 1);
    memset(file, 0, sizeof *file);
    if (animation != NULL)
        *animation = NULL;
    if (source->error[0] != '\0') {
        snprintf(error, error_size, "%s", source->error);
        return false;
    }
    /* The host shows the path (the descriptor's source) as UTF-8. */
    if (!rhc_is_utf8(source->path, strlen(source->path))) {
        snprintf(error, error_size, "%s: the file's name is not valid UTF-8: rename it", name);
        return false;
    }
    char reason[RH_REASON_MAX];
    size_t length = 0;
    char *bytes = lottie_read_source(source, &length, reason, sizeof reason);
    if (bytes == NULL) {
        snprintf(error, error_size, "%s: %s", name, reason);
        return false;
    }
    char where[JSON_ERROR_MAX + 32];
    json_document_t *doc = json_parse(bytes, length, where, sizeof where);
    if (doc == NULL) {
        snprintf(error, error_size, "%s: not JSON: %s", name, where);
        free(bytes);
        return false;
    }
    bool ok = lottie_file_check(json_root(doc), source->file_name, file, reason, sizeof reason);
    json_free(doc);
    if (!ok) {
        snprintf(error, error_size, "%s: %s", name, reason);
        free(bytes);
        return false;
    }
    /* rlottie gets the bytes (after a byte-order mark, which its reader
     * does not skip), never a path to open. */
    const char *data = bytes;
    if (length >= 3 && memcmp(bytes, "\xEF\xBB\xBF", 3) == 0)
        data += 3;
    size_t key_size = strlen(source->path) + 32;
    char *key = malloc(key_size);
    Lottie_Animation *anim = NULL;
    if (key != NULL) {
        snprintf(key, key_size, "%s#%016llx", source->path, (unsigned long long)fingerprint(bytes, length));
        anim = lottie_animation_from_data(data, key, source->folder);
        free(key);
    }
    free(bytes);
    if (anim == NULL) {
        snprintf(error, error_size, "%s: rlottie could not read it", name);
        lottie_file_release(file);
        return false;
    }
    if (lottie_animation_get_totalframe(anim) == 0) {
        snprintf(error, error_size, "%s: rlottie could not read it (it found no frames)", name);
        lottie_animation_destroy(anim);
        lottie_file_release(file);
        return false;
    }
    if (animation != NULL)
        *animation = anim;
    else
        lottie_animation_destroy(anim);
    return true;
}

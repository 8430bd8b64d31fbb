/*
 * lottie_expressions.c - expressions, which rlottie does not run: the first
 * one in a layer, named as After Effects names its property, noted.
 */
#include "lottie_features.h"

#include <stdio.h>
#include <string.h>

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

/* `v` is a layer, or (transform true) a layer's "ks" alone. rlottie plays
 * the property's keyframes and does not run the script: noted, not refused. */
bool lottie_check_expressions(features_t *f, const json_value_t *v, const char *label, bool transform)
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
        snprintf(property, sizeof property, "on the %s of %s", known, lottie_quoted(q, sizeof q, found.owner));
    else if (known != NULL)
        snprintf(property, sizeof property, "on its %s", known);
    else if (found.owner != NULL && found.key != NULL)
        snprintf(property, sizeof property, "on property %s of %s", lottie_quoted(q, sizeof q, found.key),
                 lottie_quoted(q2, sizeof q2, found.owner));
    else
        snprintf(property, sizeof property, "on property %s", lottie_quoted(q, sizeof q, found.key ? found.key : "?"));
    /* The property goes into the note's "what" (the layer's frames come
     * from `v` when it is the layer itself). */
    lottie_note(f, LOTTIE_FEATURE_EXPRESSION, transform ? NULL : v, label, NULL, property);
    return true;
}

/*
 * lottie_timeline.c - the composition (frame rate, first and end frame,
 * size, layers) and the markers that cut it into the segments a style plays.
 */
#include "lottie_check.h"

#include <ctype.h>
#include <math.h>
#include <string.h>

const char *const lottie_role_names[LOTTIE_SEGMENT_COUNT] = {
    "pull", "armed", "loop", "exit", "success", "failure",
};

/* The most frames, the largest side and the fastest frame rate a file may have. */
#define LOTTIE_MAX_FRAMES 100000.0
#define LOTTIE_MAX_SIDE 4096.0
#define LOTTIE_MAX_FRAME_RATE 240.0

/* ---- the composition ----------------------------------------------------- */

static const field_t required_fields[] = {
    { "v", "the Bodymovin version" }, { "fr", "the frame rate" }, { "ip", "the first frame" },
    { "op", "the end frame" },        { "w", "the width" },       { "h", "the height" },
    { "layers", "the layers" },
};
#define REQUIRED_COUNT (sizeof required_fields / sizeof required_fields[0])

bool lottie_check_composition(checker_t *c, const json_value_t *root, lottie_file_t *file)
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

bool lottie_check_markers(checker_t *c, const json_value_t *root, lottie_file_t *file)
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
            snprintf(list + at, sizeof list - at, "%s%s", shown ? ", " : "", lottie_quoted(q, sizeof q, name));
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
                       "failure, in lowercase", lottie_quoted(q, sizeof q, lookalike),
                    lottie_role_names[lookalike_role]);
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

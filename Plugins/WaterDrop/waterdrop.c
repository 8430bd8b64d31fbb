/*
 * waterdrop.c - the "WaterDrop" refresh style, as a plain C11 plugin (ABI 1.2).
 *
 * After SmartRefreshLayout's WaterDropHeader (from THEONE10211024's
 * WaterDropListView): a grey drop with a refresh arrow in it hangs from the
 * top of the uncovered header; pulling stretches it (the top circle shrinks,
 * a smaller circle slides down beneath it, joined by a concave neck); on
 * release it snaps back into a round drop whose arrow becomes a spinning arc.
 * A failed refresh (ABI 1.3) does not shrink the drop away: its arc stops
 * and dims, the drop shakes "no", then drips out of the bottom of the header,
 * stretching as it falls faster (0.7 s).
 *
 * Where the numbers come from (WaterDropView):
 *   - mMaxCircleRadius 20 dp; mMinCircleRadius = max / 5 = 4; at full stretch
 *     the top circle is 0.75 of the maximum (15) and the bottom one the
 *     minimum, 40 below it (two maximum radii). The neck's sides are
 *     quadratic curves, as there (our control points curve them in less).
 *   - Colour Color.GRAY (#888888); shadow setShadowLayer(1 dp, 0.5 dp, 1 dp,
 *     0x99000000): radius 1, offset (0.5, 1), opacity 0.6.
 *   - The snap back, BACK_ANIM_DURATION 180 ms, DecelerateInterpolator (we
 *     use ease-out).
 *   - Ours: the radial highlight (#C8C8C8 at the upper left to the grey at
 *     the rim), the white arrow, the 100 pt height (the drop hangs 10 pt
 *     below the top and stretches over the last 40 pt of the pull), the
 *     1 s spin with a breathing arc, the 0.25 s exit (the drop shrinks
 *     away) and the failure ending. Smart hands over to a separate
 *     MaterialProgressDrawable; here the drop's own arrow becomes the
 *     spinner.
 *
 * How it moves without rebuilding a path in pull or tick: every path is
 * built in setup. The pull only sets scales and a position on three layers
 * (top circle, neck, bottom circle; the neck is drawn at full stretch and
 * scaled to the pull). The snap is a path morph (a keyframe animation with
 * RH_VALUE_PATH): one outline of the stretched drop, computed from the pull
 * the refresh starts at, morphs into the circle that is the layer's model
 * path; the arrow head morphs into a point at the arc's end. The spinner is a
 * key-path rotation and a keyframed RH_PROP_STROKE_START. The drop is filled
 * with a radial gradient (rh_gradient_t.kind RH_GRADIENT_RADIAL) and the
 * group that holds it casts the shadow.
 *
 * Build (the root Makefile uses exactly this line):
 *   cc -std=c11 -O2 -Wall -Wextra -Werror -fPIC -fvisibility=hidden -shared \
 *      -I<dir of refresh_host.h> -o libWaterDropStyle.so waterdrop.c -lm
 */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "refresh_host.h"

#define WD_HEIGHT 100.0
#define WD_R 20.0             /* mMaxCircleRadius */
#define WD_R_MIN 4.0          /* mMinCircleRadius = max / 5 */
#define WD_TOP_MIN 15.0       /* the top circle at full stretch, 0.75 of the maximum */
#define WD_STRETCH 40.0       /* centre to centre at full stretch */
#define WD_HANG 30.0          /* the top circle's centre below the header's top */
#define WD_STRETCH_FROM 60.0  /* the pull at which the drop starts to stretch */
#define WD_SNAP 0.18          /* BACK_ANIM_DURATION */
#define WD_CYCLE 1.0
#define WD_EXIT 0.25
#define WD_FAIL 0.7           /* the failure ending */
#define WD_FAIL_DIM 0.2       /* fractions of it: the arc dims, */
#define WD_FAIL_SHAKE 0.6     /* the drop shakes, then falls for the rest */
#define WD_FAIL_ARC_ALPHA 0.3
#define WD_FAIL_DROP 80.0     /* from the middle of the header to below its bottom */
#define WD_FAIL_STRETCH 1.15  /* the falling drop's length (its width 1 / this) */
#define WD_SHAKE_STEPS 6
#define WD_FALL_STEPS 3
#define WD_ARC_RADIUS 8.0
#define WD_ARC_WIDTH 2.5
#define WD_ARC_START 0.05     /* the arrow's arc, as trims of a circle from 12 o'clock */
#define WD_ARC_END 0.85
#define WD_KAPPA 0.5522847498 /* a quarter circle as one cubic */
#define WD_C 20.0             /* the centre of every 40 x 40 layer in the drop */
#define WD_OUTLINE 8          /* elements of a drop outline */
#define WD_NECK_PINCH 0.3     /* how far the neck's sides curve in (0: straight) */

static const rh_color_t wd_background = { 0xEE / 255.0, 0xEE / 255.0, 0xEE / 255.0, 1.0 };
static const rh_color_t wd_grey = { 0x88 / 255.0, 0x88 / 255.0, 0x88 / 255.0, 1.0 };
static const rh_color_t wd_white = { 1.0, 1.0, 1.0, 1.0 };
static const rh_color_t wd_clear = { 0.0, 0.0, 0.0, 0.0 };
static const rh_color_t wd_black = { 0.0, 0.0, 0.0, 1.0 };
/* The failure shake: the drop's x offsets, one per equal step, dying away. */
static const double wd_shake[WD_SHAKE_STEPS] = { 6.0, -5.0, 4.0, -2.5, 1.0, 0.0 };
static const rh_gradient_stop_t wd_stops[2] = {
    { 0.0, { 0xC8 / 255.0, 0xC8 / 255.0, 0xC8 / 255.0, 1.0 } },
    { 1.0, { 0x88 / 255.0, 0x88 / 255.0, 0x88 / 255.0, 1.0 } },
};

typedef struct waterdrop {
    rh_instance_t instance;
    const rh_host_t *host;
    rh_layer_t root;
    rh_layer_t drop;   /* group: position, shadow; the exit shrinks it */
    rh_layer_t neck, bottom, top, body;
    rh_layer_t icon, arc, head;
    double stretch;    /* 0...1, as the last pull left it */
    rh_path_element_t head_path[4];
    double arc_end_x, arc_end_y; /* where the head folds to */
    bool has_keyframes;
    rh_done_fn done;
} waterdrop_t;

static waterdrop_t *wd_from(const rh_instance_t *instance)
{
    return (waterdrop_t *)instance->plugin_data;
}

static bool check(const waterdrop_t *w, rh_status_t status, const char *what)
{
    if (status >= RH_OK)
        return true;
    char message[160];
    snprintf(message, sizeof message, "waterdrop: %s failed with status %d", what, (int)status);
    w->host->log(w->host, RH_LOG_WARNING, message);
    return false;
}

static void set(const waterdrop_t *w, rh_layer_t layer, rh_property_t property, double value, const char *what)
{
    check(w, w->host->layer_set(w->host, layer, property, value), what);
}

static void set_color(const waterdrop_t *w, rh_layer_t layer, rh_color_property_t p, const rh_color_t *c,
                      const char *what)
{
    check(w, w->host->layer_set_color(w->host, layer, p, c), what);
}

/* A 40 x 40 layer (or `width` x `height`) centred on the drop's centre. */
static rh_layer_t make(const waterdrop_t *w, rh_layer_kind_t kind, rh_layer_t parent, double width, double height)
{
    rh_layer_t layer = w->host->layer_create(w->host, kind, parent);
    if (layer == RH_LAYER_NONE)
        return RH_LAYER_NONE;
    set(w, layer, RH_PROP_WIDTH, width, "setup: width");
    set(w, layer, RH_PROP_HEIGHT, height, "setup: height");
    set(w, layer, RH_PROP_POSITION_X, WD_C, "setup: x");
    set(w, layer, RH_PROP_POSITION_Y, WD_C, "setup: y");
    return layer;
}

static rh_path_element_t curve(double x1, double y1, double x2, double y2, double x, double y)
{
    return (rh_path_element_t){ RH_PATH_CURVE_TO, { x1, y1, x2, y2, x, y } };
}

/* A side of the neck from (x0, y0) to (x3, y3): the quadratic through the
 * control point (qx, qy), as the cubic it is. */
static rh_path_element_t side(double x0, double y0, double qx, double qy, double x3, double y3)
{
    return curve(x0 + 2.0 / 3.0 * (qx - x0), y0 + 2.0 / 3.0 * (qy - y0), x3 + 2.0 / 3.0 * (qx - x3),
                 y3 + 2.0 / 3.0 * (qy - y3), x3, y3);
}

/* The drop's outline about (cx, cy): the top circle's upper half (radius rt),
 * the right side, the bottom circle's lower half (radius rb, d below), the
 * left side. With d = 0 and rt = rb it is a circle (the sides shrink to
 * points), so every outline has the same elements and any two morph. */
static void outline(double cx, double cy, double rt, double rb, double d, rh_path_element_t e[WD_OUTLINE])
{
    const double k = WD_KAPPA, by = cy + d;
    /* Half way down, 0.7 of the way from the axis to the straight taper at
     * full stretch (WaterDropView puts it on the axis, which pinches the
     * neck to a stalk at our sizes); on the rim when there is no stretch, so
     * that the circle has no inward spike. */
    double f = d / WD_STRETCH;
    double qr = (rt + rb) / 2.0 * (1.0 - WD_NECK_PINCH * f), qy = cy + d / 2.0;
    e[0] = (rh_path_element_t){ RH_PATH_MOVE_TO, { cx - rt, cy, 0, 0, 0, 0 } };
    e[1] = curve(cx - rt, cy - k * rt, cx - k * rt, cy - rt, cx, cy - rt);
    e[2] = curve(cx + k * rt, cy - rt, cx + rt, cy - k * rt, cx + rt, cy);
    e[3] = side(cx + rt, cy, cx + qr, qy, cx + rb, by);
    e[4] = curve(cx + rb, by + k * rb, cx + k * rb, by + rb, cx, by + rb);
    e[5] = curve(cx - k * rb, by + rb, cx - rb, by + k * rb, cx - rb, by);
    e[6] = side(cx - rb, by, cx - qr, qy, cx - rt, cy);
    e[7] = (rh_path_element_t){ RH_PATH_CLOSE, { 0, 0, 0, 0, 0, 0 } };
}

static bool fill_gradient(const waterdrop_t *w, rh_layer_t layer)
{
    rh_gradient_t g = {
        .struct_size = sizeof g, .start_x = 0.38, .start_y = 0.32, .end_x = 1.0, .end_y = 0.94,
        .stop_count = 2, .stops = wd_stops, .kind = RH_GRADIENT_RADIAL,
    };
    return check(w, w->host->layer_set_gradient(w->host, layer, &g), "setup: radial gradient");
}

/* The arrow: a white arc (trimmed from a circle that starts at 12 o'clock)
 * and a head at the arc's end, pointing on round it. */
static bool make_icon(waterdrop_t *w)
{
    const rh_host_t *h = w->host;
    w->icon = make(w, RH_LAYER_GROUP, w->drop, 40.0, 40.0);
    w->arc = w->icon ? make(w, RH_LAYER_PATH, w->icon, 40.0, 40.0) : RH_LAYER_NONE;
    w->head = w->arc ? make(w, RH_LAYER_PATH, w->icon, 40.0, 40.0) : RH_LAYER_NONE;
    if (w->head == RH_LAYER_NONE)
        return false;
    rh_path_element_t circle[1] = {
        { RH_PATH_ARC, { WD_C, WD_C, WD_ARC_RADIUS, -RH_PI / 2.0, 1.5 * RH_PI, 0 } },
    };
    if (!check(w, h->layer_set_path(h, w->arc, circle, 1), "setup: arc path"))
        return false;
    set_color(w, w->arc, RH_COLOR_FILL, &wd_clear, "setup: arc fill");
    set_color(w, w->arc, RH_COLOR_STROKE, &wd_white, "setup: arc stroke");
    set(w, w->arc, RH_PROP_LINE_WIDTH, WD_ARC_WIDTH, "setup: arc width");
    set(w, w->arc, RH_PROP_LINE_CAP, RH_LINE_CAP_ROUND, "setup: arc caps");

    double a = -RH_PI / 2.0 + WD_ARC_END * 2.0 * RH_PI;
    double nx = cos(a), ny = sin(a), tx = -ny, ty = nx; /* out from the centre; on round (clockwise) */
    double px = WD_C + WD_ARC_RADIUS * nx, py = WD_C + WD_ARC_RADIUS * ny;
    rh_path_element_t head[4] = {
        { RH_PATH_MOVE_TO, { px + 5.0 * tx, py + 5.0 * ty, 0, 0, 0, 0 } },
        { RH_PATH_LINE_TO, { px + 4.0 * nx - tx, py + 4.0 * ny - ty, 0, 0, 0, 0 } },
        { RH_PATH_LINE_TO, { px - 4.0 * nx - tx, py - 4.0 * ny - ty, 0, 0, 0, 0 } },
        { RH_PATH_CLOSE, { 0, 0, 0, 0, 0, 0 } },
    };
    memcpy(w->head_path, head, sizeof head);
    w->arc_end_x = px;
    w->arc_end_y = py;
    if (!check(w, h->layer_set_path(h, w->head, head, 4), "setup: head path"))
        return false;
    set_color(w, w->head, RH_COLOR_FILL, &wd_white, "setup: head fill");
    return true;
}

/* The pull's shape: stretch 0 is the round drop, 1 the longest. */
static void apply_stretch(waterdrop_t *w, double t)
{
    double rt = WD_R - (WD_R - WD_TOP_MIN) * t, rb = WD_R + (WD_R_MIN - WD_R) * t;
    w->stretch = t;
    set(w, w->top, RH_PROP_SCALE, rt / WD_R, "pull: top scale");
    set(w, w->icon, RH_PROP_SCALE, rt / WD_R, "pull: icon scale");
    set(w, w->neck, RH_PROP_SCALE_X, rt / WD_TOP_MIN, "pull: neck width");
    set(w, w->neck, RH_PROP_SCALE_Y, t, "pull: neck length");
    set(w, w->bottom, RH_PROP_SCALE, rb / WD_R, "pull: bottom scale");
    set(w, w->bottom, RH_PROP_POSITION_Y, WD_C + WD_STRETCH * t, "pull: bottom y");
}

/* After setup and after reset: a round drop hanging at the top, arrow shown. */
static void wd_rest(waterdrop_t *w)
{
    set(w, w->drop, RH_PROP_POSITION_Y, WD_HANG, "rest: drop y");
    set(w, w->drop, RH_PROP_SCALE, 1.0, "rest: drop scale");
    set(w, w->drop, RH_PROP_OPACITY, 1.0, "rest: drop opacity");
    set(w, w->drop, RH_PROP_TRANSLATION_X, 0.0, "rest: drop shake");
    set(w, w->drop, RH_PROP_TRANSLATION_Y, 0.0, "rest: drop fall");
    set(w, w->arc, RH_PROP_OPACITY, 1.0, "rest: arc opacity");
    set(w, w->body, RH_PROP_HIDDEN, 1.0, "rest: body hidden");
    set(w, w->top, RH_PROP_HIDDEN, 0.0, "rest: top shown");
    set(w, w->neck, RH_PROP_HIDDEN, 0.0, "rest: neck shown");
    set(w, w->bottom, RH_PROP_HIDDEN, 0.0, "rest: bottom shown");
    set(w, w->head, RH_PROP_HIDDEN, 0.0, "rest: head shown");
    set(w, w->arc, RH_PROP_ROTATION, 0.0, "rest: arc rotation");
    set(w, w->arc, RH_PROP_STROKE_START, WD_ARC_START, "rest: arc start");
    set(w, w->arc, RH_PROP_STROKE_END, WD_ARC_END, "rest: arc end");
    apply_stretch(w, 0.0);
    w->done = NULL;
}

static bool wd_setup(const rh_instance_t *instance, rh_layer_t root)
{
    waterdrop_t *w = wd_from(instance);
    const rh_host_t *h = w->host;
    w->root = root;
    double width = 0.0;
    if (!check(w, h->layer_get(h, root, RH_PROP_WIDTH, &width), "reading the root width"))
        return false;
    w->has_keyframes = RH_HAS_FIELD(h, rh_host_t, layer_add_keyframe_animation) &&
                       h->layer_add_keyframe_animation != NULL;
    if (!w->has_keyframes)
        h->log(h, RH_LOG_WARNING, "waterdrop: the host has no layer_add_keyframe_animation; the drop will "
                                  "snap without morphing");
    set_color(w, root, RH_COLOR_FILL, &wd_background, "setup: background");
    set(w, root, RH_PROP_CLIPS_TO_BOUNDS, 1.0, "setup: root clips");

    w->drop = h->layer_create(h, RH_LAYER_GROUP, root);
    if (w->drop == RH_LAYER_NONE)
        return false;
    set(w, w->drop, RH_PROP_WIDTH, 2.0 * WD_C, "setup: drop width");
    set(w, w->drop, RH_PROP_HEIGHT, 2.0 * WD_C, "setup: drop height");
    set(w, w->drop, RH_PROP_POSITION_X, width / 2.0, "setup: drop x");
    set_color(w, w->drop, RH_COLOR_SHADOW, &wd_black, "setup: shadow colour");
    set(w, w->drop, RH_PROP_SHADOW_OPACITY, 0x99 / 255.0, "setup: shadow opacity");
    set(w, w->drop, RH_PROP_SHADOW_RADIUS, 1.0, "setup: shadow radius");
    set(w, w->drop, RH_PROP_SHADOW_OFFSET_X, 0.5, "setup: shadow x");
    set(w, w->drop, RH_PROP_SHADOW_OFFSET_Y, 1.0, "setup: shadow y");

    /* The neck at full stretch, in its own 30 x 40 box hanging from the top
     * circle's centre: scaled by the pull, never rebuilt. */
    w->neck = make(w, RH_LAYER_PATH, w->drop, 2.0 * WD_TOP_MIN, WD_STRETCH);
    if (w->neck == RH_LAYER_NONE)
        return false;
    set(w, w->neck, RH_PROP_ANCHOR_Y, 0.0, "setup: neck anchor");
    rh_path_element_t drop[WD_OUTLINE];
    outline(WD_TOP_MIN, 0.0, WD_TOP_MIN, WD_R_MIN, WD_STRETCH, drop);
    rh_path_element_t neck[6] = {
        { RH_PATH_MOVE_TO, { 0, 0, 0, 0, 0, 0 } },
        { RH_PATH_LINE_TO, { 2.0 * WD_TOP_MIN, 0, 0, 0, 0, 0 } },
        drop[3],
        { RH_PATH_LINE_TO, { WD_TOP_MIN - WD_R_MIN, WD_STRETCH, 0, 0, 0, 0 } },
        drop[6],
        { RH_PATH_CLOSE, { 0, 0, 0, 0, 0, 0 } },
    };
    if (!check(w, h->layer_set_path(h, w->neck, neck, 6), "setup: neck path"))
        return false;
    set_color(w, w->neck, RH_COLOR_FILL, &wd_grey, "setup: neck fill");

    w->bottom = make(w, RH_LAYER_ELLIPSE, w->drop, 2.0 * WD_R, 2.0 * WD_R);
    w->top = w->bottom ? make(w, RH_LAYER_ELLIPSE, w->drop, 2.0 * WD_R, 2.0 * WD_R) : RH_LAYER_NONE;
    w->body = w->top ? make(w, RH_LAYER_PATH, w->drop, 2.0 * WD_R, 2.0 * WD_R) : RH_LAYER_NONE;
    if (w->body == RH_LAYER_NONE)
        return false;
    set_color(w, w->bottom, RH_COLOR_FILL, &wd_grey, "setup: bottom fill");
    set_color(w, w->top, RH_COLOR_FILL, &wd_grey, "setup: top fill");
    set_color(w, w->body, RH_COLOR_FILL, &wd_grey, "setup: body fill");
    /* The body's model path is the round drop; the snap morphs into it. */
    rh_path_element_t round[WD_OUTLINE];
    outline(WD_C, WD_C, WD_R, WD_R, 0.0, round);
    if (!check(w, h->layer_set_path(h, w->body, round, WD_OUTLINE), "setup: body path") ||
        !fill_gradient(w, w->top) || !fill_gradient(w, w->body) || !make_icon(w))
        return false;
    wd_rest(w);
    return true;
}

static void wd_destroy(const rh_instance_t *instance)
{
    free(wd_from(instance));
}

static void wd_pull(const rh_instance_t *instance, double distance, double ratio, double velocity)
{
    waterdrop_t *w = wd_from(instance);
    (void)ratio;
    (void)velocity;
    double t = (fmin(distance, WD_HEIGHT) - WD_STRETCH_FROM) / (WD_HEIGHT - WD_STRETCH_FROM);
    apply_stretch(w, t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t);
}

static void morph(waterdrop_t *w, rh_layer_t layer, const rh_path_t paths[2], const char *what)
{
    static const rh_timing_function_t ease_out = { .curve = RH_CURVE_EASE_OUT };
    rh_keyframe_animation_t a = {
        .struct_size = sizeof a, .kind = RH_VALUE_PATH, .count = 2, .paths = paths,
        .functions = &ease_out, .duration = WD_SNAP, .repeat_count = 1.0,
    };
    check(w, w->host->layer_add_keyframe_animation(w->host, layer, &a, NULL, NULL), what);
}

/* The release: the stretched drop snaps round and drops to the middle of
 * the header, and the arrow's head folds into the arc, which will spin. */
static void snap(waterdrop_t *w)
{
    const rh_host_t *h = w->host;
    double t = w->stretch;
    double rt = WD_R - (WD_R - WD_TOP_MIN) * t, rb = WD_R + (WD_R_MIN - WD_R) * t;
    set(w, w->top, RH_PROP_HIDDEN, 1.0, "snap: top hidden");
    set(w, w->neck, RH_PROP_HIDDEN, 1.0, "snap: neck hidden");
    set(w, w->bottom, RH_PROP_HIDDEN, 1.0, "snap: bottom hidden");
    set(w, w->body, RH_PROP_HIDDEN, 0.0, "snap: body shown");
    set(w, w->head, RH_PROP_HIDDEN, 1.0, "snap: head hidden");
    if (w->has_keyframes) {
        rh_path_element_t stretched[WD_OUTLINE], round[WD_OUTLINE];
        outline(WD_C, WD_C, rt, rb, WD_STRETCH * t, stretched);
        outline(WD_C, WD_C, WD_R, WD_R, 0.0, round);
        rh_path_t body[2] = { { stretched, WD_OUTLINE }, { round, WD_OUTLINE } };
        morph(w, w->body, body, "snap: body morph");
        /* The head shows only while it folds (its model is hidden). */
        rh_path_element_t point[4];
        for (int i = 0; i < 4; i++)
            point[i] = (rh_path_element_t){ w->head_path[i].op, { w->arc_end_x, w->arc_end_y, 0, 0, 0, 0 } };
        point[3] = w->head_path[3];
        rh_path_t head[2] = { { w->head_path, 4 }, { point, 4 } };
        morph(w, w->head, head, "snap: head morph");
        double shown[2] = { 0.0, 0.0 };
        rh_keyframe_animation_t keep = {
            .struct_size = sizeof keep, .kind = RH_VALUE_NUMBER, .property = RH_PROP_HIDDEN, .count = 2,
            .numbers = shown, .duration = WD_SNAP, .repeat_count = 1.0,
        };
        check(w, h->layer_add_keyframe_animation(h, w->head, &keep, NULL, NULL), "snap: head shown");
    }
    rh_timing_t timing = { .struct_size = sizeof timing, .duration = WD_SNAP, .curve = RH_CURVE_EASE_OUT };
    bool block = check(w, h->animate_begin(h, &timing), "snap: animate_begin");
    set(w, w->drop, RH_PROP_POSITION_Y, WD_HEIGHT / 2.0, "snap: drop y");
    set(w, w->icon, RH_PROP_SCALE, 1.0, "snap: icon scale");
    if (block)
        check(w, h->animate_commit(h, NULL, NULL), "snap: animate_commit");
}

static void wd_state_changed(const rh_instance_t *instance, rh_state_t old_state, rh_state_t new_state)
{
    (void)old_state;
    if (new_state == RH_STATE_REFRESHING)
        snap(wd_from(instance));
}

/* One turn a second, the arc shortening and growing back as it turns. */
static void wd_cycle(const rh_instance_t *instance)
{
    waterdrop_t *w = wd_from(instance);
    const rh_host_t *h = w->host;
    rh_basic_animation_t spin = {
        .struct_size = sizeof spin, .property = RH_PROP_ROTATION, .from = 0.0, .to = 2.0 * RH_PI,
        .duration = WD_CYCLE, .curve = RH_CURVE_LINEAR, .repeat_count = 1.0,
    };
    check(w, h->layer_add_animation(h, w->arc, &spin, NULL, NULL), "cycle: spin");
    if (!w->has_keyframes)
        return;
    static const double starts[3] = { WD_ARC_START, 0.6, WD_ARC_START };
    static const rh_timing_function_t eases[2] = { { .curve = RH_CURVE_EASE_IN_OUT }, { .curve = RH_CURVE_EASE_IN_OUT } };
    rh_keyframe_animation_t breathe = {
        .struct_size = sizeof breathe, .kind = RH_VALUE_NUMBER, .property = RH_PROP_STROKE_START, .count = 3,
        .numbers = starts, .functions = eases, .duration = WD_CYCLE, .repeat_count = 1.0,
    };
    check(w, h->layer_add_keyframe_animation(h, w->arc, &breathe, NULL, NULL), "cycle: arc keyframes");
}

static void wd_finish_exit(waterdrop_t *w)
{
    rh_done_fn done = w->done;
    w->done = NULL;
    if (done)
        done();
}

static void wd_exit_completed(void *user, bool finished)
{
    (void)finished;
    wd_finish_exit((waterdrop_t *)user);
}

static void wd_exit(const rh_instance_t *instance, rh_done_fn done)
{
    waterdrop_t *w = wd_from(instance);
    const rh_host_t *h = w->host;
    w->done = done;
    rh_timing_t timing = { .struct_size = sizeof timing, .duration = WD_EXIT, .curve = RH_CURVE_EASE_IN };
    if (!check(w, h->animate_begin(h, &timing), "exit: animate_begin")) {
        wd_finish_exit(w);
        return;
    }
    set(w, w->drop, RH_PROP_SCALE, 0.0, "exit: drop scale");
    set(w, w->drop, RH_PROP_OPACITY, 0.0, "exit: drop opacity");
    if (!check(w, h->animate_commit(h, wd_exit_completed, w), "exit: animate_commit"))
        wd_finish_exit(w);
}

/* The failure ending, one KEYFRAMES block: the stopped arc dims, the drop
 * shakes its head, then drips away downward. A KEYFRAMES block tweens each
 * keyframe linearly, so the fall is three keyframes whose distances grow
 * as the square of time: it speeds up as a falling drop does. */
static void wd_exit_failure(waterdrop_t *w, rh_done_fn done)
{
    const rh_host_t *h = w->host;
    w->done = done;
    rh_timing_t timing = { .struct_size = sizeof timing, .duration = WD_FAIL, .curve = RH_CURVE_KEYFRAMES };
    if (!check(w, h->animate_begin(h, &timing), "failure: animate_begin")) {
        wd_finish_exit(w);
        return;
    }
    /* 0-0.14 s: the arc (no longer turning) dims. */
    check(w, h->animate_keyframe(h, 0.0, WD_FAIL_DIM), "failure: dim keyframe");
    set(w, w->arc, RH_PROP_OPACITY, WD_FAIL_ARC_ALPHA, "failure: arc dim");
    /* 0-0.42 s: left, right, less each time. */
    const double step = WD_FAIL_SHAKE / WD_SHAKE_STEPS;
    for (int k = 0; k < WD_SHAKE_STEPS; k++) {
        check(w, h->animate_keyframe(h, k * step, step), "failure: shake keyframe");
        set(w, w->drop, RH_PROP_TRANSLATION_X, wd_shake[k], "failure: shake");
    }
    /* 0.42-0.7 s: the fall, lengthening the drop as it goes. */
    const double fall = (1.0 - WD_FAIL_SHAKE) / WD_FALL_STEPS;
    for (int k = 1; k <= WD_FALL_STEPS; k++) {
        double t = (double)k / WD_FALL_STEPS;
        check(w, h->animate_keyframe(h, WD_FAIL_SHAKE + (k - 1) * fall, fall), "failure: fall keyframe");
        set(w, w->drop, RH_PROP_TRANSLATION_Y, WD_FAIL_DROP * t * t, "failure: fall");
        set(w, w->drop, RH_PROP_SCALE_Y, 1.0 + (WD_FAIL_STRETCH - 1.0) * t, "failure: stretch");
        set(w, w->drop, RH_PROP_SCALE_X, 1.0 / (1.0 + (WD_FAIL_STRETCH - 1.0) * t), "failure: thin");
    }
    if (!check(w, h->animate_commit(h, wd_exit_completed, w), "failure: animate_commit"))
        wd_finish_exit(w);
}

/* ABI 1.3: a failed refresh gets its own ending; success, "no more" and
 * kinds newer than this file shrink the drop away as before. `kind` is read
 * only when the host's struct holds it. */
static void wd_exit_with_result(const rh_instance_t *instance, const rh_refresh_result_t *result, rh_done_fn done)
{
    if (result != NULL && RH_HAS_FIELD(result, rh_refresh_result_t, kind) && result->kind == RH_RESULT_FAILURE)
        wd_exit_failure(wd_from(instance), done);
    else
        wd_exit(instance, done);
}

static void wd_reset(const rh_instance_t *instance)
{
    wd_rest(wd_from(instance));
}

static const char *const wd_tags[] = { "drop", "elastic", "path-morph", "gradient", "shadow", NULL };

static const rh_style_descriptor_t wd_descriptor = {
    .struct_size = sizeof(rh_style_descriptor_t),
    .id = "com.refreshhost.waterdrop",
    .name = "WaterDrop",
    .version = "1.0.0",
    .vendor = "RefreshHost",
    .description = "A grey drop stretches as you pull and snaps round on release, its arrow turning into "
                   "a spinner.",
    .tags = wd_tags,
    .height = WD_HEIGHT,
    .cycle_duration = WD_CYCLE,
    .cycle_delay = 0.0,
    .cycle_curve = RH_CURVE_LINEAR,
    .cycle_spring_damping = 0.8,
    .cycle_spring_velocity = 1.0,
    .presentation = RH_PRESENTATION_BACKGROUND,
    .anchor = RH_ANCHOR_TOP,
};

static uint32_t wd_style_count(void)
{
    return 1;
}

static const rh_style_descriptor_t *wd_style_descriptor(uint32_t index)
{
    return index == 0 ? &wd_descriptor : NULL;
}

static const rh_instance_t *wd_create(const rh_host_t *host, const char *style_id)
{
    if (host == NULL || style_id == NULL || strcmp(style_id, wd_descriptor.id) != 0)
        return NULL;
    waterdrop_t *w = calloc(1, sizeof *w);
    if (w == NULL)
        return NULL;
    w->host = host;
    w->instance = (rh_instance_t){
        .struct_size = sizeof(rh_instance_t),
        .plugin_data = w,
        .setup = wd_setup,
        .destroy = wd_destroy,
        .pull = wd_pull,
        .state_changed = wd_state_changed,
        .cycle = wd_cycle,
        .exit = wd_exit,
        .reset = wd_reset,
        .tick = NULL,
        .get_extension = NULL,
        .position = NULL,
        .closed = NULL,
        .exit_with_result = wd_exit_with_result,
    };
    return &w->instance;
}

static const rh_entry_t wd_entry = {
    .abi_version = { RH_ABI_VERSION_MAJOR, RH_ABI_VERSION_MINOR, RH_ABI_VERSION_PATCH },
    .struct_size = sizeof(rh_entry_t),
    .style_count = wd_style_count,
    .style_descriptor = wd_style_descriptor,
    .create = wd_create,
};

RH_EXPORT const rh_entry_t *rh_entry(void)
{
    return &wd_entry;
}

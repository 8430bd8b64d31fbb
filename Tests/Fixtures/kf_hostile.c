/*
 * kf_hostile.c - RefreshHost test fixture.
 *
 * Breaks: nothing on its first calls, then every rule of
 * layer_add_keyframe_animation (ABI 1.2) in turn: NULL, short struct, foreign
 * layer, unknown kind and property, RH_PROP_SCALE, counts 1, 257 and 4e9,
 * NULL value arrays, NaN and out-of-range values, bad key times, bad and
 * unknown segment functions, NaN and huge durations, delays and repeat
 * counts, wrong layer kinds, mismatched morph paths and gradients, bad path
 * elements and gradients. Setup makes, under the root, the base's RECT, two
 * PATH layers, an ELLIPSE and a GROUP, and first adds five valid animations:
 *   number    RECT opacity 1 -> 0 -> 1 over 2 s (even key times)   expect 0
 *   color     RECT fill red -> blue over 2 s                        expect 0
 *   morph     PATH 1: move, line, arc, close -> another such path   expect 0
 *   gradient  ELLIPSE radial -> radial, steps(2) segment, 2 s       expect 0
 *   adjusted  PATH 2 morph whose paths start with a LINE_TO          expect RH_WARN_ADJUSTED (1)
 * then the refusals (-1, -2, -3 or -6; the test lists them). It logs each as
 * "<label> status=<n>" at RH_LOG_INFO. Nothing refused may change anything:
 * the five keep running. A 0.5 s timer reads the RECT's presentation opacity
 * and fill through the 1.2 getters and logs them as
 * "presentation opacity=<v> fill=<r>,<g>,<b>,<a>" (six decimals).
 */
#include <math.h>
#include <stdint.h>

#define FIXTURE_NAME "kf_hostile"
#define FIXTURE_SETUP fixture_setup
#include "fixture_base.h"

static const rh_color_t red = { 1, 0, 0, 1 }, blue = { 0, 0, 1, 1 };

/* Two morphable paths (the same ops) and one with an op changed. */
static const rh_path_element_t path_a[] = {
    { RH_PATH_MOVE_TO, { 0, 0 } }, { RH_PATH_LINE_TO, { 20, 0 } },
    { RH_PATH_ARC, { 10, 10, 5, 0, RH_PI } }, { RH_PATH_CLOSE, { 0 } },
};
static const rh_path_element_t path_b[] = {
    { RH_PATH_MOVE_TO, { 10, 10 } }, { RH_PATH_LINE_TO, { 30, 20 } },
    { RH_PATH_ARC, { 20, 20, 10, RH_PI, 2 * RH_PI } }, { RH_PATH_CLOSE, { 0 } },
};
static const rh_path_element_t path_other_op[] = {
    { RH_PATH_MOVE_TO, { 10, 10 } }, { RH_PATH_CURVE_TO, { 1, 2, 3, 4, 30, 20 } },
    { RH_PATH_ARC, { 20, 20, 10, RH_PI, 2 * RH_PI } }, { RH_PATH_CLOSE, { 0 } },
};
static const rh_path_element_t path_nan[] = {
    { RH_PATH_MOVE_TO, { 10, 10 } }, { RH_PATH_LINE_TO, { NAN, 20 } },
    { RH_PATH_ARC, { 20, 20, 10, RH_PI, 2 * RH_PI } }, { RH_PATH_CLOSE, { 0 } },
};
static const rh_path_element_t path_bad_op[] = {
    { RH_PATH_MOVE_TO, { 10, 10 } }, { 99, { 30, 20 } },
    { RH_PATH_ARC, { 20, 20, 10, RH_PI, 2 * RH_PI } }, { RH_PATH_CLOSE, { 0 } },
};
static const rh_path_element_t line_first_a[] = { { RH_PATH_LINE_TO, { 5, 5 } }, { RH_PATH_LINE_TO, { 15, 5 } } };
static const rh_path_element_t line_first_b[] = { { RH_PATH_LINE_TO, { 5, 15 } }, { RH_PATH_LINE_TO, { 15, 15 } } };

static const rh_gradient_stop_t two_stops[2] = { { 0.0, { 1, 1, 1, 1 } }, { 1.0, { 0, 0, 0, 0 } } };
static const rh_gradient_stop_t nan_stops[2] = { { 0.0, { 1, 1, 1, 1 } }, { NAN, { 0, 0, 0, 0 } } };
static rh_gradient_stop_t many_stops[17];

static rh_gradient_t gradient(rh_gradient_kind_t kind, const rh_gradient_stop_t *stops, uint32_t count)
{
    return (rh_gradient_t){ .struct_size = sizeof(rh_gradient_t), .start_x = 0.5, .start_y = 0.5,
                            .end_x = 1.0, .end_y = 1.0, .stop_count = count, .stops = stops, .kind = kind };
}

static rh_keyframe_animation_t numbers(rh_property_t property, const double *values, uint32_t count)
{
    return (rh_keyframe_animation_t){ .struct_size = sizeof(rh_keyframe_animation_t), .kind = RH_VALUE_NUMBER,
                                      .property = property, .count = count, .numbers = values, .duration = 2.0 };
}

static void kf(const fixture_t *f, const char *label, rh_layer_t layer, const rh_keyframe_animation_t *a)
{
    fixture_logf(f, RH_LOG_INFO, "%s status=%d", label,
                 (int)f->host->layer_add_keyframe_animation(f->host, layer, a, NULL, NULL));
}

static void read_presentation(void *user, bool finished)
{
    const fixture_t *f = user;
    const rh_host_t *h = f->host;
    double opacity = -1;
    rh_color_t fill = { -1, -1, -1, -1 };
    h->layer_get_presentation(h, f->rect, RH_PROP_OPACITY, &opacity);
    h->layer_get_presentation_color(h, f->rect, RH_COLOR_FILL, &fill);
    fixture_logf(f, RH_LOG_INFO, "presentation opacity=%.6f fill=%.6f,%.6f,%.6f,%.6f finished=%d", opacity, fill.r,
                 fill.g, fill.b, fill.a, (int)finished);
}

static rh_layer_t make(const fixture_t *f, rh_layer_kind_t kind)
{
    rh_layer_t layer = f->host->layer_create(f->host, kind, f->root);
    f->host->layer_set(f->host, layer, RH_PROP_WIDTH, 40.0);
    f->host->layer_set(f->host, layer, RH_PROP_HEIGHT, 40.0);
    return layer;
}

static bool fixture_setup(const rh_instance_t *instance, rh_layer_t root)
{
    if (!fixture_base_setup(instance, root))
        return false;
    fixture_t *f = instance->plugin_data;
    const rh_host_t *h = f->host;
    rh_layer_t path = make(f, RH_LAYER_PATH), path2 = make(f, RH_LAYER_PATH);
    rh_layer_t ellipse = make(f, RH_LAYER_ELLIPSE), group = make(f, RH_LAYER_GROUP);

    /* The valid five. */
    static const double fade[3] = { 1, 0, 1 };
    rh_keyframe_animation_t a = numbers(RH_PROP_OPACITY, fade, 3);
    kf(f, "number", f->rect, &a);

    const rh_color_t colors[2] = { red, blue };
    rh_keyframe_animation_t c = { .struct_size = sizeof c, .kind = RH_VALUE_COLOR, .property = RH_COLOR_FILL,
                                  .count = 2, .colors = colors, .duration = 2.0 };
    kf(f, "color", f->rect, &c);

    const rh_path_t paths[2] = { { path_a, 4 }, { path_b, 4 } };
    rh_keyframe_animation_t m = { .struct_size = sizeof m, .kind = RH_VALUE_PATH, .count = 2, .paths = paths,
                                  .duration = 2.0 };
    kf(f, "morph", path, &m);

    const rh_gradient_t gradients[2] = { gradient(RH_GRADIENT_RADIAL, two_stops, 2),
                                         gradient(RH_GRADIENT_RADIAL, two_stops, 2) };
    const rh_timing_function_t two_steps = { .curve = RH_CURVE_STEPS, .steps = 2 };
    rh_keyframe_animation_t g = { .struct_size = sizeof g, .kind = RH_VALUE_GRADIENT, .count = 2,
                                  .gradients = gradients, .functions = &two_steps, .duration = 2.0 };
    kf(f, "gradient", ellipse, &g);

    const rh_path_t line_first[2] = { { line_first_a, 2 }, { line_first_b, 2 } };
    rh_keyframe_animation_t adjusted = m;
    adjusted.paths = line_first;
    kf(f, "adjusted", path2, &adjusted);

    /* The refusals: the host must not crash, must change nothing. */
    fixture_logf(f, RH_LOG_INFO, "NULL status=%d", (int)h->layer_add_keyframe_animation(h, f->rect, NULL, NULL, NULL));
    rh_keyframe_animation_t x = a;
    x.struct_size = 8;
    kf(f, "struct_size 8", f->rect, &x);
    kf(f, "layer 9999", 9999, &a);
    x = a, x.kind = 9, kf(f, "kind 9", f->rect, &x);
    x = a, x.property = 99, kf(f, "property 99", f->rect, &x);
    x = a, x.property = RH_PROP_SCALE, kf(f, "property SCALE", f->rect, &x);
    x = c, x.property = 7, kf(f, "color property 7", f->rect, &x);
    x = m, x.property = 3, kf(f, "path property 3", path, &x);
    x = a, x.count = 1, kf(f, "count 1", f->rect, &x);
    x = a, x.count = 257, kf(f, "count 257", f->rect, &x);
    x = a, x.count = 4000000000u, kf(f, "count 4e9", f->rect, &x);
    x = a, x.numbers = NULL, kf(f, "numbers NULL", f->rect, &x);
    x = c, x.colors = NULL, kf(f, "colors NULL", f->rect, &x);
    x = m, x.paths = NULL, kf(f, "paths NULL", path, &x);
    x = g, x.gradients = NULL, kf(f, "gradients NULL", ellipse, &x);

    static const double nan_values[3] = { 1, NAN, 1 }, huge_values[3] = { 1, 1e300, 1 };
    x = numbers(RH_PROP_OPACITY, nan_values, 3), kf(f, "number NaN", f->rect, &x);
    x = numbers(RH_PROP_POSITION_X, huge_values, 3), kf(f, "number 1e300", f->rect, &x);
    static const double half[2] = { 0, 0.5 };
    x = numbers(RH_PROP_LINE_CAP, half, 2), kf(f, "line cap 0.5", f->rect, &x);
    const rh_color_t nan_colors[2] = { red, { 0, NAN, 0, 1 } };
    x = c, x.colors = nan_colors, kf(f, "color NaN", f->rect, &x);

    static const double nan_time[3] = { 0, NAN, 1 }, backwards[3] = { 0, 0.7, 0.6 }, late_start[3] = { 0.5, 0.6, 1 };
    x = a, x.key_times = nan_time, kf(f, "key time NaN", f->rect, &x);
    x = a, x.key_times = backwards, kf(f, "key times backwards", f->rect, &x);
    x = a, x.key_times = late_start, kf(f, "key time first 0.5", f->rect, &x);

    const rh_timing_function_t spring[2] = { { .curve = RH_CURVE_SPRING }, { .curve = RH_CURVE_LINEAR } };
    const rh_timing_function_t unknown[2] = { { .curve = RH_CURVE_LINEAR }, { .curve = 42 } };
    const rh_timing_function_t nan_bezier[2] = { { .curve = RH_CURVE_LINEAR },
                                                 { RH_CURVE_CUBIC_BEZIER, NAN, 0, 1, 1, 0, 0 } };
    const rh_timing_function_t no_steps[2] = { { .curve = RH_CURVE_STEPS, .steps = 0 }, { .curve = RH_CURVE_LINEAR } };
    x = a, x.functions = spring, kf(f, "function spring", f->rect, &x);
    x = a, x.functions = unknown, kf(f, "function curve 42", f->rect, &x);
    x = a, x.functions = nan_bezier, kf(f, "function x1 NaN", f->rect, &x);
    x = a, x.functions = no_steps, kf(f, "function steps 0", f->rect, &x);

    x = a, x.duration = NAN, kf(f, "duration NaN", f->rect, &x);
    x = a, x.duration = 0, kf(f, "duration 0", f->rect, &x);
    x = a, x.duration = 1e9, kf(f, "duration 1e9", f->rect, &x);
    x = a, x.delay = -1, kf(f, "delay -1", f->rect, &x);
    x = a, x.delay = INFINITY, kf(f, "delay inf", f->rect, &x);
    x = a, x.repeat_count = NAN, kf(f, "repeat NaN", f->rect, &x);
    x = a, x.repeat_count = -1, kf(f, "repeat -1", f->rect, &x);

    kf(f, "path on rect", f->rect, &m);
    kf(f, "gradient on group", group, &g);
    const rh_path_t other_op[2] = { { path_a, 4 }, { path_other_op, 4 } };
    const rh_path_t other_count[2] = { { path_a, 4 }, { path_b, 3 } };
    const rh_path_t nan_path[2] = { { path_a, 4 }, { path_nan, 4 } };
    const rh_path_t bad_op[2] = { { path_a, 4 }, { path_bad_op, 4 } };
    const rh_path_t no_elements[2] = { { path_a, 4 }, { NULL, 4 } };
    const rh_path_t too_long[2] = { { path_a, 4 }, { path_b, 5000 } };
    x = m, x.paths = other_op, kf(f, "paths other op", path, &x);
    x = m, x.paths = other_count, kf(f, "paths other count", path, &x);
    x = m, x.paths = nan_path, kf(f, "path NaN", path, &x);
    x = m, x.paths = bad_op, kf(f, "path op 99", path, &x);
    x = m, x.paths = no_elements, kf(f, "path elements NULL", path, &x);
    x = m, x.paths = too_long, kf(f, "path 5000 elements", path, &x);

    for (int i = 0; i < 17; i++)
        many_stops[i] = (rh_gradient_stop_t){ i / 16.0, { 1, 1, 1, 1 } };
    rh_gradient_t pairs[6][2] = {
        { gradients[0], gradient(RH_GRADIENT_LINEAR, two_stops, 2) },
        { gradients[0], gradient(RH_GRADIENT_RADIAL, many_stops, 3) },
        { gradients[0], gradient(RH_GRADIENT_RADIAL, NULL, 2) },
        { gradients[0], gradient(RH_GRADIENT_RADIAL, two_stops, 2) },
        { gradients[0], gradient(RH_GRADIENT_RADIAL, nan_stops, 2) },
        { gradients[0], gradient(RH_GRADIENT_RADIAL, many_stops, 17) },
    };
    pairs[3][1].struct_size = 8;
    const char *gradient_labels[6] = { "gradients other kind", "gradients other stop count", "gradient stops NULL",
                                       "gradient struct_size 8", "gradient NaN", "gradient 17 stops" };
    for (int i = 0; i < 6; i++) {
        x = g, x.gradients = pairs[i];
        kf(f, gradient_labels[i], ellipse, &x);
    }

    fixture_logf(f, RH_LOG_INFO, "timer status=%d", (int)h->timer_schedule(h, 0.5, read_presentation, f, NULL));
    return true;
}

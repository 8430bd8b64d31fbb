/*
 * curve_calls.c - RefreshHost test fixture.
 *
 * Breaks: nothing on its first calls, then every rule of ABI 1.2's timing
 * functions (rh_timing_function_t) in animate_begin and layer_add_animation.
 * Setup makes the base's RECT and calls, on it:
 *   block bezier (ease, 1 s, opacity 1 -> 0)       expect 0
 *   block steps (4, jump-start, 1 s, x 0 -> 100)    expect 0
 *   anim bezier (ease, rotation 0 -> 1, 1 s)        expect 0
 *   anim steps (2, jump-end, y 0 -> 100, 1 s)       expect 0
 *   short struct (curve 6 in a 1.1-sized timing),
 *   function.curve differs, step_position 2,
 *   anim spring                                     expect RH_ERR_INVALID_ARGUMENT (-2)
 *   x1 NaN, y2 11, steps 0, steps 1001, anim x2 inf expect RH_ERR_OUT_OF_RANGE (-3)
 * and logs each result at RH_LOG_INFO as "<label> status=<n>". Built with
 * -DFIXTURE_ABI_MINOR=1 it declares ABI 1.1, which has no curves 6 and 7:
 * the host must then refuse the first four as an unknown curve (-2), and the
 * out-of-range ones too (-2: the curve is unknown before its numbers count).
 */
#include <math.h>

#define FIXTURE_NAME "curve_calls"
#define FIXTURE_SETUP fixture_setup
#include "fixture_base.h"

static const rh_timing_function_t ease = { RH_CURVE_CUBIC_BEZIER, 0.25, 0.1, 0.25, 1.0, 0, 0 };

static void block(const fixture_t *f, const char *label, rh_timing_t timing, rh_property_t property, double value)
{
    const rh_host_t *h = f->host;
    rh_status_t status = h->animate_begin(h, &timing);
    if (status >= 0) {
        h->layer_set(h, f->rect, property, value);
        h->animate_commit(h, NULL, NULL);
    }
    fixture_logf(f, RH_LOG_INFO, "%s status=%d", label, (int)status);
}

static void anim(const fixture_t *f, const char *label, rh_basic_animation_t a)
{
    fixture_logf(f, RH_LOG_INFO, "%s status=%d", label,
                 (int)f->host->layer_add_animation(f->host, f->rect, &a, NULL, NULL));
}

static rh_timing_t timing(rh_curve_t curve, rh_timing_function_t function)
{
    return (rh_timing_t){ .struct_size = sizeof(rh_timing_t), .duration = 1.0, .curve = curve, .function = function };
}

static rh_timing_function_t steps(uint32_t n, rh_step_position_t position)
{
    return (rh_timing_function_t){ .curve = RH_CURVE_STEPS, .steps = n, .step_position = position };
}

static rh_basic_animation_t basic(rh_property_t property, double to, rh_curve_t curve, rh_timing_function_t function)
{
    return (rh_basic_animation_t){ .struct_size = sizeof(rh_basic_animation_t), .property = property, .from = 0,
                                   .to = to, .duration = 1.0, .curve = curve, .function = function };
}

static bool fixture_setup(const rh_instance_t *instance, rh_layer_t root)
{
    if (!fixture_base_setup(instance, root))
        return false;
    fixture_t *f = instance->plugin_data;
    f->host->layer_set(f->host, f->rect, RH_PROP_POSITION_X, 0);

    block(f, "block bezier", timing(RH_CURVE_CUBIC_BEZIER, ease), RH_PROP_OPACITY, 0);
    block(f, "block steps", timing(RH_CURVE_STEPS, steps(4, RH_STEP_JUMP_START)), RH_PROP_POSITION_X, 100);
    anim(f, "anim bezier", basic(RH_PROP_ROTATION, 1, RH_CURVE_CUBIC_BEZIER, ease));
    anim(f, "anim steps", basic(RH_PROP_POSITION_Y, 100, RH_CURVE_STEPS, steps(2, RH_STEP_JUMP_END)));

    /* Each refusal below must change nothing: height, width and corner
     * radius stay 20, 20 and 0. */
    rh_timing_t short_struct = timing(RH_CURVE_CUBIC_BEZIER, ease);
    short_struct.struct_size = (uint32_t)offsetof(rh_timing_t, function);
    block(f, "short struct", short_struct, RH_PROP_HEIGHT, 1);
    block(f, "function.curve differs", timing(RH_CURVE_CUBIC_BEZIER, steps(3, RH_STEP_JUMP_END)), RH_PROP_HEIGHT, 1);
    block(f, "step_position 2", timing(RH_CURVE_STEPS, steps(3, 2)), RH_PROP_HEIGHT, 1);
    anim(f, "anim spring", basic(RH_PROP_WIDTH, 1, RH_CURVE_SPRING, ease));

    rh_timing_function_t bad = ease;
    bad.x1 = NAN;
    block(f, "x1 NaN", timing(RH_CURVE_CUBIC_BEZIER, bad), RH_PROP_HEIGHT, 1);
    bad = ease;
    bad.y2 = 11;
    block(f, "y2 11", timing(RH_CURVE_CUBIC_BEZIER, bad), RH_PROP_HEIGHT, 1);
    block(f, "steps 0", timing(RH_CURVE_STEPS, steps(0, RH_STEP_JUMP_END)), RH_PROP_HEIGHT, 1);
    block(f, "steps 1001", timing(RH_CURVE_STEPS, steps(1001, RH_STEP_JUMP_END)), RH_PROP_HEIGHT, 1);
    bad = ease;
    bad.x2 = INFINITY;
    anim(f, "anim x2 inf", basic(RH_PROP_CORNER_RADIUS, 5, RH_CURVE_CUBIC_BEZIER, bad));
    return true;
}

/*
 * effects_calls.c - RefreshHost test fixture.
 *
 * Uses rh.effects/1 (refresh_host_ext.h) directly from C, in setup: a 40 x 40
 * GROUP at (10, 10) holding a red 40 x 40 RECT and a 20 x 20 ELLIPSE at
 * (10, 10) that cuts a hole in it (RH_COMPOSITE_OUT), the group blurred by
 * 4 points; then every hostile call ("<label> status=<n>"): NaN, infinite,
 * negative and huge radii, operators 5, -1 and 1.5, an unknown property, a
 * core property, a removed layer, NULL out, a colour keyframe animation, and
 * the effect's id given to the core's layer_set. Each must be refused with
 * its status and one log line and change nothing. The reads after them are
 * logged as "blur after: <v>" and "operator after: <v>".
 */
#include <math.h>

#define FIXTURE_NAME "effects_calls"
#define FIXTURE_SETUP fixture_setup
#include "fixture_base.h"
#include "refresh_host_ext.h"

#define CALL(label, expr) fixture_logf(f, RH_LOG_INFO, "%s status=%d", label, (int)(expr))

static rh_layer_t made(const fixture_t *f, rh_layer_kind_t kind, rh_layer_t parent, double x, double side)
{
    const rh_host_t *h = f->host;
    rh_layer_t l = h->layer_create(h, kind, parent);
    const rh_color_t red = { 1, 0, 0, 1 };
    h->layer_set(h, l, RH_PROP_ANCHOR_X, 0);
    h->layer_set(h, l, RH_PROP_ANCHOR_Y, 0);
    h->layer_set(h, l, RH_PROP_POSITION_X, x);
    h->layer_set(h, l, RH_PROP_POSITION_Y, x);
    h->layer_set(h, l, RH_PROP_WIDTH, side);
    h->layer_set(h, l, RH_PROP_HEIGHT, side);
    h->layer_set_color(h, l, RH_COLOR_FILL, &red);
    return l;
}

static bool fixture_setup(const rh_instance_t *instance, rh_layer_t root)
{
    if (!fixture_base_setup(instance, root))
        return false;
    const fixture_t *f = instance->plugin_data;
    const rh_host_t *h = f->host;
    const rh_effects_ext_t *x = h->get_extension(h, RH_EXT_EFFECTS);
    if (x == NULL) {
        fixture_logf(f, RH_LOG_WARNING, "rh.effects/1 is missing");
        return true;
    }
    rh_layer_t group = made(f, RH_LAYER_GROUP, root, 10, 40);
    made(f, RH_LAYER_RECT, group, 0, 40);
    rh_layer_t hole = made(f, RH_LAYER_ELLIPSE, group, 10, 20);
    CALL("hole out", x->set(h, hole, RH_EFFECT_COMPOSITE, RH_COMPOSITE_OUT));
    CALL("group blur", x->set(h, group, RH_EFFECT_BLUR_RADIUS, 4));

    CALL("blur NaN", x->set(h, group, RH_EFFECT_BLUR_RADIUS, NAN));
    CALL("blur inf", x->set(h, group, RH_EFFECT_BLUR_RADIUS, INFINITY));
    CALL("blur -1", x->set(h, group, RH_EFFECT_BLUR_RADIUS, -1));
    CALL("blur huge", x->set(h, group, RH_EFFECT_BLUR_RADIUS, RH_EFFECTS_MAX_BLUR_RADIUS * 2));
    CALL("operator 5", x->set(h, hole, RH_EFFECT_COMPOSITE, 5));
    CALL("operator -1", x->set(h, hole, RH_EFFECT_COMPOSITE, -1));
    CALL("operator 1.5", x->set(h, hole, RH_EFFECT_COMPOSITE, 1.5));
    CALL("property 999", x->set(h, group, 999, 1));
    CALL("core property", x->set(h, group, RH_PROP_OPACITY, 1));
    double out = -1;
    CALL("get NULL", x->get(h, group, RH_EFFECT_BLUR_RADIUS, false, NULL));
    rh_layer_t gone = h->layer_create(h, RH_LAYER_RECT, root);
    h->layer_remove(h, gone);
    CALL("removed layer", x->set(h, gone, RH_EFFECT_BLUR_RADIUS, 1));
    CALL("removed layer get", x->get(h, gone, RH_EFFECT_BLUR_RADIUS, false, &out));
    const rh_color_t colours[2] = { { 0, 0, 0, 1 }, { 1, 1, 1, 1 } };
    const rh_keyframe_animation_t k = { .struct_size = sizeof k, .kind = RH_VALUE_COLOR,
                                        .property = RH_EFFECT_BLUR_RADIUS, .count = 2, .colors = colours,
                                        .duration = 1 };
    CALL("colour keyframes", x->layer_add_keyframe_animation(h, group, &k, NULL, NULL));
    const rh_basic_animation_t nan_to = { .struct_size = sizeof nan_to, .property = RH_EFFECT_BLUR_RADIUS,
                                          .from = 0, .to = NAN, .duration = 1 };
    CALL("animation to NaN", x->layer_add_animation(h, group, &nan_to, NULL, NULL));
    CALL("core layer_set of an effect", h->layer_set(h, group, RH_EFFECT_BLUR_RADIUS, 1));

    x->get(h, group, RH_EFFECT_BLUR_RADIUS, false, &out);
    fixture_logf(f, RH_LOG_INFO, "blur after: %g", out);
    x->get(h, hole, RH_EFFECT_COMPOSITE, true, &out);
    fixture_logf(f, RH_LOG_INFO, "operator after: %g", out);
    return true;
}

/*
 * no_effect.c - RefreshHost test fixture.
 *
 * Sets values that its layers' kinds do not draw (ABI 1.2's
 * RH_WARN_NO_EFFECT), through every service that can: layer_set,
 * layer_set_color, layer_add_animation and layer_add_keyframe_animation,
 * next to the same values on kinds that do draw them. Setup makes, under the
 * root, a GROUP, an IMAGE, an ELLIPSE and a TEXT beside the base's RECT, and
 * logs each call as "<label> status=<n>" at RH_LOG_INFO:
 *   font size on rect (twice), line width on group, fill on group, stroke on
 *   image, fill rule on ellipse, gravity on text, line width animation on
 *   image, stroke keyframes on group                    expect RH_WARN_NO_EFFECT (2)
 *   font size on text, line width on rect, shadow on group, fill on image,
 *   corner radius on group, line width animation on rect    expect RH_OK (0)
 * then reads the rect's font size back ("rect font size=<v>"): stored.
 */
#define FIXTURE_NAME "no_effect"
#define FIXTURE_SETUP fixture_setup
#include "fixture_base.h"

static void said(const fixture_t *f, const char *label, rh_status_t status)
{
    fixture_logf(f, RH_LOG_INFO, "%s status=%d", label, (int)status);
}

static bool fixture_setup(const rh_instance_t *instance, rh_layer_t root)
{
    if (!fixture_base_setup(instance, root))
        return false;
    fixture_t *f = instance->plugin_data;
    const rh_host_t *h = f->host;
    rh_layer_t group = h->layer_create(h, RH_LAYER_GROUP, root);
    rh_layer_t image = h->layer_create(h, RH_LAYER_IMAGE, root);
    rh_layer_t ellipse = h->layer_create(h, RH_LAYER_ELLIPSE, root);
    rh_layer_t text = h->layer_create(h, RH_LAYER_TEXT, root);
    const rh_color_t red = { 1, 0, 0, 1 }, blue = { 0, 0, 1, 1 };

    said(f, "font size on rect", h->layer_set(h, f->rect, RH_PROP_FONT_SIZE, 20));
    said(f, "font size on rect again", h->layer_set(h, f->rect, RH_PROP_FONT_SIZE, 24));
    said(f, "line width on group", h->layer_set(h, group, RH_PROP_LINE_WIDTH, 3));
    said(f, "fill on group", h->layer_set_color(h, group, RH_COLOR_FILL, &red));
    said(f, "stroke on image", h->layer_set_color(h, image, RH_COLOR_STROKE, &red));
    said(f, "fill rule on ellipse", h->layer_set(h, ellipse, RH_PROP_FILL_RULE, 1));
    said(f, "gravity on text", h->layer_set(h, text, RH_PROP_CONTENTS_GRAVITY, 1));
    const rh_basic_animation_t widen = { .struct_size = sizeof widen, .property = RH_PROP_LINE_WIDTH, .from = 1,
                                         .to = 4, .duration = 1, .curve = RH_CURVE_LINEAR };
    said(f, "line width animation on image", h->layer_add_animation(h, image, &widen, NULL, NULL));
    const rh_color_t colors[2] = { red, blue };
    const rh_keyframe_animation_t strokes = { .struct_size = sizeof strokes, .kind = RH_VALUE_COLOR,
                                              .property = RH_COLOR_STROKE, .count = 2, .colors = colors,
                                              .duration = 1 };
    said(f, "stroke keyframes on group", h->layer_add_keyframe_animation(h, group, &strokes, NULL, NULL));

    said(f, "font size on text", h->layer_set(h, text, RH_PROP_FONT_SIZE, 20));
    said(f, "line width on rect", h->layer_set(h, f->rect, RH_PROP_LINE_WIDTH, 2));
    said(f, "shadow on group", h->layer_set(h, group, RH_PROP_SHADOW_OPACITY, 0.5));
    said(f, "fill on image", h->layer_set_color(h, image, RH_COLOR_FILL, &blue));
    said(f, "corner radius on group", h->layer_set(h, group, RH_PROP_CORNER_RADIUS, 4));
    said(f, "line width animation on rect", h->layer_add_animation(h, f->rect, &widen, NULL, NULL));

    double size = -1;
    h->layer_get(h, f->rect, RH_PROP_FONT_SIZE, &size);
    fixture_logf(f, RH_LOG_INFO, "rect font size=%g", size);
    return true;
}

/*
 * gradient_calls.c - RefreshHost test fixture.
 *
 * Breaks: nothing on its first call, then every rule of layer_set_gradient
 * (ABI 1.1) in turn. Setup makes, under the root, the base's RECT, an
 * ELLIPSE, a PATH (a 20 x 20 triangle), a GROUP and a TEXT, then calls
 *   RECT  vertical red -> blue gradient       expect RH_OK (0)
 *   ELLIPSE gradient, then NULL               expect 0, 0 (removed)
 *   PATH gradient inside a 1 s animate block  expect 0 (applies at once)
 *   GROUP, TEXT                               expect RH_ERR_INVALID_ARGUMENT (-2)
 *   layer 9999                                expect RH_ERR_INVALID_LAYER (-1)
 *   struct_size 8, stops NULL                 expect -2
 *   start_x NaN, start == end, point 2000,
 *   1 stop, 17 stops, offsets 0.6 then 0.4,
 *   offset 1.5, colour red 2.0                expect RH_ERR_OUT_OF_RANGE (-3)
 * and logs each result at RH_LOG_INFO as "<label> status=<n>". A refused
 * call must change nothing: the RECT keeps its red -> blue gradient.
 */
#include <math.h>

#define FIXTURE_NAME "gradient_calls"
#define FIXTURE_SETUP fixture_setup
#include "fixture_base.h"

static const rh_gradient_stop_t red_to_blue[2] = {
    { 0.0, { 1, 0, 0, 1 } },
    { 1.0, { 0, 0, 1, 1 } },
};

/* A valid top-to-bottom gradient over `stops`. */
static rh_gradient_t vertical(const rh_gradient_stop_t *stops, uint32_t count)
{
    return (rh_gradient_t){
        .struct_size = sizeof(rh_gradient_t),
        .start_x = 0.5, .start_y = 0.0, .end_x = 0.5, .end_y = 1.0,
        .stop_count = count,
        .stops = stops,
    };
}

static void call(const fixture_t *f, const char *label, rh_layer_t layer, const rh_gradient_t *g)
{
    fixture_logf(f, RH_LOG_INFO, "%s status=%d", label,
                 (int)f->host->layer_set_gradient(f->host, layer, g));
}

static rh_layer_t make(const fixture_t *f, rh_layer_kind_t kind)
{
    const rh_host_t *h = f->host;
    rh_layer_t layer = h->layer_create(h, kind, f->root);
    h->layer_set(h, layer, RH_PROP_WIDTH, 20.0);
    h->layer_set(h, layer, RH_PROP_HEIGHT, 20.0);
    return layer;
}

static bool fixture_setup(const rh_instance_t *instance, rh_layer_t root)
{
    if (!fixture_base_setup(instance, root))
        return false;
    fixture_t *f = instance->plugin_data;
    const rh_host_t *h = f->host;
    rh_layer_t ellipse = make(f, RH_LAYER_ELLIPSE);
    rh_layer_t path = make(f, RH_LAYER_PATH);
    rh_layer_t group = make(f, RH_LAYER_GROUP);
    rh_layer_t text = make(f, RH_LAYER_TEXT);
    const rh_path_element_t triangle[] = {
        { RH_PATH_MOVE_TO, { 0, 0 } }, { RH_PATH_LINE_TO, { 20, 0 } },
        { RH_PATH_LINE_TO, { 0, 20 } }, { RH_PATH_CLOSE, { 0 } },
    };
    h->layer_set_path(h, path, triangle, 4);

    rh_gradient_t good = vertical(red_to_blue, 2);
    call(f, "rect", f->rect, &good);
    call(f, "ellipse", ellipse, &good);
    call(f, "ellipse NULL", ellipse, NULL);

    rh_timing_t timing = { .struct_size = sizeof timing, .duration = 1.0, .curve = RH_CURVE_LINEAR };
    h->animate_begin(h, &timing);
    call(f, "path in block", path, &good);
    h->animate_commit(h, NULL, NULL);

    call(f, "group", group, &good);
    call(f, "text", text, &good);
    call(f, "layer 9999", (rh_layer_t)9999, &good);

    rh_gradient_t g = good;
    g.struct_size = 8;
    call(f, "struct_size 8", f->rect, &g);
    g = good;
    g.stops = NULL;
    call(f, "stops NULL", f->rect, &g);
    g = good;
    g.start_x = NAN;
    call(f, "start_x NaN", f->rect, &g);
    g = good;
    g.end_x = g.start_x;
    g.end_y = g.start_y;
    call(f, "start == end", f->rect, &g);
    g = good;
    g.end_y = 2000.0;
    call(f, "end_y 2000", f->rect, &g);
    g = vertical(red_to_blue, 1);
    call(f, "1 stop", f->rect, &g);

    rh_gradient_stop_t many[RH_GRADIENT_MAX_STOPS + 1];
    for (int i = 0; i <= RH_GRADIENT_MAX_STOPS; i++)
        many[i] = (rh_gradient_stop_t){ i / (double)RH_GRADIENT_MAX_STOPS, { 0, 0, 0, 1 } };
    g = vertical(many, RH_GRADIENT_MAX_STOPS + 1);
    call(f, "17 stops", f->rect, &g);

    rh_gradient_stop_t backwards[2] = { { 0.6, { 0, 0, 0, 1 } }, { 0.4, { 1, 1, 1, 1 } } };
    g = vertical(backwards, 2);
    call(f, "offsets 0.6 0.4", f->rect, &g);
    rh_gradient_stop_t beyond[2] = { { 0.0, { 0, 0, 0, 1 } }, { 1.5, { 1, 1, 1, 1 } } };
    g = vertical(beyond, 2);
    call(f, "offset 1.5", f->rect, &g);
    rh_gradient_stop_t bright[2] = { { 0.0, { 2, 0, 0, 1 } }, { 1.0, { 1, 1, 1, 1 } } };
    g = vertical(bright, 2);
    call(f, "red 2.0", f->rect, &g);
    return true;
}

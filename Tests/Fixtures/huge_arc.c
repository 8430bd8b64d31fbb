/*
 * huge_arc.c - RefreshHost test fixture.
 *
 * Breaks: nothing the header forbids, yet endless work for a renderer: a
 * PATH layer whose arc sweeps from 0 to 1e300 rad: some 1.6e299 turns for a
 * renderer to draw. The host must refuse (or clamp) the angle with one log
 * line and finish `run` and `render`.
 */
#define FIXTURE_NAME "huge_arc"
#define FIXTURE_SETUP fixture_setup
#include "fixture_base.h"

static bool fixture_setup(const rh_instance_t *instance, rh_layer_t root)
{
    if (!fixture_base_setup(instance, root))
        return false;
    fixture_t *f = instance->plugin_data;
    rh_layer_t path = f->host->layer_create(f->host, RH_LAYER_PATH, root);
    if (path == RH_LAYER_NONE)
        return false;
    rh_path_element_t arc = { .op = RH_PATH_ARC, .p = { 30.0, 30.0, 20.0, 0.0, 1e300, 0.0 } };
    f->host->layer_set(f->host, path, RH_PROP_WIDTH, 60.0);
    f->host->layer_set(f->host, path, RH_PROP_HEIGHT, 60.0);
    rh_color_t red = { 1.0, 0.0, 0.0, 1.0 };
    f->host->layer_set_color(f->host, path, RH_COLOR_STROKE, &red);
    f->host->layer_set(f->host, path, RH_PROP_LINE_WIDTH, 2.0);
    f->host->layer_set_path(f->host, path, &arc, 1);
    return true;
}

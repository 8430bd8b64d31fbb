/*
 * v_bad_morph.c - RefreshHost test fixture.
 *
 * Breaks: a path morph needs paths of the same structure (ABI 1.2). Setup
 * makes a PATH layer; each pull asks it to morph a line (move, line) into a
 * curve (move, curve); the host refuses it (RH_ERR_INVALID_ARGUMENT) and
 * reports it. `validate` must fail values.misuse.
 */
#define FIXTURE_NAME "v_bad_morph"
#define FIXTURE_SETUP fixture_setup
#define FIXTURE_PULL fixture_pull
#include "fixture_base.h"

static bool fixture_setup(const rh_instance_t *instance, rh_layer_t root)
{
    if (!fixture_base_setup(instance, root))
        return false;
    fixture_t *f = instance->plugin_data;
    /* Kept per instance (in the base's free counter), not in a static: the
     * validator runs instances side by side. */
    f->cycles = (int)f->host->layer_create(f->host, RH_LAYER_PATH, root);
    return f->cycles != RH_LAYER_NONE;
}

static void fixture_pull(const rh_instance_t *instance, double distance, double ratio, double velocity)
{
    (void)ratio;
    (void)velocity;
    const fixture_t *f = instance->plugin_data;
    const rh_path_element_t line[2] = { { RH_PATH_MOVE_TO, { 0, 0 } }, { RH_PATH_LINE_TO, { distance, 10 } } };
    const rh_path_element_t curve[2] = { { RH_PATH_MOVE_TO, { 0, 0 } },
                                         { RH_PATH_CURVE_TO, { 0, 5, 5, 10, distance, 10 } } };
    const rh_path_t paths[2] = { { line, 2 }, { curve, 2 } };
    rh_keyframe_animation_t morph = { .struct_size = sizeof morph, .kind = RH_VALUE_PATH, .count = 2,
                                      .paths = paths, .duration = 0.3 };
    f->host->layer_add_keyframe_animation(f->host, (rh_layer_t)f->cycles, &morph, NULL, NULL);
}

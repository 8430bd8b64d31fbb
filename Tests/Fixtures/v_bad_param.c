/*
 * v_bad_param.c - RefreshHost test fixture.
 *
 * Breaks: a style must run clean with every value it declares (ABI 1.3).
 * This one declares a `size` from 1 to 100 and divides by (100 - size):
 * at the top of its own range the rect's width is infinite, which the host
 * refuses. With the default (10) it is fine. `validate` must fail
 * values.parameters.
 */
#include "refresh_host.h"

static const rh_param_t params[] = {
    {
        .struct_size = sizeof(rh_param_t),
        .id = "size",
        .label = "Size",
        .kind = RH_PARAM_NUMBER,
        .min = 1,
        .max = 100,
        .default_number = 10,
    },
};

#define FIXTURE_NAME "v_bad_param"
#define FIXTURE_DESCRIPTOR_EXTRA .param_count = 1, .params = params,
#define FIXTURE_SETUP sized_setup
#include "fixture_base.h"

static bool sized_setup(const rh_instance_t *instance, rh_layer_t root)
{
    fixture_t *f = instance->plugin_data;
    if (!fixture_base_setup(instance, root))
        return false;
    rh_param_value_t size = {.struct_size = sizeof size};
    if (f->host->param_get(f->host, "size", &size) < 0)
        return false;
    /* The bug: 100 is allowed, and divides by zero. */
    f->host->layer_set(f->host, f->rect, RH_PROP_WIDTH, 1000.0 / (100.0 - size.number));
    return true;
}

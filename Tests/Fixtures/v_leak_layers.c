/*
 * v_leak_layers.c - RefreshHost test fixture.
 *
 * Breaks: refreshes must not pile up layers. Each reset makes a new empty
 * RECT under the root (nothing visible: no size, no colour) and never
 * removes it. `validate` must fail lifecycle.soak.
 */
#define FIXTURE_NAME "v_leak_layers"
#define FIXTURE_RESET fixture_reset
#include "fixture_base.h"

static void fixture_reset(const rh_instance_t *instance)
{
    const fixture_t *f = instance->plugin_data;
    f->host->layer_create(f->host, RH_LAYER_RECT, f->root); /* deliberately leaked */
}

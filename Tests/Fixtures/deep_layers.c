/*
 * deep_layers.c - RefreshHost test fixture.
 *
 * Breaks: nests layers deeper than the host allows. setup (after the usual
 * RECT) creates GROUPs, each the child of the one before, until layer_create
 * refuses, and logs
 *   "nested <n> then <handle>"     n groups made below the root, handle 0
 * The host must refuse the group past its nesting limit (RH_MAX_LAYER_DEPTH)
 * at once with RH_LAYER_NONE and a log line, well within the budget.
 */
#define FIXTURE_NAME "deep_layers"
#define FIXTURE_SETUP fixture_setup
#include "fixture_base.h"

static bool fixture_setup(const rh_instance_t *instance, rh_layer_t root)
{
    if (!fixture_base_setup(instance, root)) return false;
    fixture_t *f = instance->plugin_data;
    const rh_host_t *h = f->host;
    rh_layer_t parent = root;
    long nested = 0;
    rh_layer_t layer = RH_LAYER_NONE;
    for (;;) {
        layer = h->layer_create(h, RH_LAYER_GROUP, parent);
        if (layer == RH_LAYER_NONE) break;
        parent = layer;
        nested++;
        if (nested > 4000) break; /* a host without a limit: stop at its layer limit's depth */
    }
    fixture_logf(f, RH_LOG_INFO, "nested %ld then %ld", nested, (long)layer);
    return true;
}

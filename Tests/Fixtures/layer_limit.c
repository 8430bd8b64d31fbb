/*
 * layer_limit.c - RefreshHost test fixture.
 *
 * Breaks: asks for more layers than an instance may hold. setup (after the
 * base's own rect) creates RECTs until layer_create refuses, logs
 *   "made <n> then <status>"     n layers made, status of the refused call
 * then removes one of them and creates again, logging
 *   "after remove <handle>"      a non-zero handle: the freed place is usable
 * The host must stop it at its per-instance limit (4096, root included) with
 * RH_LAYER_NONE and a log line, and count removed layers out again.
 */
#define FIXTURE_NAME "layer_limit"
#define FIXTURE_SETUP fixture_setup
#include "fixture_base.h"

static bool fixture_setup(const rh_instance_t *instance, rh_layer_t root)
{
    if (!fixture_base_setup(instance, root)) return false;
    fixture_t *f = instance->plugin_data;
    const rh_host_t *h = f->host;
    rh_layer_t last = RH_LAYER_NONE;
    long made = 0;
    for (;;) {
        rh_layer_t layer = h->layer_create(h, RH_LAYER_RECT, root);
        if (layer == RH_LAYER_NONE) break;
        last = layer;
        made++;
        if (made > 10000) break; /* a host without a limit: stop anyway */
    }
    fixture_logf(f, RH_LOG_INFO, "made %ld then %ld", made, (long)RH_LAYER_NONE);
    h->layer_remove(h, last);
    fixture_logf(f, RH_LOG_INFO, "after remove %ld", (long)h->layer_create(h, RH_LAYER_RECT, root));
    return true;
}

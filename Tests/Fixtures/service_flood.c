/*
 * service_flood.c - RefreshHost test fixture.
 *
 * Calls the host 100,000 times in every pull(): layer_set of its rect's
 * opacity, then one layer_get, so that `run --trace` must keep what it
 * records of one call bounded (the first calls shown, the rest counted)
 * instead of growing with what a plugin does. Everything else is the
 * minimal valid plugin.
 */
#define FIXTURE_NAME "service_flood"
#define FIXTURE_PULL fixture_pull
#include "fixture_base.h"

enum { FLOOD = 100000 };

static void fixture_pull(const rh_instance_t *instance, double distance, double ratio, double velocity)
{
    (void)distance;
    (void)velocity;
    fixture_t *f = instance->plugin_data;
    for (int i = 0; i < FLOOD; i++)
        f->host->layer_set(f->host, f->rect, RH_PROP_OPACITY, ratio > 1 ? 1 : ratio);
    double opacity = 0;
    f->host->layer_get(f->host, f->rect, RH_PROP_OPACITY, &opacity);
}

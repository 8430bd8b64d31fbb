/*
 * v_stale_host.c - RefreshHost test fixture.
 *
 * Breaks: a host table belongs to one instance, valid until its destroy.
 * Setup keeps the first instance's host pointer in a FILE-STATIC variable
 * (deliberately: "the host never changes") and makes its layer through it,
 * so every later instance calls a destroyed instance's host: refused
 * (RH_ERR_BAD_STATE, "called after destroy"), and its setup fails.
 * `validate` must fail values.misuse.
 */
#define FIXTURE_NAME "v_stale_host"
#define FIXTURE_SETUP fixture_setup
#include "fixture_base.h"

static const rh_host_t *cached_host; /* deliberately shared and kept */

static bool fixture_setup(const rh_instance_t *instance, rh_layer_t root)
{
    fixture_t *f = instance->plugin_data;
    if (cached_host == NULL)
        cached_host = f->host;
    f->root = root;
    f->rect = cached_host->layer_create(cached_host, RH_LAYER_RECT, root);
    return f->rect != RH_LAYER_NONE;
}

/*
 * valid_minimal.c - RefreshHost test fixture.
 *
 * Breaks no rule: a correct, minimal one-style plugin (height 60, cycle
 * 0.5 s, one RECT, exit calls done at once). Tests copy it to build
 * shadowing cases; its id can be overridden at compile time, e.g.
 *   -DFIXTURE_ID=\"com.refreshhost.yelp\"
 * to shadow a bundled style, and its anchor with
 *   -DFIXTURE_ANCHOR=RH_ANCHOR_MIDDLE
 * to test the snap to the top on release. Its pull does nothing, so the
 * host's trace shows every pull the host makes.
 *
 * Compiled by the host's tests at test time:
 *   cc -std=c11 -Wall -Wextra -fPIC -fvisibility=hidden -shared -I<header dir> \
 *      -o libvalid_minimal.so valid_minimal.c
 */
#include <stdlib.h>
#include <string.h>

#include "refresh_host.h"

#ifndef FIXTURE_ID
#define FIXTURE_ID "test.fixture.minimal"
#endif
#ifndef FIXTURE_ANCHOR
#define FIXTURE_ANCHOR RH_ANCHOR_TOP
#endif

typedef struct fixture {
    rh_instance_t instance;
    const rh_host_t *host;
    rh_layer_t root;
    rh_layer_t rect;
} fixture_t;

static bool fixture_setup(const rh_instance_t *instance, rh_layer_t root)
{
    fixture_t *f = instance->plugin_data;
    f->root = root;
    f->rect = f->host->layer_create(f->host, RH_LAYER_RECT, root);
    if (f->rect == RH_LAYER_NONE)
        return false;
    f->host->layer_set(f->host, f->rect, RH_PROP_WIDTH, 20.0);
    f->host->layer_set(f->host, f->rect, RH_PROP_HEIGHT, 20.0);
    return true;
}

static void fixture_destroy(const rh_instance_t *instance)
{
    free(instance->plugin_data);
}

static void fixture_pull(const rh_instance_t *instance, double distance, double ratio, double velocity)
{
    (void)instance;
    (void)distance;
    (void)ratio;
    (void)velocity;
}

static void fixture_exit(const rh_instance_t *instance, rh_done_fn done)
{
    (void)instance;
    done();
}

static const rh_style_descriptor_t descriptor = {
    .struct_size = sizeof(rh_style_descriptor_t),
    .id = FIXTURE_ID,
    .name = "Fixture valid_minimal",
    .version = "1.0.0",
    .vendor = "RefreshHost tests",
    .description = "A test fixture; see Tests/Fixtures/README.md.",
    .tags = NULL,
    .height = 60.0,
    .cycle_duration = 0.5,
    .cycle_delay = 0.0,
    .cycle_curve = RH_CURVE_LINEAR,
    .cycle_spring_damping = 0.8,
    .cycle_spring_velocity = 1.0,
    .presentation = RH_PRESENTATION_SLIDE_DOWN,
    .anchor = FIXTURE_ANCHOR,
};

static uint32_t fixture_style_count(void)
{
    return 1;
}

static const rh_style_descriptor_t *fixture_style_descriptor(uint32_t index)
{
    return index == 0 ? &descriptor : NULL;
}

static const rh_instance_t *fixture_create(const rh_host_t *host, const char *style_id)
{
    if (host == NULL || style_id == NULL || strcmp(style_id, descriptor.id) != 0)
        return NULL;
    fixture_t *f = calloc(1, sizeof *f);
    if (f == NULL)
        return NULL;
    f->host = host;
    f->instance = (rh_instance_t){
        .struct_size = sizeof(rh_instance_t),
        .plugin_data = f,
        .setup = fixture_setup,
        .destroy = fixture_destroy,
        .exit = fixture_exit,
        .pull = fixture_pull,
    };
    return &f->instance;
}

static const rh_entry_t entry = {
    .abi_version = { RH_ABI_VERSION_MAJOR, RH_ABI_VERSION_MINOR, RH_ABI_VERSION_PATCH },
    .struct_size = sizeof(rh_entry_t),
    .init = NULL,
    .deinit = NULL,
    .style_count = fixture_style_count,
    .style_descriptor = fixture_style_descriptor,
    .create = fixture_create,
};

RH_EXPORT const rh_entry_t *rh_entry(void)
{
    return &entry;
}

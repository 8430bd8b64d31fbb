/*
 * done_late.c - RefreshHost test fixture.
 *
 * Breaks: done arrives after the host's exit deadline. Exit stores done and
 * calls it from the completion of a 10 s key-path animation on the root
 * (opacity 1 -> 1, so nothing visible changes); the host's deadline is 5 s,
 * so it must have moved on and must ignore and report the late call.
 *
 * Compiled by the host's tests at test time:
 *   cc -std=c11 -Wall -Wextra -fPIC -fvisibility=hidden -shared -I<header dir> \
 *      -o libdone_late.so done_late.c
 */
#include <stdlib.h>
#include <string.h>

#include "refresh_host.h"

typedef struct fixture {
    rh_instance_t instance;
    const rh_host_t *host;
    rh_layer_t root;
    rh_layer_t rect;
    rh_done_fn done;
} fixture_t;

static void fixture_late_completion(void *user, bool finished)
{
    /* Called whether finished or cancelled: either way it is past the
     * deadline by the time the host runs it (only this plugin could cancel
     * it, and the host drops completions after destroy). */
    (void)finished;
    fixture_t *f = user;
    rh_done_fn done = f->done;
    f->done = NULL;
    if (done != NULL)
        done();
}

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

static void fixture_exit(const rh_instance_t *instance, rh_done_fn done)
{
    fixture_t *f = instance->plugin_data;
    f->done = done;
    rh_basic_animation_t hold = {
        .struct_size = sizeof hold,
        .property = RH_PROP_OPACITY,
        .from = 1.0,
        .to = 1.0,
        .duration = 10.0, /* twice the host's default 5 s exit deadline */
        .curve = RH_CURVE_LINEAR,
    };
    if (f->host->layer_add_animation(f->host, f->root, &hold, fixture_late_completion, f) != RH_OK)
        f->host->log(f->host, RH_LOG_WARNING, "done_late: layer_add_animation failed");
}

static const rh_style_descriptor_t descriptor = {
    .struct_size = sizeof(rh_style_descriptor_t),
    .id = "test.fixture.done_late",
    .name = "Fixture done_late",
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
    .anchor = RH_ANCHOR_TOP,
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

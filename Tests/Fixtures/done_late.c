/*
 * done_late.c - RefreshHost test fixture.
 *
 * Breaks: done arrives after the host's exit deadline. Exit stores done and
 * calls it from the completion of a 10 s key-path animation on the root
 * (opacity 1 -> 1, so nothing visible changes); the host's deadline is 5 s,
 * so it must have moved on and must ignore and report the late call.
 */
#define FIXTURE_NAME "done_late"
#define FIXTURE_EXIT fixture_exit
#include "fixture_base.h"

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

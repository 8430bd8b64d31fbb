/*
 * v_done_in_destroy.c - RefreshHost test fixture.
 *
 * Breaks: destroy must not call done. Its exit fades the rect over 0.3 s
 * and calls done from the fade's completion, correctly; but destroy "tidies
 * up" an exit still running by calling its done, which the host must
 * ignore and report. Only a destroy during the exit shows it. `validate`
 * must fail lifecycle.destroy-mid-refresh.
 */
#define FIXTURE_NAME "v_done_in_destroy"
#define FIXTURE_EXIT fixture_exit
#define FIXTURE_DESTROY fixture_destroy
#include "fixture_base.h"

static void fixture_faded(void *user, bool finished)
{
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
    rh_timing_t fade = { .struct_size = sizeof fade, .duration = 0.3, .curve = RH_CURVE_LINEAR };
    f->host->animate_begin(f->host, &fade);
    f->host->layer_set(f->host, f->rect, RH_PROP_OPACITY, 0.0);
    f->host->animate_commit(f->host, fixture_faded, f);
}

static void fixture_destroy(const rh_instance_t *instance)
{
    fixture_t *f = instance->plugin_data;
    if (f->done != NULL)
        f->done(); /* deliberately: done during destroy */
    fixture_base_destroy(instance);
}

/*
 * done_after_destroy.c - RefreshHost test fixture.
 *
 * Breaks: done is called after the instance is destroyed. Exit stores done
 * in a FILE-STATIC variable (deliberately shared; a real plugin must not do
 * this) and never calls it; destroy frees the instance and then calls the
 * stored done. The host must ignore and report the call, not crash.
 */
#define FIXTURE_NAME "done_after_destroy"
#define FIXTURE_DESTROY fixture_destroy
#define FIXTURE_EXIT fixture_exit
#include "fixture_base.h"

/* Deliberately file-static so it outlives the instance. */
static rh_done_fn stored_done;

static void fixture_destroy(const rh_instance_t *instance)
{
    fixture_base_destroy(instance); /* frees the instance */
    rh_done_fn done = stored_done;
    stored_done = NULL;
    if (done != NULL)
        done(); /* deliberately after the instance's state is gone */
}

static void fixture_exit(const rh_instance_t *instance, rh_done_fn done)
{
    (void)instance;
    stored_done = done; /* deliberately never called here */
}

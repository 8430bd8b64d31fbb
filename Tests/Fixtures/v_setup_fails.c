/*
 * v_setup_fails.c - RefreshHost test fixture.
 *
 * Breaks: setup must succeed for a style the library lists. Its setup makes
 * the usual rect and then returns false; the host destroys the instance and
 * reports it. `validate` must fail lifecycle.order (and skip the checks
 * that need a running instance).
 */
#define FIXTURE_NAME "v_setup_fails"
#define FIXTURE_SETUP fixture_setup
#include "fixture_base.h"

static bool fixture_setup(const rh_instance_t *instance, rh_layer_t root)
{
    fixture_base_setup(instance, root);
    return false; /* deliberately */
}

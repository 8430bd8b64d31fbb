/*
 * v_unlinked_libm.c - RefreshHost test fixture.
 *
 * Breaks: a plugin must link every library whose symbols it uses. Its setup
 * calls sinf from libm, and the standard fixture command links no -lm, so
 * the library needs only libc: it loads only because the host already holds
 * libm. `validate` must warn in loading.unlinked-symbols, naming sinf,
 * libm.so.6 and -lm. Built with -lm it is clean (the test does both).
 */
#define FIXTURE_NAME "v_unlinked_libm"
#define FIXTURE_SETUP fixture_setup
#include "fixture_base.h"

#include <math.h>

static bool fixture_setup(const rh_instance_t *instance, rh_layer_t root)
{
    if (!fixture_base_setup(instance, root))
        return false;
    fixture_t *f = instance->plugin_data;
    double width = 0;
    f->host->layer_get(f->host, root, RH_PROP_WIDTH, &width);
    /* A value from the host, so the compiler cannot fold the call away; set once, so reset has nothing to undo. */
    f->host->layer_set(f->host, f->rect, RH_PROP_ROTATION, sinf((float)width / 1000.0f));
    return true;
}

/*
 * v_bad_footer.c - RefreshHost test fixture.
 *
 * Breaks: declares (ABI 1.3) that it works as a footer, but its exit only
 * calls done at the top edge; at the bottom it forgets. As a header it is
 * clean. `validate` must fail lifecycle.footer.
 */
#include "refresh_host.h"

#define FIXTURE_NAME "v_bad_footer"
#define FIXTURE_DESCRIPTOR_EXTRA .flags = RH_STYLE_FOOTER,
#define FIXTURE_EXIT header_only_exit
#include "fixture_base.h"

static void header_only_exit(const rh_instance_t *instance, rh_done_fn done)
{
    const fixture_t *f = instance->plugin_data;
    rh_environment_t env = {.struct_size = sizeof env};
    if (f->host->environment(f->host, &env) == RH_OK && env.edge == RH_EDGE_BOTTOM)
        return; /* the bug: a footer's exit never ends */
    done();
}

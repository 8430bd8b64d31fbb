/*
 * v_race_early_end.c - RefreshHost test fixture.
 *
 * Breaks: a refresh may end at any moment, even in the frame it starts. This
 * style's exit calls done only once two cycles have run (it assumes a
 * refresh lasts), so a refresh ended early leaves its header stuck until the
 * host's exit deadline, the bug SmartRefreshLayout shipped (#809, #1162).
 * `validate` must fail lifecycle.races.
 */
#define FIXTURE_NAME "v_race_early_end"
#define FIXTURE_CYCLE fixture_cycle
#define FIXTURE_STATE_CHANGED fixture_state_changed
#define FIXTURE_EXIT fixture_exit
#include "fixture_base.h"

static void fixture_cycle(const rh_instance_t *instance)
{
    fixture_t *f = instance->plugin_data;
    f->cycles += 1;
}

static void fixture_state_changed(const rh_instance_t *instance, rh_state_t old_state, rh_state_t new_state)
{
    (void)old_state;
    fixture_t *f = instance->plugin_data;
    if (new_state == RH_STATE_REFRESHING)
        f->cycles = 0;
}

static void fixture_exit(const rh_instance_t *instance, rh_done_fn done)
{
    fixture_t *f = instance->plugin_data;
    if (f->cycles >= 2)
        done(); /* deliberately never called after a short refresh */
}

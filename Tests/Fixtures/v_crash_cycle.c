/*
 * v_crash_cycle.c - RefreshHost test fixture.
 *
 * Breaks: a style must survive every cycle. It keeps one colour per cycle
 * of the running refresh in a 100-entry table and writes past it (through
 * a NULL pointer, so the crash is certain) on the 101st cycle of one
 * refresh: only a long refresh gets there. `validate` must report
 * lifecycle.long-refresh as crashed (SIGSEGV) and carry on.
 */
#define FIXTURE_NAME "v_crash_cycle"
#define FIXTURE_STATE_CHANGED fixture_state_changed
#define FIXTURE_CYCLE fixture_cycle
#include "fixture_base.h"

static void fixture_state_changed(const rh_instance_t *instance, rh_state_t old_state, rh_state_t new_state)
{
    (void)old_state;
    fixture_t *f = instance->plugin_data;
    if (new_state == RH_STATE_REFRESHING)
        f->cycles = 0;
}

static void fixture_cycle(const rh_instance_t *instance)
{
    fixture_t *f = instance->plugin_data;
    f->cycles++;
    if (f->cycles > 100) {
        volatile int *table = NULL; /* deliberately: the table ran out */
        *table = f->cycles;
    }
}

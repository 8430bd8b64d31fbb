/*
 * v_loop_pull.c - RefreshHost test fixture.
 *
 * Breaks: a callback must return. When the finger moves back up (pull
 * velocity below zero), its pull "waits for the finger to come down
 * again" in a loop that never ends. A plain pull never moves up; the fuzzer's
 * reversals do. `validate` must report fuzzing.gestures as timed out and
 * carry on.
 */
#define FIXTURE_NAME "v_loop_pull"
#define FIXTURE_PULL fixture_pull
#include "fixture_base.h"

static void fixture_pull(const rh_instance_t *instance, double distance, double ratio, double velocity)
{
    (void)instance;
    (void)distance;
    (void)ratio;
    volatile double seen = velocity;
    while (seen < 0) {
        /* deliberately forever: nothing here changes seen */
    }
}

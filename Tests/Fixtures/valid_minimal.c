/*
 * valid_minimal.c - RefreshHost test fixture.
 *
 * Breaks no rule: a correct, minimal one-style plugin (height 60, cycle
 * 0.5 s, one RECT, exit calls done at once). Tests copy it to build
 * shadowing cases; its id can be overridden at compile time, e.g.
 *   -DFIXTURE_ID=\"com.refreshhost.yelp\"
 * to shadow a bundled style, and its anchor with
 *   -DFIXTURE_ANCHOR=RH_ANCHOR_MIDDLE
 * to test the snap to the top on release. Its pull and deinit do nothing,
 * so the host's trace shows every pull the host makes and its deinit.
 */
#define FIXTURE_NAME "valid_minimal"
#ifndef FIXTURE_ID
#define FIXTURE_ID "test.fixture.minimal"
#endif
#define FIXTURE_PULL fixture_pull
#define FIXTURE_DEINIT fixture_deinit
#include "fixture_base.h"

static void fixture_deinit(void)
{
}

static void fixture_pull(const rh_instance_t *instance, double distance, double ratio,
                         double velocity)
{
    (void)instance;
    (void)distance;
    (void)ratio;
    (void)velocity;
}

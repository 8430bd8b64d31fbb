/*
 * two_styles.c - RefreshHost test fixture.
 *
 * Breaks no rule: one library holding two styles, test.fixture.alpha and
 * test.fixture.beta (index 0 and 1), with different heights (60 and 70) so
 * a test can tell which descriptor it got. create() with any other id
 * returns NULL. Tests check that the host lists both, makes either, and
 * survives the NULL.
 */
#define FIXTURE_STYLES                                          \
    FIXTURE_STYLE("test.fixture.alpha", "Fixture alpha", 60.0), \
    FIXTURE_STYLE("test.fixture.beta", "Fixture beta", 70.0)
#include "fixture_base.h"

/*
 * v_bad_height.c - RefreshHost test fixture.
 *
 * Breaks: descriptor numbers must be in range. Its height is 5000 points,
 * outside (1, 1000]; the host refuses the style. `validate` must fail
 * descriptors.ranges.
 */
#define FIXTURE_STYLES FIXTURE_STYLE("test.fixture.v_bad_height", "Fixture v_bad_height", 5000.0)
#include "fixture_base.h"

/*
 * v_bad_name.c - RefreshHost test fixture.
 *
 * Breaks: descriptor strings must be valid UTF-8. The display name is
 * "Fixture " followed by the bytes 0xFF 0xFE, which are not UTF-8; the host
 * refuses the style. `validate` must fail descriptors.strings.
 */
#define FIXTURE_STYLES FIXTURE_STYLE("test.fixture.v_bad_name", "Fixture \xff\xfe", 60.0)
#include "fixture_base.h"

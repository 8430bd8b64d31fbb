/*
 * v_undrawn_features.c - RefreshHost test fixture.
 *
 * Breaks one rule (a warning): its descriptor says, with two RH_TAG_UNSUPPORTED
 * tags, that its data file has features the style does not draw, as the Lottie
 * adapter says of a file with a Gaussian Blur. Otherwise valid_minimal.
 */
#include <stddef.h>

static const char *const fixture_tags[] = {
    "spinner",
    "rh.unsupported:layer \"Glow\" (frames 0-60): \"Gaussian Blur\" is skipped: the layer is drawn sharp",
    "rh.unsupported:layer \"label\" (frames 0-30): a text layer is skipped: the text is not drawn",
    NULL,
};
#define FIXTURE_ID "test.fixture.v_undrawn_features"
#define FIXTURE_TAGS fixture_tags
#include "valid_minimal.c"

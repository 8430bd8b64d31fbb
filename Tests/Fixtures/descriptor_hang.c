/*
 * descriptor_hang.c - RefreshHost test fixture.
 *
 * Breaks: a descriptor function must return. style_descriptor loops
 * forever. The scanner child must be killed at its deadline and the file
 * quarantined, "hung the scanner: no answer within N s (in
 * style_descriptor())", and skipped (no second wait) until it changes.
 */
#define FIXTURE_NAME "descriptor_hang"
#define FIXTURE_STYLE_DESCRIPTOR fixture_style_descriptor
#include "fixture_base.h"

static const rh_style_descriptor_t *fixture_style_descriptor(uint32_t index)
{
    volatile uint32_t spin = index;
    for (;;)
        spin++; /* deliberately never returns */
    return NULL;
}

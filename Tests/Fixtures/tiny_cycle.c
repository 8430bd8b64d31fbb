/*
 * tiny_cycle.c - RefreshHost test fixture.
 *
 * Breaks: cycle_duration must be a real duration: this descriptor's cycle
 * lasts 5e-324 s, which is above 0, so in range as the header once read it,
 * but lets cycles follow one another at one instant for ever. The host must
 * refuse the style at load, with the reason.
 */
#define FIXTURE_NAME "tiny_cycle"
#define FIXTURE_CYCLE_DURATION 5e-324
#include "fixture_base.h"

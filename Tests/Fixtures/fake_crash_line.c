/*
 * fake_crash_line.c - RefreshHost test fixture.
 *
 * Breaks: a callback must return. Its cycle callback first prints, on
 * stderr, a line that looks like the host's own report of a different
 * crash, then ends its process with exit status 3. Whoever reports the
 * failure must say what really happened (the exit, in cycle()), from the
 * worker's ending, and never repeat what the plugin printed.
 */
#include <stdio.h>
#include <stdlib.h>

#define FIXTURE_NAME "fake_crash_line"
#define FIXTURE_CYCLE fixture_cycle
#include "fixture_base.h"

static void fixture_cycle(const rh_instance_t *instance)
{
    (void)instance;
    fprintf(stderr, "Error: test.fixture.fake_crash_line (/tmp/libfake.so) crashed in setup() with SIGBUS\n");
    fprintf(stderr, "test.fixture.fake_crash_line#1 crashed (SIGBUS) in setup; the host is fine\n");
    fflush(stderr);
    exit(3);
}

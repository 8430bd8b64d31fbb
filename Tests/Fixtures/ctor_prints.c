/*
 * ctor_prints.c - RefreshHost test fixture.
 *
 * Breaks: a plugin must not write to the host's stdout or stderr. Its
 * constructor and its init print a line to each; otherwise it is the
 * minimal valid plugin (test.fixture.ctor_prints). `list --json` must stay
 * one valid JSON document and stderr empty: plugins are loaded only in
 * scanner children, whose output goes nowhere.
 */
#define FIXTURE_NAME "ctor_prints"
#define FIXTURE_INIT fixture_init
#include "fixture_base.h"

__attribute__((constructor)) static void fixture_constructor(void)
{
    printf("ctor_prints: hello from a constructor\n");
    fprintf(stderr, "ctor_prints: hello from a constructor\n");
    fflush(stdout);
}

static bool fixture_init(const char *library_path)
{
    printf("ctor_prints: init(%s)\n", library_path);
    fprintf(stderr, "ctor_prints: init(%s)\n", library_path);
    fflush(stdout);
    return true;
}

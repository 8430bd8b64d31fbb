/*
 * ctor_abort.c - RefreshHost test fixture.
 *
 * Breaks: loading a library must not crash. Its constructor calls abort(),
 * so dlopen itself dies of SIGABRT before rh_entry is ever looked up. The
 * host must never load it into a command's own process: `list` exits 0 and
 * shows the file as quarantined, "crashed the scanner with SIGABRT in the
 * library's constructors", and does not load it again until it changes.
 */
#define FIXTURE_NAME "ctor_abort"
#include "fixture_base.h"

__attribute__((constructor)) static void fixture_constructor(void)
{
    abort(); /* deliberately, while dlopen runs the constructors */
}

/*
 * dtor_segv.c - RefreshHost test fixture.
 *
 * Breaks: unloading a library must not crash. It loads and describes its
 * style like any valid plugin, but its destructor writes through NULL, so
 * the process that loaded it dies of SIGSEGV as it exits, after the scanner
 * child has answered for every file of its batch. The scanner must find
 * which file of the batch it was (halving the batch) and quarantine only
 * it, "crashed the scanner with SIGSEGV as it exited (the library's
 * destructors?)"; the batch's other files load.
 */
#define FIXTURE_NAME "dtor_segv"
#include "fixture_base.h"

__attribute__((destructor)) static void fixture_destructor(void)
{
    /* A store through a pointer the optimiser cannot see is NULL: a real fault. */
    volatile int *volatile target = NULL;
    *target = 1;
}

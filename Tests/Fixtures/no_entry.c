/*
 * no_entry.c - RefreshHost test fixture.
 *
 * Breaks: the entry symbol's name. It exports rh_entry_typo instead of
 * rh_entry, so dlsym(RH_ENTRY_SYMBOL) finds nothing and the host must
 * report the library as not a plugin.
 */
#define FIXTURE_NAME "no_entry"
#define FIXTURE_ENTRY_NAME rh_entry_typo /* deliberately not RH_ENTRY_SYMBOL */
#include "fixture_base.h"

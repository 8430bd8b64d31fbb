/*
 * v_unknown_id.c - RefreshHost test fixture.
 *
 * Breaks: create() must return NULL for an id the library does not list.
 * This one makes its only style for any id. `validate` must fail
 * descriptors.unknown-id.
 */
#define FIXTURE_NAME "v_unknown_id"
#define FIXTURE_ACCEPT_ANY_ID
#include "fixture_base.h"

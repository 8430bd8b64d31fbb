/*
 * v_silent_announce.c - RefreshHost test fixture.
 *
 * Breaks: a screen-reader user must hear a refresh start and end. This
 * style declares (ABI 1.3) empty announcements for the refresh and its
 * outcomes, which silences them. `validate` must fail
 * accessibility.announcements.
 */
#include "refresh_host.h"

static const rh_announcements_t silent = {
    .struct_size = sizeof(rh_announcements_t),
    .refreshing = "",
    .success = "",
    .failure = "",
    .no_more = "",
};

#define FIXTURE_NAME "v_silent_announce"
#define FIXTURE_DESCRIPTOR_EXTRA .announcements = &silent,
#include "fixture_base.h"

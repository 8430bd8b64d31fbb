/*
 * v_dup_ids.c - RefreshHost test fixture.
 *
 * Breaks: style ids must be unique within a library. It lists two styles
 * with the same id, test.fixture.v_dup_ids (heights 60 and 70); create() can
 * only ever make the first. `validate` must fail descriptors.unique-ids.
 */
#define FIXTURE_STYLES                                                  \
    FIXTURE_STYLE("test.fixture.v_dup_ids", "Fixture dup one", 60.0),   \
    FIXTURE_STYLE("test.fixture.v_dup_ids", "Fixture dup two", 70.0)
#include "fixture_base.h"

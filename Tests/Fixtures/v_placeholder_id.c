/*
 * v_placeholder_id.c - RefreshHost test fixture.
 *
 * Breaks one rule: its id is still the placeholder `refresh-host new`
 * writes (com.example.*). Otherwise valid_minimal.
 */
#define FIXTURE_ID "com.example.bubbles"
#include "valid_minimal.c"

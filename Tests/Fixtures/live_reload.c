/*
 * live_reload.c - RefreshHost test fixture.
 *
 * Breaks no rule: a valid style whose build shows on screen, for `run
 * --watch`'s tests, which rebuild it while the preview runs. The display
 * name is "Reload " RELOAD_BUILD and the header's root is filled with
 * RELOAD_COLOR (r, g, b in [0, 1]), both set at compile time, e.g.
 *   -DRELOAD_BUILD=\"v2\" -DRELOAD_COLOR=0.0,0.0,1.0
 * The id stays test.fixture.live_reload unless RELOAD_ID says otherwise.
 * Its pull moves the rect, so plugin code runs at every frame of a pull
 * (a worker whose library was rewritten under it would die there).
 */
#ifndef RELOAD_BUILD
#define RELOAD_BUILD "v1"
#endif
#ifndef RELOAD_COLOR
#define RELOAD_COLOR 1.0, 0.0, 0.0
#endif
#ifndef RELOAD_ID
#define RELOAD_ID "test.fixture.live_reload"
#endif
#define FIXTURE_STYLES FIXTURE_STYLE(RELOAD_ID, "Reload " RELOAD_BUILD, 60.0)
#define FIXTURE_SETUP fixture_setup
#define FIXTURE_PULL fixture_pull
#include "fixture_base.h"

static bool fixture_setup(const rh_instance_t *instance, rh_layer_t root)
{
    fixture_t *f = instance->plugin_data;
    const rh_color_t color = { RELOAD_COLOR, 1.0 };
    f->host->layer_set_color(f->host, root, RH_COLOR_FILL, &color);
    return fixture_base_setup(instance, root);
}

static void fixture_pull(const rh_instance_t *instance, double distance, double ratio, double velocity)
{
    fixture_t *f = instance->plugin_data;
    (void)distance;
    (void)velocity;
    f->host->layer_set(f->host, f->rect, RH_PROP_POSITION_X, 20.0 + 100.0 * ratio);
}

/*
 * v_missing_asset.c - RefreshHost test fixture.
 *
 * Breaks: an asset that image_load (ABI 1.2) cannot load. Setup loads
 * "assets/drop.png", which does not ship beside the .so, and shows nothing.
 * The host refuses it (RH_ERR_INVALID_ARGUMENT and a line naming the file);
 * `validate` fails values.assets.
 */
#define FIXTURE_NAME "v_missing_asset"
#define FIXTURE_SETUP fixture_setup
#include "fixture_base.h"

static bool fixture_setup(const rh_instance_t *instance, rh_layer_t root)
{
    if (!fixture_base_setup(instance, root))
        return false;
    fixture_t *f = instance->plugin_data;
    rh_image_t image = RH_IMAGE_NONE;
    if (f->host->image_load(f->host, "assets/drop.png", &image) == RH_OK)
        f->host->image_release(f->host, image);
    return true;
}

/*
 * img_variants.c - RefreshHost test fixture.
 *
 * image_load's scale variants (ABI 1.5). Lives in a style folder the test
 * fills with assets/dot.png and, in some cases, dot@2x.png and dot@3x.png.
 * Setup shows "assets/dot.png" in one IMAGE layer and "assets/dot@2x.png"
 * (a name that says its scale) in another, both at RH_GRAVITY_CENTER with
 * the default contents scale, and logs "plain status=<n>" and "named
 * status=<n>". Built with -DFIXTURE_ABI_MINOR=4 it declares 1.4, whose
 * image_load reads exactly the file named.
 */
#define FIXTURE_NAME "img_variants"
#define FIXTURE_SETUP fixture_setup
#include "fixture_base.h"

static rh_status_t show(const fixture_t *f, rh_layer_t root, const char *path)
{
    const rh_host_t *h = f->host;
    rh_image_t image = RH_IMAGE_NONE;
    rh_status_t status = h->image_load(h, path, &image);
    if (status < 0)
        return status;
    rh_layer_t layer = h->layer_create(h, RH_LAYER_IMAGE, root);
    h->layer_set(h, layer, RH_PROP_WIDTH, 40);
    h->layer_set(h, layer, RH_PROP_HEIGHT, 40);
    h->layer_set(h, layer, RH_PROP_CONTENTS_GRAVITY, RH_GRAVITY_CENTER);
    return h->layer_set_image(h, layer, image);
}

static bool fixture_setup(const rh_instance_t *instance, rh_layer_t root)
{
    if (!fixture_base_setup(instance, root))
        return false;
    fixture_t *f = instance->plugin_data;
    fixture_logf(f, RH_LOG_INFO, "plain status=%d", (int)show(f, root, "assets/dot.png"));
    fixture_logf(f, RH_LOG_INFO, "named status=%d", (int)show(f, root, "assets/dot@2x.png"));
    return true;
}

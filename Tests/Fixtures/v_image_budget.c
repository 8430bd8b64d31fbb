/*
 * v_image_budget.c - RefreshHost test fixture.
 *
 * Breaks: RH_IMAGE_MAX_BYTES. Setup makes one 4096 x 4096 image (the whole
 * 64 MiB an instance may hold) and shows it in an IMAGE layer, then asks for
 * a 1 x 1 more, which the host refuses with RH_ERR_LIMIT; `validate` fails
 * budgets.images. Destroy releases nothing: the host frees an instance's
 * images itself.
 */
#include <stdint.h>

#define FIXTURE_NAME "v_image_budget"
#define FIXTURE_SETUP fixture_setup
#include "fixture_base.h"

static bool fixture_setup(const rh_instance_t *instance, rh_layer_t root)
{
    if (!fixture_base_setup(instance, root))
        return false;
    fixture_t *f = instance->plugin_data;
    const rh_host_t *h = f->host;
    enum { side = RH_IMAGE_MAX_SIDE };
    /* calloc'd and never written: the pages stay shared zero pages until the host copies them. */
    uint8_t *pixels = calloc((size_t)side * side, 4);
    if (pixels == NULL)
        return false;
    rh_image_pixels_t all = { .struct_size = sizeof all, .width = side, .height = side, .stride = 4 * side, .rgba = pixels };
    rh_image_t image = RH_IMAGE_NONE, more = RH_IMAGE_NONE;
    h->image_create(h, &all, &image);
    rh_layer_t layer = h->layer_create(h, RH_LAYER_IMAGE, root);
    h->layer_set_image(h, layer, image);
    rh_image_pixels_t one = { .struct_size = sizeof one, .width = 1, .height = 1, .stride = 4, .rgba = pixels };
    h->image_create(h, &one, &more);
    free(pixels);
    return true;
}
